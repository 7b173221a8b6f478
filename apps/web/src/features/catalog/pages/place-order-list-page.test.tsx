import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUNCHED_OUT_TOOLTIP } from '@stockpot/domain';
import { harborGrill, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { cartResponse, itemsPage, makeListItem, readFilterOptions } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import type { ListItem } from '@stockpot/domain';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const chicken = makeListItem();
const label = (item: ListItem) => `${item.name} (${item.distributor} #${item.din})`;

function serve(items: ListItem[], extra: Parameters<typeof mockFetch>[0] = {}, user = makeUser()): RecordedRequest[] {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/items': () => itemsPage(items),
    ...extra,
  });
}

async function findRow(item: ListItem) {
  return within(await screen.findByRole('article', { name: label(item) }));
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('place-order list rows', () => {
  it('shows the row details, every tag and the Purchased tooltip', async () => {
    const item = makeListItem({
      name: 'Atlantic Salmon Fillet Skin-On Pin-Bone-Out Premium Grade Fresh',
      matchType: 'ExactMatch',
      isElectronicInvoiceItem: true,
      isUnpurchasable: true,
      isOnOrderGuide: true,
      rebate: 150,
      isPurchased: true,
      lastPurchasedQty: 3,
      unitMeasure: 'CS',
      lastPurchasedDate: '2025-02-07',
    });
    serve([item]);
    renderApp('/place-order/list');
    const row = await findRow(item);

    const heading = row.getByRole('heading', { level: 3 });
    // Cut at 50 characters with an ellipsis, the full name in the title.
    expect(heading).toHaveTextContent(/^Atlantic Salmon Fillet Skin-On Pin-Bone-Out Premiu…$/);
    expect(heading).toHaveAttribute('title', item.name);
    expect(row.getByText('Harbor Farms · DIN 4471023 · Harborline Foodservice · 4/10 LB')).toBeInTheDocument();
    expect(row.getByText('$12.50')).toBeInTheDocument();

    const tags = within(row.getByRole('list', { name: 'Tags' }));
    const badgeText = (tag: HTMLElement) => tag.querySelector('.mantine-Badge-label')?.textContent;
    expect(tags.getAllByRole('listitem').map(badgeText)).toEqual([
      'Exact match',
      'Electronic Invoice',
      'Call-In Item',
      'Order Guide',
      'Rebate',
      'Purchased',
    ]);
    expect(tags.getByRole('button', { name: 'Purchased' })).toHaveAccessibleDescription('Last Purchased 3 CS on 02/07/2025');
  });

  it('leaves out Exact match and Rebate where the location does not show them', async () => {
    const item = makeListItem({ matchType: 'ExactMatch', rebate: 150 });
    const user = makeUser({ activeLocation: { ...harborGrill, display_match: 0, display_rebate: 0 } });
    seedSession({ user });
    serve([item], {}, user);
    renderApp('/place-order/list');
    const row = await findRow(item);
    expect(row.getByRole('list', { name: 'Tags' })).toHaveTextContent('Order Guide');
    expect(row.queryByText('Exact match')).not.toBeInTheDocument();
    expect(row.queryByText('Rebate')).not.toBeInTheDocument();
  });

  it('greys a punched-out item and explains why', async () => {
    const item = makeListItem({ isPunchedOut: true });
    serve([item]);
    renderApp('/place-order/list');
    const row = await screen.findByRole('article', { name: label(item) });
    expect(row).toHaveAttribute('data-punched-out', 'true');
    expect(within(row).getByRole('button', { name: 'Not on your latest order guide' })).toHaveAccessibleDescription(
      PUNCHED_OUT_TOOLTIP,
    );
  });

  it("shows 'Unit Price below $0.01', Market Price, the invoice price tooltip and unit prices per the pack's unit", async () => {
    const napkin = makeListItem({
      itemDistributorId: 2,
      name: 'Cocktail Napkin',
      unitMeasure: 'CS',
      packSize: '1/5000 EA',
      unitPrice: 42,
      price: 2100,
    });
    const oysters = makeListItem({ itemDistributorId: 3, name: 'Oysters', isMarketPrice: true });
    const butter = makeListItem({
      itemDistributorId: 4,
      name: 'Butter',
      unitMeasure: 'CS',
      price: 5000,
      purchasedPrice: 4675,
      endDate: '2020-01-01',
      isFromInvoice: true,
      invoiceDate: '2025-02-14',
      unitPrice: 12_345,
    });
    const duxbury = makeListItem({
      itemDistributorId: 5,
      name: 'Oyster Duxbury Live',
      unitMeasure: 'CS',
      packSize: '1/100 EA',
      price: 8478,
      unitPrice: 8478,
    });
    serve([napkin, oysters, butter, duxbury]);
    renderApp('/place-order/list');

    expect((await findRow(napkin)).getByText('Unit Price below $0.01')).toBeInTheDocument();
    const oysterRow = await findRow(oysters);
    expect(oysterRow.getByText('Market Price')).toBeInTheDocument();
    expect(oysterRow.queryByText(/\$/)).not.toBeInTheDocument();
    const butterRow = await findRow(butter);
    expect(butterRow.getByRole('button', { name: '$46.75' })).toHaveAccessibleDescription('Electronic Invoice 02-14-2025');
    // One unit-price rule: the invoice price paid over the pack's 40 LB, labelled with the pack's unit.
    expect(butterRow.getByText('$1.1688 / LB')).toBeInTheDocument();
    expect((await findRow(duxbury)).getByText('$0.8478 / EA')).toBeInTheDocument();
  });

  it('shows the empty state with its tips and the special-request prompt', async () => {
    // A location with order guides: an empty list is a search without results.
    const withGuide = { id: 1, nickname: 'Harborline', hasOrderGuide: true, hasDeliveryDays: true };
    serve([], {
      'GET /api/v1/getting-started': () =>
        jsonResponse(200, { data: { distributors: [withGuide], hasOrders: true, isFirstRun: false, steps: [] } }),
    });
    renderApp('/place-order/list');
    expect(await screen.findByRole('heading', { name: 'Sorry, there are no exact match results found' })).toBeInTheDocument();
    expect(screen.getByText('Check your spelling')).toBeInTheDocument();
    expect(screen.getByText('Try to use less specific words')).toBeInTheDocument();
    expect(screen.getByText("Can't find what you are looking for?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Special Request' }));
    expect(await screen.findByRole('dialog', { name: 'Add Special Request' })).toBeInTheDocument();
  });

  it('becomes a card on a phone with 25 rows a page', async () => {
    setViewportWidth(PHONE_WIDTH);
    const requests = serve([chicken]);
    renderApp('/place-order/list');
    const row = await findRow(chicken);
    expect(row.getByRole('button', { name: `Add ${label(chicken)}` })).toBeInTheDocument();
    const listRequest = requests.find((r) => r.path === '/api/v1/items');
    expect(listRequest?.query.get('limit')).toBe('25');
  });
});

describe('paging and sorting', () => {
  it('asks 50 rows a page on desktop with the default sort, then loads the next page', async () => {
    const second = makeListItem({ itemDistributorId: 2002, name: 'Heavy Cream 36%' });
    const requests = serve([], {
      'GET /api/v1/items': (request) =>
        request.query.get('page') === '2'
          ? itemsPage([second], { currentPage: 2, pageCount: 2, totalCount: 2 })
          : itemsPage([chicken], { currentPage: 1, pageCount: 2, totalCount: 2 }),
    });
    renderApp('/place-order/list');
    await findRow(second);
    const pages = requests.filter((r) => r.path === '/api/v1/items');
    expect(pages.map((r) => [r.query.get('page'), r.query.get('limit')])).toEqual([
      ['1', '50'],
      ['2', '50'],
    ]);
    expect(readFilterOptions(pages[0])).toEqual({
      sort: 'most-purchased',
      search: '',
      product: 'ALL',
      distributorIds: [],
      shoppingIds: [],
      pastOrderIds: [],
    });
    expect(screen.getByText('2 items')).toBeInTheDocument();
    // The end of the list offers the special request.
    expect(screen.getByRole('button', { name: 'Add Special Request' })).toBeInTheDocument();
  });

  it('offers the sorts of doc 1 §9 and reloads from page 1 on a change', async () => {
    const requests = serve([chicken]);
    renderApp('/place-order/list');
    await findRow(chicken);
    const select = screen.getByLabelText('Sort by');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Most Purchased', 'A-Z', 'Z-A', 'Price low to high', 'Price high to low', 'Greatest Savings', 'Custom']);
    expect(select).toHaveValue('most-purchased');

    await userEvent.selectOptions(select, 'Price low to high');
    await waitFor(() =>
      expect(readFilterOptions(requests.filter((r) => r.path === '/api/v1/items').at(-1)!)).toMatchObject({ sort: 'price-low' }),
    );
    expect(
      requests
        .filter((r) => r.path === '/api/v1/items')
        .at(-1)
        ?.query.get('page'),
    ).toBe('1');
  });

  it('shows a drag handle per row in the Custom sort', async () => {
    const items = [10, 20, 30].map((id, index) =>
      makeListItem({ itemDistributorId: id, name: `Item ${id}`, din: String(id), sortIndex: index + 1 }),
    );
    serve(items);
    renderApp('/place-order/list');
    await findRow(items[0]);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Custom');
    expect(await screen.findByRole('button', { name: `Reorder ${label(items[1])}` })).toBeInTheDocument();
  });

  it('offers a retry in place when the list fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    serve([], {
      'GET /api/v1/items': () => (fail ? jsonResponse(500, { message: 'Boom', code: 'server_error' }) : itemsPage([chicken])),
    });
    renderApp('/place-order/list');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The items could not be loaded');
    expect(logged).toHaveBeenCalledWith('Could not load the items', expect.anything());
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findRow(chicken);
    logged.mockRestore();
  });
});
