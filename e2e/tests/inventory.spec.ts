import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { GenericGroup, InventoryList } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn, signOut } from '../fixtures/session';

/**
 * Inventory comparison view (doc 2 §2, §4, §5, §7): the owner creates a generic group from a
 * dashed bar, links two parsley items from different distributors, counts one on hand and sees the
 * group's amount and the list total change (checked on the server too), and renames the group by
 * double-click. The chef, without editComparisonView, sees the same view read-only: no bars, no
 * group actions, a disabled unit selector, but the on-hand inputs stay open.
 */

async function findGroup(page: Page, name: string): Promise<GenericGroup | undefined> {
  const headers = await authHeaders(page);
  const lists = (await (await page.request.get('/api/v1/comparison-views/all-views', { headers })).json())
    .data as InventoryList[];
  const kitchen = lists.find((list) => list.name === 'Kitchen')!;
  const filters = encodeURIComponent(JSON.stringify({ name }));
  const response = await page.request.get(`/api/v1/comparison-views/${kitchen.id}/groups?expand=items&filters=${filters}`, {
    headers,
  });
  return ((await response.json()).data as GenericGroup[]).find((group) => group.name === name);
}

test('count on hand in a new generic group, rename it, and see the view read-only as the chef', async ({ page }) => {
  // Two users, three pages scanned and shot: longer than the default minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'owner@demo.test');
  await page.goto('/place-order/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveValue('Kitchen');
  await expect(page.getByRole('region', { name: 'Chicken breast' })).toBeVisible();

  // The sidebar's 6-step tutorial runs over this page, lighting up each control it explains.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'What is Inventory View?' }).click();
  const tutorial = page.getByRole('dialog', { name: 'What is Inventory View?' });
  await expect(tutorial).toContainText('Step 1 of 6');
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveAttribute('data-tour-highlight', '');
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(tutorial).toContainText('Step 3 of 6');
  await shoot(page, 'inventory-tutorial');
  await tutorial.getByRole('button', { name: 'Skip' }).click();
  await expect(tutorial).toBeHidden();

  // An item's history: its counts in the demo's completed inventories and the prices paid.
  const chicken = page.getByRole('region', { name: 'Chicken breast' });
  const bought = chicken
    .getByRole('article')
    .filter({ has: page.getByLabel(/^Last purchased/) })
    .first();
  await bought.getByRole('button', { name: /^Options for / }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /^History of / });
  await expect(history.getByRole('table', { name: 'Historic on hand' }).getByRole('row')).not.toHaveCount(0);
  await expect(history.getByRole('img', { name: /^Average price paid per \S+ for .+, by month$/ })).toBeVisible();
  await shoot(page, 'inventory-item-history');
  await history.getByRole('button', { name: 'Close' }).click();

  // Create a group from the top bar.
  await page.getByRole('button', { name: 'Click to add new generic group' }).first().click();
  await page.getByLabel('New generic group name').fill('Pa');
  await page.getByLabel('New generic group name').press('Enter');
  await expect(page.getByLabel('New generic group name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('New generic group name').fill('E2E parsley');
  await page.getByLabel('New generic group name').press('Enter');
  const group = page.getByRole('region', { name: 'E2E parsley' });
  await expect(group).toBeVisible();

  // Link two items of different distributors.
  await group.getByRole('button', { name: 'Add item to E2E parsley' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add/Link items to E2E parsley' });
  await dialog.getByLabel('Search items').fill('parsley');
  await dialog.getByRole('checkbox', { name: /Herb Parsley Curly Organic/ }).check();
  await dialog.getByRole('checkbox', { name: /Herb Parsley Italian Fresh/ }).check();
  await dialog.getByRole('button', { name: 'Link 2 items' }).click();
  await expect(dialog).toBeHidden();
  await expect(group.getByRole('article')).toHaveCount(2);

  // Count on hand: 2 cases of the curly parsley; the group's amount and the list total follow.
  const amount = group.getByLabel('Amount on Hand of E2E parsley');
  await expect(amount).toContainText('$0.00');
  const total = page.getByText(/Total on hand in this list/);
  const totalBefore = await total.textContent();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/item\/\d+$/.test(r.url()));
  await group.getByRole('textbox', { name: 'Cases of Herb Parsley Curly Organic' }).fill('2');
  await group.getByRole('textbox', { name: 'Cases of Herb Parsley Curly Organic' }).press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(amount).not.toContainText('$0.00');
  await expect(total).not.toHaveText(totalBefore ?? '');
  const counted = await findGroup(page, 'E2E parsley');
  const item = counted!.items!.find((i) => i.name === 'Herb Parsley Curly Organic')!;
  expect(item).toMatchObject({ onHand: 2, totalOnHand: 2 });
  expect(counted!.totalOnHandAmount).toBe(item.price * 2);
  await expect(amount).toContainText(`${(counted!.totalOnHandAmount / 100).toFixed(2)}`);

  // Edit Packsize: the curly parsley counted in packs of another size, then Default Packsize again.
  const card = group.getByRole('article', { name: 'Herb Parsley Curly Organic' });
  await card.getByRole('button', { name: 'Options for Herb Parsley Curly Organic' }).click();
  await expect(page.getByRole('menuitem', { name: 'Default Packsize' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Edit Packsize' }).click();
  const packDialog = page.getByRole('dialog', { name: 'Edit Packsize' });
  await packDialog.getByLabel('Outer pack').fill('0');
  await expect(packDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await packDialog.getByLabel('Outer pack').fill('2');
  await packDialog.getByLabel('Inner pack').fill('10');
  await shoot(page, 'inventory-edit-packsize');
  const packSaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/pack-size'));
  await packDialog.getByRole('button', { name: 'Save' }).click();
  const packAnswer = await packSaved;
  expect(packAnswer.status()).toBe(200);
  const custom = ((await packAnswer.json()) as { data: { customPackSize: string } }).data.customPackSize;
  expect(custom).toMatch(/^2\/10 /);
  await expect(packDialog).toBeHidden();
  await expect(card).toContainText(custom);
  await card.getByRole('button', { name: 'Options for Herb Parsley Curly Organic' }).click();
  await page.getByRole('menuitem', { name: 'Default Packsize' }).click();
  await expect(card).toContainText(item.packSize);
  await expect(card).not.toContainText(custom);

  // Rename by double-click on the title.
  await group.getByRole('heading', { name: 'E2E parsley' }).dblclick();
  await page.getByLabel('Rename E2E parsley').fill('E2E flat parsley');
  await page.getByLabel('Rename E2E parsley').press('Enter');
  await expect(page.getByRole('region', { name: 'E2E flat parsley' })).toBeVisible();
  await expect.poll(async () => (await findGroup(page, 'E2E flat parsley'))?.id).toBe(counted!.id);
  // Rearrange: the new group (now first) moves one down; Save sends the order and comes back.
  await page.getByRole('link', { name: 'Rearrange' }).click();
  await expect(page.getByRole('heading', { name: 'Rearrange Generic Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'Move E2E flat parsley down' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/place-order\/inventory$/);
  await expect.poll(async () => (await findGroup(page, 'E2E flat parsley'))?.sort).toBe(1);

  // The name search (like) narrows the view to the new group, which keeps the screenshots short.
  await page.getByLabel('Search generic groups').fill('e2e');
  await expect(page.getByRole('region', { name: 'Chicken breast' })).toBeHidden();
  await shoot(page, 'inventory-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'E2E flat parsley' })).toBeVisible();
  await shoot(page, 'inventory-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The chef: read-only structure, counting still open (doc 2 §5).
  await signOut(page);
  await signIn(page, 'chef@demo.test');
  await page.goto('/place-order/inventory');
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveValue('Kitchen');
  await page.getByLabel('Search generic groups').fill('e2e');
  const chefGroup = page.getByRole('region', { name: 'E2E flat parsley' });
  await expect(chefGroup).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Chicken breast' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Click to add new generic group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage Inventory Lists' })).toHaveCount(0);
  await expect(chefGroup.getByRole('button', { name: /Delete|Add item to/ })).toHaveCount(0);
  await expect(chefGroup.getByRole('combobox', { name: 'Show Items in' })).toBeDisabled();
  await expect(chefGroup.getByRole('button', { name: /Edit Par Level/ })).toHaveCount(0);
  await expect(chefGroup.getByRole('textbox', { name: 'Cases of Herb Parsley Curly Organic' })).toBeEnabled();
  await shoot(page, 'inventory-chef');
});

test("price analytics: each group's price by month, opened from the inventory view", async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/place-order/inventory');
  await page.getByRole('link', { name: 'Price Analytics' }).click();
  await expect(page).toHaveURL(/\/place-order\/inventory\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Price Analytics', level: 1 })).toBeVisible();
  const chicken = page.getByRole('region', { name: 'Chicken breast' });
  // The demo orders chicken every week: its chart holds prices, labelled by MM/YY month.
  await expect(chicken.getByRole('img')).toHaveAttribute('aria-label', /^Average price paid per lb, by month: \d\d\/\d\d /);
  await expect(chicken.getByRole('img')).toHaveAttribute('aria-label', /\$\d+\.\d\d/);
  await shoot(page, 'inventory-price-analytics');
  await page.getByRole('link', { name: 'Back to Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
});
