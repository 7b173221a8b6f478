import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { ListItem, ShoppingListItem } from '@stockpot/domain';
import { authHeaders, type ApiCart } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Shopping lists (doc 1 §2 "Shopping lists", §5 name rule, §7 calls, §8 404): create a list, add
 * items from its catalogue screen, reorder, rename, add the list to the cart and delete it; a
 * missing list says 'Shopping List Not Found' and goes back to the lists. Every change is checked on
 * the server. The owner shops at Harbor Grill; the cart is put back as it was found.
 */

const USER = 'owner@demo.test';

async function apiGet<T>(page: Page, path: string): Promise<{ status: number; data: T }> {
  const response = await page.request.get(`/api/v1/${path}`, { headers: await authHeaders(page) });
  const body = (await response.json()) as { data: T };
  return { status: response.status(), data: body.data };
}

async function getCartQuantities(page: Page): Promise<{ quantities: Map<number, number>; lastModified: string }> {
  const { data } = await apiGet<ApiCart>(page, 'shopping-carts');
  const quantities = new Map<number, number>();
  for (const line of data.shoppingCart) {
    if (line.itemDistributorId !== null) quantities.set(line.itemDistributorId, line.quantity);
  }
  return { quantities, lastModified: data.lastModified };
}

async function getListItems(page: Page, listId: number): Promise<ShoppingListItem[]> {
  const { status, data } = await apiGet<{ itemList: ShoppingListItem[] }>(page, `shopping-lists/${listId}`);
  expect(status).toBe(200);
  return data.itemList;
}

/** Orderable items of a search whose names are unique in it, most purchased first (the catalogue screen's order). */
async function findOrderableItems(page: Page, search: string, count: number): Promise<ListItem[]> {
  const query = new URLSearchParams({
    filterOptions: JSON.stringify({ sort: 'most-purchased', search, product: 'ALL' }),
    limit: '100',
    page: '1',
  });
  const { data } = await apiGet<ListItem[]>(page, `items?${query}`);
  const names = new Map<string, number>();
  for (const item of data) names.set(item.name, (names.get(item.name) ?? 0) + 1);
  const found = data
    .filter((item) => item.status === 'active' && !item.isUnpurchasable && !item.isPunchedOut && names.get(item.name) === 1)
    .slice(0, count);
  expect(found).toHaveLength(count);
  return found;
}

async function useHarborGrill(page: Page): Promise<void> {
  const location = page.getByLabel('Location');
  if ((await location.locator('option:checked').textContent()) !== 'Harbor Grill') {
    await location.selectOption({ label: 'Harbor Grill' });
    await expect(location.locator('option:checked')).toHaveText('Harbor Grill');
  }
}

async function rowNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Items on this list' }).getByRole('heading', { level: 3 }).allTextContents();
}

