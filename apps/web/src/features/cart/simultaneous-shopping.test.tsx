import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_SAVE_DEBOUNCE_MS, SIMULTANEOUS_SHOPPING_TEXT } from '@stockpot/domain';
import { makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { cartResponse, distributors, itemsPage, makeCartLine, makeListItem } from '../../test/ordering-fixtures';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../test/render-app';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const item = makeListItem();
const label = `${item.name} (${item.distributor} #${item.din})`;
const someoneElses = makeCartLine(item, 5);

/** A cart where another person set the item to 5 just before this user's save. */
function serve(): RecordedRequest[] {
  let saves = 0;
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/items': () => itemsPage([item]),
    'GET /api/v1/shopping-carts': () => cartResponse(saves === 0 ? [] : [someoneElses], saves === 0 ? 'v1' : 'v2'),
    'POST /api/v1/shopping-carts': (request) => {
      saves += 1;
      if (saves === 1) {
        return jsonResponse(200, {
          data: {
            shoppingCart: [someoneElses],
            lastModified: 'v2',
            unsyncedItems: [],
            sameModifiedItems: [
              {
                shoppingCartId: someoneElses.id,
                itemDistributorId: item.itemDistributorId,
                name: item.name,
                currentQuantity: 5,
                requestedQuantity: 1,
              },
            ],
          },
        });
      }
      const quantity = (request.body as { itemList: { quantity: number }[] }).itemList[0].quantity;
      return jsonResponse(200, {
        data: { shoppingCart: [makeCartLine(item, quantity)], lastModified: 'v3', unsyncedItems: [], sameModifiedItems: [] },
      });
    },
  });
}

async function addAndFindWarning() {
  await userEvent.click(await screen.findByRole('button', { name: `Add ${label}` }));
  return screen.findByRole('dialog', { name: 'Someone else changed this cart' }, { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('simultaneous shopping', () => {
  it('warns with the lines changed elsewhere; Apply resends them with the new lastModified', async () => {
    const requests = serve();
    renderApp('/place-order/list');
    const dialog = await addAndFindWarning();
    expect(dialog).toHaveTextContent(SIMULTANEOUS_SHOPPING_TEXT);
    const table = within(within(dialog).getByRole('table'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Current quantity',
      'Modify-to quantity',
    ]);
    expect(table.getAllByRole('cell').map((c) => c.textContent)).toEqual([item.name, '5', '1']);
    // Meanwhile the row shows what is really in the cart.
    expect(screen.getByRole('textbox', { name: `Quantity of ${label}`, hidden: true })).toHaveValue('5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST')[1].body).toEqual({
      itemList: [{ itemDistributorId: item.itemDistributorId, quantity: 1 }],
      lastModified: 'v2',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Someone else changed this cart' })).not.toBeInTheDocument());
    expect(await screen.findByRole('textbox', { name: `Quantity of ${label}` })).toHaveValue('1');
  });

  it('Discard keeps the other change, reloads the cart and opens review order', async () => {
    const requests = serve();
    const app = renderApp('/place-order/list');
    const dialog = await addAndFindWarning();
    const reads = requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/shopping-carts').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(app.getPath()).toBe('/checkout-ordering/review-order'));
    expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/shopping-carts').length).toBeGreaterThan(reads);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('lists the changed lines one under another on a phone, with no table to scroll sideways', async () => {
    setViewportWidth(PHONE_WIDTH);
    serve();
    renderApp('/place-order/list');
    const dialog = within(await addAndFindWarning());
    expect(dialog.queryByRole('table')).not.toBeInTheDocument();
    const line = within(dialog.getByRole('list', { name: 'Changed lines' })).getByRole('listitem');
    expect(line).toHaveTextContent(item.name);
    expect(line).toHaveTextContent('Current quantity: 5');
    expect(line).toHaveTextContent('Modify-to quantity: 1');
  });
});

describe('simultaneous shopping on review order (phone)', () => {
  const mine = makeCartLine(item, 2);

  /** Review order holds the item at 2; every save is answered: someone else set it to 6 meanwhile. */
  function serveReviewOrder(): RecordedRequest[] {
    return mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/shopping-carts': () => cartResponse([mine], 'v1'),
      'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
      'GET /api/v1/payment-methods': () => jsonResponse(200, { data: [] }),
      'POST /api/v1/shopping-carts': (request) => {
        const requested = (request.body as { itemList: { quantity: number }[] }).itemList[0].quantity;
        return jsonResponse(200, {
          data: {
            shoppingCart: [makeCartLine(item, 6)],
            lastModified: 'v2',
            unsyncedItems: [],
            sameModifiedItems: [
              {
                shoppingCartId: mine.id,
                itemDistributorId: item.itemDistributorId,
                name: item.name,
                currentQuantity: 6,
                requestedQuantity: requested,
              },
            ],
          },
        });
      },
    });
  }

  async function expectWarning(current: string, requested: string) {
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this cart' }, { timeout: 15_000 });
    const line = within(within(dialog).getByRole('list', { name: 'Changed lines' })).getByRole('listitem');
    expect(line).toHaveTextContent(`Current quantity: ${current}`);
    expect(line).toHaveTextContent(`Modify-to quantity: ${requested}`);
    return dialog;
  }

  it("the quantity editor's save is not dropped: the warning shows the other 6 and this buyer's 3", async () => {
    setViewportWidth(PHONE_WIDTH);
    const requests = serveReviewOrder();
    renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: `Edit quantity of ${item.name}, 2` }, { timeout: 15_000 }));
    const editor = await screen.findByRole('dialog', { name: 'Edit quantity' });
    await userEvent.clear(within(editor).getByRole('textbox', { name: `Quantity of ${item.name}` }));
    await userEvent.type(within(editor).getByRole('textbox', { name: `Quantity of ${item.name}` }), '3');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    const dialog = await expectWarning('6', '3');
    expect(requests.filter((r) => r.method === 'POST')[0].body).toEqual({
      itemList: [{ shoppingCartId: mine.id, quantity: 3 }],
      lastModified: 'v1',
    });
    // Apply resends this buyer's 3 with the new lastModified.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST')[1].body).toEqual({
      itemList: [{ itemDistributorId: item.itemDistributorId, quantity: 3 }],
      lastModified: 'v2',
    });
  });

  it('Delete All answered with a line changed elsewhere opens the warning (a row delete saves as the editor does)', async () => {
    setViewportWidth(PHONE_WIDTH);
    serveReviewOrder();
    renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete All' }, { timeout: 15_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete All' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete All' }));
    await expectWarning('6', '0');
  });
});
