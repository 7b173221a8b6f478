import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALL_IN_TEXT, CART_SAVE_DEBOUNCE_MS, REMOVE_ITEM_CONFIRMATION, type CartLine, type ListItem } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { cartResponse, distributors, itemsPage, makeCartLine, makeListItem } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const label = (item: ListItem) => `${item.name} (${item.distributor} #${item.din})`;

interface CartServer {
  requests: RecordedRequest[];
  posts: () => RecordedRequest[];
}

/** A server whose cart keeps what is posted, answering each save with a new lastModified. */
function serve(
  items: ListItem[],
  initialLines: CartLine[] = [],
  onPost?: (request: RecordedRequest) => Response | undefined,
  extra: Parameters<typeof mockFetch>[0] = {},
): CartServer {
  let lines = initialLines;
  let version = 1;
  const requests = mockFetch({
    ...extra,
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/items': () => itemsPage(items),
    'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
    'GET /api/v1/shopping-carts': () => cartResponse(lines, `v${version}`),
    'POST /api/v1/shopping-carts': (request) => {
      const answer = onPost?.(request);
      if (answer) return answer;
      const body = request.body as { itemList: { itemDistributorId: number; quantity: number }[] };
      body.itemList.forEach((entry) => {
        const item = items.find((candidate) => candidate.itemDistributorId === entry.itemDistributorId)!;
        lines = lines.filter((line) => line.itemDistributorId !== entry.itemDistributorId);
        if (entry.quantity > 0) lines = [...lines, makeCartLine(item, entry.quantity)];
      });
      version += 1;
      return jsonResponse(200, {
        data: { shoppingCart: lines, lastModified: `v${version}`, unsyncedItems: [], sameModifiedItems: [] },
      });
    },
  });
  return { requests, posts: () => requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/shopping-carts') };
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

describe('adding to the cart', () => {
  it('saves an add after the debounce with the stored lastModified, then counts it and animates', async () => {
    const item = makeListItem();
    const server = serve([item]);
    renderApp('/place-order/list');
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    const row = await findRow(item);

    await userEvent.click(row.getByRole('button', { name: `Add ${label(item)}` }));
    // Shown at once, saved after the debounce.
    expect(row.getByRole('textbox', { name: `Quantity of ${label(item)}` })).toHaveValue('1');
    expect(server.posts()).toHaveLength(0);

    await waitFor(() => expect(server.posts()).toHaveLength(1), { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(server.posts()[0].body).toEqual({
      itemList: [{ itemDistributorId: item.itemDistributorId, quantity: 1 }],
      lastModified: 'v1',
    });
    expect(await screen.findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-animation')).toHaveTextContent('Shopping Cart Updated!');
  });

  it('sends quick steps of one item as one save and the next save with the new lastModified', async () => {
    const item = makeListItem();
    const server = serve([item], [makeCartLine(makeListItem(), 2)]);
    renderApp('/place-order/list');
    const row = await findRow(item);
    const plus = await row.findByRole('button', { name: `Increase quantity of ${label(item)}` });
    await userEvent.click(plus);
    await userEvent.click(plus);
    await waitFor(() => expect(server.posts()).toHaveLength(1), { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(server.posts()[0].body).toMatchObject({ itemList: [{ quantity: 4 }], lastModified: 'v1' });

    await userEvent.click(row.getByRole('button', { name: `Increase quantity of ${label(item)}` }));
    await waitFor(() => expect(server.posts()).toHaveLength(2), { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(server.posts()[1].body).toMatchObject({ itemList: [{ quantity: 5 }], lastModified: 'v2' });
  });

  it('shows the rebates earned for a rebate item', async () => {
    const item = makeListItem({ rebate: 125 });
    serve([item]);
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `Add ${label(item)}` }));
    await waitFor(() => expect(screen.getByTestId('cart-animation')).toHaveTextContent('Nice $1.25 in rebates earned!'), {
      timeout: CART_SAVE_DEBOUNCE_MS * 4,
    });
  });
});

describe('the quantity stepper', () => {
  it('takes digits only, at most 5', async () => {
    const item = makeListItem();
    serve([item], [makeCartLine(item, 3)]);
    renderApp('/place-order/list');
    const input = await (await findRow(item)).findByRole('textbox', { name: `Quantity of ${label(item)}` });
    expect(input).toHaveAttribute('maxLength', '5');
    await userEvent.type(input, 'a-.');
    expect(input).toHaveValue('3');
    await userEvent.clear(input);
    await userEvent.type(input, '123456');
    expect(input).toHaveValue('12345');
  });

  it('steps down above 1 and asks before removing at 1', async () => {
    const item = makeListItem();
    const server = serve([item], [makeCartLine(item, 2)]);
    renderApp('/place-order/list');
    const row = await findRow(item);
    const minus = await row.findByRole('button', { name: `Decrease quantity of ${label(item)}` });
    await userEvent.click(minus);
    expect(row.getByRole('textbox', { name: `Quantity of ${label(item)}` })).toHaveValue('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(minus);
    let dialog = await screen.findByRole('dialog', { name: REMOVE_ITEM_CONFIRMATION });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(row.getByRole('textbox', { name: `Quantity of ${label(item)}` })).toHaveValue('1');

    await userEvent.click(minus);
    dialog = await screen.findByRole('dialog', { name: REMOVE_ITEM_CONFIRMATION });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await row.findByRole('button', { name: `Add ${label(item)}` })).toBeInTheDocument();
    await waitFor(() => expect(server.posts().at(-1)?.body).toMatchObject({ itemList: [{ quantity: 0 }] }), {
      timeout: CART_SAVE_DEBOUNCE_MS * 4,
    });
  });

  it('asks before removing when 0 is typed', async () => {
    const item = makeListItem();
    serve([item], [makeCartLine(item, 4)]);
    renderApp('/place-order/list');
    const input = await (await findRow(item)).findByRole('textbox', { name: `Quantity of ${label(item)}` });
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    expect(await screen.findByRole('dialog', { name: REMOVE_ITEM_CONFIRMATION })).toBeInTheDocument();
    expect(input).toHaveValue('4');
  });
});

describe('blocked adds', () => {
  it.each([
    ['call-in', { isUnpurchasable: true }, 'Call-In Item'],
    ['out-of-stock', { status: 'inactive' }, 'Out of Stock'],
    ['punched-out', { isPunchedOut: true }, 'Not on your order guide'],
  ] as const)('shows a %s row as not orderable before the click, with the reason', async (_reason, flags, reason) => {
    const item = makeListItem(flags);
    const plain = makeListItem({ itemDistributorId: 4242, name: 'Plain Item' });
    serve([item, plain]);
    renderApp('/place-order/list');
    const add = (await findRow(item)).getByRole('button', { name: `Add ${label(item)}` });
    expect(add).toHaveAccessibleDescription(reason);
    const plainAdd = (await findRow(plain)).getByRole('button', { name: `Add ${label(plain)}` });
    expect(plainAdd).not.toHaveAccessibleDescription();
  });

  it("refuses a call-in item with the exact 'Call-In Item' modal and sends nothing", async () => {
    const item = makeListItem({ isUnpurchasable: true });
    const server = serve([item]);
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `Add ${label(item)}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Call-In Item' });
    expect(dialog).toHaveTextContent(CALL_IN_TEXT);
    await new Promise((resolve) => setTimeout(resolve, CART_SAVE_DEBOUNCE_MS + 100));
    expect(server.posts()).toHaveLength(0);
  });

  it('refuses an out-of-stock item', async () => {
    const item = makeListItem({ status: 'inactive' });
    serve([item]);
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `Add ${label(item)}` }));
    expect(await screen.findByRole('dialog', { name: 'Out of Stock' })).toBeInTheDocument();
  });

  it('sends a punched-out item to the special request, with its distributor and name', async () => {
    const item = makeListItem({ isPunchedOut: true });
    serve([item]);
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `Add ${label(item)}` }));
    const notice = await screen.findByRole('dialog', { name: 'Not on your order guide' });
    expect(notice).toHaveTextContent('special request');
    await userEvent.click(within(notice).getByRole('button', { name: 'Add Special Request' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Special Request' });
    expect(within(modal).getByLabelText(/^Description/)).toHaveValue(item.name);
    await waitFor(() => expect(within(modal).getByLabelText(/^Distributor/)).toHaveValue('531'));
  });

  it("treats the server's call_in_item answer the same way", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const item = makeListItem();
    serve([item], [], () => jsonResponse(400, { message: 'This item is not available for purchase.', code: 'call_in_item' }));
    renderApp('/place-order/list');
    const row = await findRow(item);
    await userEvent.click(row.getByRole('button', { name: `Add ${label(item)}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Call-In Item' }, { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(dialog).toHaveTextContent(CALL_IN_TEXT);
    // The refused quantity is not left on show.
    expect(await row.findByRole('button', { name: `Add ${label(item)}` })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('says which items a failed save left out and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const item = makeListItem();
    let fail = true;
    const server = serve([item], [], () => (fail ? jsonResponse(500, { message: 'Boom', code: 'server_error' }) : undefined));
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `Add ${label(item)}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cart not updated' }, { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(dialog).toHaveTextContent(`Not saved: ${item.name}.`);
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.posts()).toHaveLength(2), { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(await screen.findByRole('link', { name: 'Cart, 1 items' })).toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('savings', () => {
  it('lists the matches with their savings and reasons, and adds one with its own animation', async () => {
    const item = makeListItem({ showSavings: true, savingItems: 1 });
    const match = makeListItem({
      itemDistributorId: 3003,
      name: 'Chicken Breast 6 oz IQF',
      distributor: 'Northeast Provisions',
      distributorId: 558,
      din: '88120',
      price: 1100,
    });
    const matches = {
      itemDistributorId: item.itemDistributorId,
      matches: [
        {
          ...match,
          matchType: 'SavingsOption',
          savings: 150,
          normalisedUnitPrice: 2750,
          normalisedUnit: 'LB',
          reasons: ['Same generic item', 'Same pack: 4/10 LB'],
        },
      ],
    };
    serve([item, match], [], undefined, {
      [`GET /api/v1/items/matches/${item.itemDistributorId}`]: () => jsonResponse(200, { data: matches }),
    });
    renderApp('/place-order/list');
    await userEvent.click((await findRow(item)).getByRole('button', { name: `View savings for ${label(item)}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Savings for ${item.name}` }));
    const card = within(await dialog.findByRole('listitem', { name: label(match) }));
    expect(card.getByText('Save $1.50 per case')).toBeInTheDocument();
    expect(card.getByText(/\$0\.2750 \/ LB/)).toBeInTheDocument();
    expect(card.getByText('Same pack: 4/10 LB')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: `Add ${label(match)}` }));
    await waitFor(() => expect(screen.getByTestId('cart-animation')).toHaveTextContent('Saving Item Added to Cart!'), {
      timeout: CART_SAVE_DEBOUNCE_MS * 6,
    });
  });
});