test.describe('shopping lists', () => {
  test('create a list, add items, reorder, rename, add it to the cart and delete it', async ({ page }) => {
    await signIn(page, USER);
    await useHarborGrill(page);
    const listName = `Line check ${Date.now() % 100000}`;
    const renamed = `${listName} (AM)`;

    // The lists screen and its add button.
    await page.goto('/shopping-lists');
    await expect(page.getByRole('list', { name: 'Shopping lists' }).getByText('Weekly produce')).toBeVisible();
    await page.getByRole('link', { name: 'Add List' }).click();
    await expect(page).toHaveURL(/\/shopping-lists\/add-list$/);

    // The name rule and the duplicate rule, shown in the form.
    const name = page.getByLabel('Name');
    await page.getByRole('button', { name: 'Create List' }).click();
    await expect(page.getByText('Name cannot be blank.')).toBeVisible();
    await name.fill('bar');
    await page.getByRole('button', { name: 'Create List' }).click();
    await expect(page.getByText('A shopping list named "bar" already exists. Choose another name.')).toBeVisible();
    await name.fill(listName);
    await page.getByRole('button', { name: 'Create List' }).click();
    await expect(page).toHaveURL(/\/shopping-lists\/\d+$/);
    const listId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 2, name: listName })).toBeVisible();
    await expect(page.getByText('This list has no items yet')).toBeVisible();

    // The catalogue screen: search and add three items.
    const picked = await findOrderableItems(page, 'onion', 3);
    await page.getByRole('link', { name: 'Add Items' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/shopping-lists/items/${listId}$`));
    await page.getByLabel('Search items', { exact: true }).last().fill('onion');
    for (const item of picked) {
      await page.getByRole('button', { name: `Add ${item.name} to ${listName}`, exact: true }).click();
      await expect(page.getByText(`: ${item.name} is on ${listName}`)).toBeAttached();
    }
    await shoot(page, 'shopping-list-catalogue');
    expect((await getListItems(page, listId)).map((item) => item.name)).toEqual(picked.map((item) => item.name));

    // Back on the list: the rows in the order they were added; reorder by button and by keyboard drag.
    await page.getByRole('link', { name: 'Back to List' }).click();
    const [a, b, c] = picked.map((item) => item.name);
    await expect.poll(() => rowNames(page)).toEqual([a, b, c]);
    await page.getByRole('button', { name: `Move ${a} down` }).click();
    await expect.poll(() => rowNames(page)).toEqual([b, a, c]);
    await expect.poll(async () => (await getListItems(page, listId)).map((item) => item.name)).toEqual([b, a, c]);

    // The keyboard drag starts once the list has stopped refetching after the last move (a refetch
    // re-renders the rows), and each arrow waits until the lifted row has moved up on screen, so
    // no key lands before the previous move was measured.
    await expect(page.getByRole('list', { name: 'Items on this list' })).toHaveAttribute('aria-busy', 'false');
    const handle = page.getByRole('button', { name: `Drag to reorder ${c}` });
    const handleTop = async () => (await handle.boundingBox())?.y ?? 0;
    await handle.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit decides the drop on the row the lifted one is over; its live region says so ("… moved
    // to position n."), which is the signal that the move was taken, not only drawn.
    for (const position of [2, 1]) {
      const before = await handleTop();
      await page.keyboard.press('ArrowUp');
      await expect.poll(handleTop).toBeLessThan(before - 20);
      await expect(page.getByText(`${c} moved to position ${position}.`, { exact: true })).toBeAttached();
    }
    await page.keyboard.press('Space');
    await expect.poll(async () => (await getListItems(page, listId)).map((item) => item.name)).toEqual([c, b, a]);
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual([c, b, a]);

    // Rename through the edit icon.
    await page.getByRole('link', { name: 'Rename list' }).click();
    await expect(page).toHaveURL(new RegExp(`/shopping-lists/update-list/${listId}$`));
    await expect(page.getByLabel('Name')).toHaveValue(listName);
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name cannot be blank.')).toBeVisible();
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/shopping-lists/${listId}$`));
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();

    // Add the list to the cart: 2 of the first row, 1 of the others; the cart is restored afterwards.
    const ids = (await getListItems(page, listId)).map((item) => item.itemDistributorId);
    const before = await getCartQuantities(page);
    try {
      await page.getByLabel(`Qty of ${c}`).fill('2');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect
        .poll(async () => {
          const { quantities } = await getCartQuantities(page);
          return ids.map((id) => quantities.get(id) ?? 0);
        })
        .toEqual([2, 1, 1].map((added, index) => (before.quantities.get(ids[index]) ?? 0) + added));
      await shoot(page, 'shopping-list-added-to-cart');
    } finally {
      const now = await getCartQuantities(page);
      const response = await page.request.post('/api/v1/shopping-carts', {
        headers: await authHeaders(page),
        data: {
          itemList: ids.map((id) => ({ itemDistributorId: id, quantity: before.quantities.get(id) ?? 0, description: '' })),
          lastModified: now.lastModified,
        },
      });
      expect(response.ok()).toBe(true);
    }
    const restored = await getCartQuantities(page);
    expect(ids.map((id) => restored.quantities.get(id) ?? 0)).toEqual(ids.map((id) => before.quantities.get(id) ?? 0));

    // Remove one item, then delete the list; its items stay in the catalogue.
    await page.reload();
    await page.getByRole('button', { name: `Remove ${b} from the list` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rowNames(page)).toEqual([c, a]);
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/shopping-lists$/);
    await expect(page.getByRole('list', { name: 'Shopping lists' }).getByText(renamed)).toHaveCount(0);
    expect((await apiGet(page, `shopping-lists/${listId}`)).status).toBe(404);
    expect((await apiGet(page, `items/${ids[0]}`)).status).toBe(200);
  });

  test("the filters modal's shopping lists narrow the place-order list to a list's items", async ({ page }) => {
    await signIn(page, USER);
    await useHarborGrill(page);
    const { data: lists } = await apiGet<{ id: number; name: string; itemCount: number }[]>(page, 'shopping-lists');
    const produce = lists.find((list) => list.name === 'Weekly produce');
    expect(produce).toBeDefined();
    await page.goto('/place-order/list');
    await expect(page.getByRole('heading', { level: 2, name: 'Your items' })).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByLabel('All Shopping Lists')).toBeChecked();
    await dialog.getByLabel('Weekly produce').check();
    await expect(dialog.getByLabel('All Shopping Lists')).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`${produce!.itemCount} items`, { exact: true })).toBeVisible();
    const listNames = (await getListItems(page, produce!.id)).map((item) => item.name).sort();
    await expect
      .poll(async () => (await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()).sort())
      .toEqual(listNames);
  });

  test("a missing list says 'Shopping List Not Found' and goes back to the lists", async ({ page }) => {
    await signIn(page, USER);
    await useHarborGrill(page);
    await page.goto('/shopping-lists/987654');
    await expect(page.getByText('Shopping List Not Found').first()).toBeVisible();
    await expect(page).toHaveURL(/\/shopping-lists$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Ok!' }).click();
    await page.goto('/shopping-lists/not-a-list/extra');
    await expect(page).toHaveURL(/\/shopping-lists$/);
  });
});
