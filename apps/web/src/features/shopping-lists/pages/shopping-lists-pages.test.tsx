import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOPPING_LIST_NOT_FOUND_BODY, type ShoppingList, type ShoppingListItem } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

function makeItem(id: number, name: string, sortIndex: number): ShoppingListItem {
  return {
    id,
    itemId: id,
    itemDistributorId: 100 + id,
    name,
    brand: 'Green Valley Growers',
    distributor: 'Coastal Produce Co.',
    distributorId: 612,
    din: `CP${id}`,
    price: 1496,
    unitPrice: 29920,
    unitMeasure: 'CS',
    packSize: '1/5 LB',
    imageUrl: '',
    isPunchedOut: false,
    isUnpurchasable: false,
    isMarketPrice: false,
    isCatchWeight: false,
    rebate: 0,
    status: 'active',
    customDescription: null,
    sortIndex,
  };
}

const items = [
  makeItem(1, 'Onion Sweet Medium', 1024),
  makeItem(2, 'Melon Honeydew Ripe', 2048),
  makeItem(3, 'Herb Parsley', 3072),
];
const list: ShoppingList = {
  id: 4,
  name: 'Weekly produce',
  itemCount: 3,
  itemDistributorIds: items.map((item) => item.itemDistributorId),
  itemList: items,
};

let requests: RecordedRequest[];

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  const user = makeUser();
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-lists': () =>
      jsonResponse(200, { data: [{ id: 4, name: 'Weekly produce', itemCount: 3, updatedAt: '2026-11-01T10:00:00.000Z' }] }),
    'GET /api/v1/shopping-lists/4': () => jsonResponse(200, { data: list }),
    'GET /api/v1/shopping-lists/4/items': () =>
      jsonResponse(200, { data: items, _meta: { pageCount: 1, currentPage: 1, totalCount: 3 } }),
    'GET /api/v1/shopping-carts': () =>
      jsonResponse(200, { data: { shoppingCart: [], lastModified: '2026-11-01T10:00:00.000000Z', unsyncedItems: [] } }),
    ...extra,
  });
  seedSession({ user });
}

beforeEach(() => setViewportWidth(DESKTOP_WIDTH));
afterEach(() => vi.unstubAllGlobals());

describe('shopping lists screens', { timeout: 30_000 }, () => {
  it('shows the lists with the Add List button', async () => {
    serve();
    renderApp('/shopping-lists');
    expect(await screen.findByRole('link', { name: /Weekly produce/ }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/shopping-lists/4',
    );
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add List' })).toHaveAttribute('href', '/shopping-lists/add-list');
  });

  it("checks the name, shows the server's duplicate message and opens the new list", async () => {
    let attempts = 0;
    serve({
      'POST /api/v1/shopping-lists': () => {
        attempts += 1;
        if (attempts === 1) {
          const message = 'A shopping list named "Bar" already exists. Choose another name.';
          return jsonResponse(400, { message, code: 'duplicate_list_name', errors: [{ field: 'name', message }] });
        }
        return jsonResponse(201, {
          data: { ...list, id: 9, name: 'Brunch', itemCount: 0, itemDistributorIds: [], itemList: [] },
        });
      },
    });
    const { getPath } = renderApp('/shopping-lists/add-list');
    const name = await screen.findByLabelText(/^Name/, {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Name cannot be blank.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(name, 'Bar');
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('A shopping list named "Bar" already exists. Choose another name.')).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, '  Brunch ');
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() => expect(getPath()).toBe('/shopping-lists/9'));
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: 'Brunch', itemList: [] });
  });

  it("says 'Shopping List Not Found' on a 404, with a body that does not repeat it, and goes back to the lists", async () => {
    serve();
    const { getPath } = renderApp('/shopping-lists/77');
    const dialog = await screen.findByRole('dialog', { name: 'Shopping List Not Found' });
    expect(dialog).toHaveTextContent(SHOPPING_LIST_NOT_FOUND_BODY);
    expect(within(dialog).getAllByText('Shopping List Not Found')).toHaveLength(1);
    await waitFor(() => expect(getPath()).toBe('/shopping-lists'));
  });

  it('shows one item search and one Filters button on the catalogue, not the header’s disabled pair too', async () => {
    serve({
      'GET /api/v1/items': () => jsonResponse(200, { data: [], _meta: { pageCount: 1, currentPage: 1, totalCount: 0 } }),
    });
    renderApp('/shopping-lists/items/4');
    expect(await screen.findByRole('searchbox', { name: 'Search items' }, { timeout: 15_000 })).toBeEnabled();
    expect(screen.getAllByLabelText('Search items')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Filters' })).toHaveLength(1);
  });

  it('redirects unknown shopping-list paths to the lists', async () => {
    serve();
    const { getPath } = renderApp('/shopping-lists/whatever/else');
    await waitFor(() => expect(getPath()).toBe('/shopping-lists'));
  });

  it('shows every item field and sends the reorder body of a Move down', async () => {
    serve({
      'POST /api/v1/shopping-lists/reorder': () => jsonResponse(200, { data: { itemDistributorId: 101, sortIndex: 2560 } }),
    });
    renderApp('/shopping-lists/4');
    expect(await screen.findByRole('heading', { level: 3, name: 'Onion Sweet Medium' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByText('Green Valley Growers · Coastal Produce Co. · 1/5 LB')).toHaveLength(3);
    expect(screen.getAllByText('$14.96')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Rename list' })).toHaveAttribute('href', '/shopping-lists/update-list/4');
    expect(screen.getByRole('button', { name: 'Delete list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Onion Sweet Medium up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move Onion Sweet Medium down' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/shopping-lists/reorder')).toBe(true));
    expect(requests.find((r) => r.path === '/api/v1/shopping-lists/reorder')?.body).toEqual({
      item_distributor_id: 101,
      item_distributor_ids: [102, 103],
      reference_sort_index: 2048,
      tag_id: 4,
      special: null,
    });
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Melon Honeydew Ripe', 'Onion Sweet Medium', 'Herb Parsley']);
  });
});
