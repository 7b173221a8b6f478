import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { InventoryDetail, PastInventory } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Inventory lifecycle (doc 2 §2, §4 "Inventory lifecycle"; doc 3 §2.6, §4 "Inventory completion"):
 * at Harbor Catering (its own list, so Harbor Grill's counts stay as other journeys expect) the
 * owner starts an inventory on a date, counts an item, reviews and completes it ('Are you sure you
 * want to complete inventory?', 'The inventory's complete!'), finds it among past inventories,
 * views it with the missing-on-hand filter, downloads it, reopens it and completes it again.
 */

const LIST = 'E2E walk-in';
const GROUP = 'E2E shallots';
const ITEM = 'E2E shallots, cash & carry';

async function api(page: Page, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown) {
  const response = await page.request.fetch(`/api/v1/${url}`, { method, headers: await authHeaders(page), data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

test('start, count, review and complete an inventory, then view, download and reopen it', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'owner@demo.test');
  await page.getByLabel('Location').selectOption({ label: 'Harbor Catering' });
  await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('Harbor Catering');

  // A list of the journey's own: a group with a custom item and a second, uncounted one.
  const list = await api(page, 'POST', 'comparison-views', { name: LIST });
  const group = await api(page, 'POST', `comparison-views/${list.id}/groups`, { name: GROUP });
  for (const description of [ITEM, 'E2E shallots, farmers market'])
    await api(page, 'POST', `comparison-views/${list.id}/groups/${group.id}/custom`, {
      description,
      unitMeasure: 'CS',
      distributor: 'Harbor Cash & Carry',
      price: 24,
      packSize: { outerPack: 1, innerPack: 10, uom: 'LB' },
    });

  await page.goto('/place-order/inventory');
  // Harbor Catering's only list is the one shown.
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveValue(LIST);
  const region = page.getByRole('region', { name: GROUP });
  await expect(region).toBeVisible();

  // Start Inventory: a date, then the button turns into Review Inventory.
  await page.getByRole('button', { name: 'Start Inventory' }).click();
  const start = page.getByRole('dialog', { name: 'Start Inventory' });
  await start.getByLabel('Start date').fill('2026-11-01');
  await start.getByRole('button', { name: 'Start' }).click();
  await expect(start).toBeHidden();
  await expect(page.getByRole('link', { name: 'Review Inventory' })).toBeVisible();

  // Count 2 cases of one item: against the inventory under way (doc 2 §7), not the list.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/v1\/inventory\/\d+\/item\/\d+$/.test(r.url()),
  );
  await region.getByRole('textbox', { name: `Cases of ${ITEM}` }).fill('2');
  await region.getByRole('textbox', { name: `Cases of ${ITEM}` }).press('Enter');
  expect((await saved).status()).toBe(200);

  // Review, grouped by comparison view, then Complete Inventory with its confirmation.
  await page.getByRole('link', { name: 'Review Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory-view\/review-inventory$/);
  await expect(page.getByRole('heading', { name: 'Review Inventory' })).toBeVisible();
  const reviewed = page.getByRole('region', { name: GROUP });
  await expect(reviewed.getByRole('row', { name: new RegExp(ITEM) })).toContainText('$48.00');
  await shoot(page, 'inventories-review');
  await page.getByRole('button', { name: 'Complete Inventory' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to complete inventory?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText("The inventory's complete!")).toBeVisible();
  await expect(page).toHaveURL(/\/place-order\/inventory$/);
  await page.getByRole('button', { name: 'Ok!' }).click();
  await expect(page.getByRole('button', { name: 'Start Inventory' })).toBeVisible();
  await expect(region.getByRole('textbox', { name: `Cases of ${ITEM}` })).toHaveValue('');

  // Past inventories: the completed one, with View and Download.
  await page.goto('/inventory-view/inventories');
  const table = page.getByRole('table', { name: 'Past inventories' });
  const row = table.getByRole('row', { name: /11\/01\/2026/ });
  await expect(row).toContainText('$48.00');
  await shoot(page, 'inventories-list');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download the inventory of 11/01/2026' }).click();
  expect((await download).suggestedFilename()).toBe('inventory-2026-11-01.xlsx');

  await row.getByRole('link', { name: 'View the inventory of 11/01/2026' }).click();
  await expect(page).toHaveURL(/\/inventory-view\/inventories-detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Inventory of 11/01/2026' })).toBeVisible();
  const detailGroup = page.getByRole('region', { name: GROUP });
  await expect(detailGroup.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Show only items with missing on hand value').check();
  await expect(detailGroup.getByRole('row')).toHaveCount(2);
  await expect(detailGroup.getByRole('row', { name: new RegExp(ITEM) })).toHaveCount(0);
  await page.getByLabel('Show only items with missing on hand value').uncheck();
  await page.getByLabel('Search this inventory').fill('farmers');
  await expect(detailGroup.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search this inventory').fill('');
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(detailGroup).toBeHidden();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(detailGroup).toBeVisible();
  await shoot(page, 'inventories-detail');

  // The owner reopens it (counts come back), then completes it from the detail.
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('Under way')).toBeVisible();
  const reopened = (await api(page, 'GET', `inventory/${id}`)) as InventoryDetail;
  expect(reopened.inventory.status).toBe('active');
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText("The inventory's complete!")).toBeVisible();
  await expect(page).toHaveURL(/\/place-order\/inventory$/);
  const [latest] = (await api(page, 'GET', 'inventory')) as PastInventory[];
  expect(latest).toMatchObject({ id, status: 'completed', total_on_hand_value: 4800 });

  // Back to Harbor Grill: the active location outlives this session, and the journeys after this one start there.
  await page.getByLabel('Location').selectOption({ label: 'Harbor Grill' });
  await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('Harbor Grill');
});
