import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_SAVE_DEBOUNCE_MS, LINKED_ITEM_REMOVED_MESSAGE, type LinkedItems, type ListItem } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { cartResponse, distributors, itemsPage, makeListItem } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const cream = makeListItem({ itemDistributorId: 11, name: 'Cream Heavy 36%', din: '111', belongsToGroup: true });
const other = makeListItem({ itemDistributorId: 12, name: 'Cream Heavy 40%', din: '112', distributor: 'Northeast Provisions' });
const callIn = makeListItem({ itemDistributorId: 13, name: 'Cream Heavy Organic', din: '113', isUnpurchasable: true });
const rowLabel = (item: ListItem) => `${item.name} (${item.distributor} #${item.din})`;

function serve(linked: () => Response) {
  const requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/items': () => itemsPage([cream]),
    'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
    'GET /api/v1/shopping-carts': () => cartResponse([], 'v1'),
    'GET /api/v1/items/11/linked-items': linked,
    'POST /api/v1/shopping-carts': () =>
      jsonResponse(200, { data: { shoppingCart: [], lastModified: 'v2', unsyncedItems: [], sameModifiedItems: [] } }),
  });
  return { posts: () => requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/shopping-carts') };
}

const groups: LinkedItems = {
  itemDistributorId: 11,
  groups: [{ id: 5, name: 'Heavy cream', inventoryListId: 1, inventoryListName: 'Kitchen', items: [cream, other, callIn] }],
};

async function openModal() {
  renderApp('/place-order/list');
  const row = within(await screen.findByRole('article', { name: rowLabel(cream) }));
  await userEvent.click(row.getByRole('button', { name: `Linked items of ${rowLabel(cream)}` }));
  return within(await screen.findByRole('dialog', { name: 'Linked items of Cream Heavy 36%' }));
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the linked-items modal (doc 1 §2, §5, §7, §8)', () => {
  it("lists the item's group and puts a changed quantity in the cart after the validity check", async () => {
    const server = serve(() => jsonResponse(200, { data: groups }));
    const modal = await openModal();
    expect(await modal.findByRole('heading', { name: 'Heavy cream · Kitchen' })).toBeInTheDocument();

    // A call-in item cannot be raised: the check says why and nothing is saved.
    const callInQuantity = modal.getByRole('textbox', { name: `Quantity of ${callIn.name} (${callIn.distributor})` });
    await userEvent.clear(callInQuantity);
    await userEvent.type(callInQuantity, '2');
    await userEvent.click(modal.getByRole('button', { name: 'Update Cart' }));
    expect(await modal.findByText(`${callIn.name}: This item is not available for purchase.`)).toBeInTheDocument();
    await userEvent.clear(callInQuantity);
    await userEvent.type(callInQuantity, '0');

    const quantity = modal.getByRole('textbox', { name: `Quantity of ${other.name} (${other.distributor})` });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(modal.getByRole('button', { name: 'Update Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.posts()).toHaveLength(1), { timeout: CART_SAVE_DEBOUNCE_MS * 4 });
    expect(server.posts()[0].body).toMatchObject({ itemList: [{ itemDistributorId: other.itemDistributorId, quantity: 2 }] });
  });

  it("says doc 1 §8's message when the item was removed from its group", async () => {
    serve(() => jsonResponse(409, { message: LINKED_ITEM_REMOVED_MESSAGE, code: 'removed_from_group' }));
    const modal = await openModal();
    expect(await modal.findByText(LINKED_ITEM_REMOVED_MESSAGE)).toBeInTheDocument();
  });

  it('gives the removed message to an item that left the group while the modal was open', async () => {
    let answers = 0;
    serve(() => {
      answers += 1;
      const items = answers === 1 ? [cream, other] : [cream];
      return jsonResponse(200, { data: { ...groups, groups: [{ ...groups.groups[0], items }] } });
    });
    const modal = await openModal();
    const quantity = await modal.findByRole('textbox', { name: `Quantity of ${other.name} (${other.distributor})` });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(modal.getByRole('button', { name: 'Update Cart' }));
    expect(await modal.findByRole('alert')).toHaveTextContent(`${other.name}: ${LINKED_ITEM_REMOVED_MESSAGE}`);
    expect(modal.queryByRole('listitem', { name: `${other.name} (${other.distributor})` })).not.toBeInTheDocument();
  });
});
