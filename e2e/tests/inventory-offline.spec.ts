import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { GenericGroup, InventoryList } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Offline counting (doc 2 §4 "Connectivity and offline inventory", §8): at Harbor Catering, on a
 * list of the journey's own, the owner goes offline (the list is downloaded and marked on
 * inventory), loses the network, counts, is refused a list switch, a new group and a route change,
 * reloads the page without network (the shell comes from the service worker, the counts from
 * IndexedDB), cannot go online without a connection, then comes back and syncs: the count is on
 * the server and the list is no longer on inventory.
 */

// The shell must come back from the service worker, which the other journeys block.
test.use({ serviceWorkers: 'allow' });

const LIST = 'E2E offline cellar';
const OTHER_LIST = 'E2E offline bar';
const GROUP = 'E2E offline leeks';
const ITEM = 'E2E leeks, cellar';

async function api(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, data?: unknown) {
  const response = await page.request.fetch(`/api/v1/${url}`, { method, headers: await authHeaders(page), data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

/** Closes the message modal that shows `text` with its 'Ok!' button. */
async function dismiss(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok!' }).click();
  await expect(dialog).toBeHidden();
}

test('go offline, count without network, reload, and sync the count when back online', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, 'owner@demo.test');
  await page.getByLabel('Location').selectOption({ label: 'Harbor Catering' });
  await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('Harbor Catering');

  // A retry after a failed attempt finds that attempt's lists: removed first, so the names are free.
  for (const left of (await api(page, 'GET', 'comparison-views')) as InventoryList[]) {
    if (left.name === LIST || left.name === OTHER_LIST) await api(page, 'DELETE', `comparison-views/${left.id}`);
  }
  const list = (await api(page, 'POST', 'comparison-views', { name: LIST })) as InventoryList;
  const group = await api(page, 'POST', `comparison-views/${list.id}/groups`, { name: GROUP });
  const item = await api(page, 'POST', `comparison-views/${list.id}/groups/${group.id}/custom`, {
    description: ITEM,
    unitMeasure: 'CS',
    distributor: 'Harbor Cash & Carry',
    price: 12,
    packSize: { outerPack: 1, innerPack: 5, uom: 'LB' },
  });
  const other = (await api(page, 'POST', 'comparison-views', { name: OTHER_LIST })) as InventoryList;

  try {
    // Opened from another page of the app, so the browser's back button has an in-app page to go to.
    await page.goto('/help');
    await page.getByRole('link', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/place-order\/inventory$/);
    const listSelect = page.getByRole('combobox', { name: 'Inventory list' });
    await listSelect.click();
    await page.getByRole('option', { name: LIST }).click();
    await expect(listSelect).toHaveValue(LIST);
    const region = page.getByRole('region', { name: GROUP });
    await expect(region).toBeVisible();

    // Go Offline: the confirmation, the download, the list on inventory, the spec's text.
    await page.getByRole('button', { name: 'Go Offline' }).click();
    await page.getByRole('dialog', { name: 'Go Offline' }).getByRole('button', { name: 'Go Offline' }).click();
    await dismiss(page, 'You are now in offline mode');
    expect(((await api(page, 'GET', `comparison-views/${list.id}`)) as InventoryList).onInventory).toBe(true);
    await expect(page.getByRole('button', { name: 'Go Online' })).toBeVisible();

    // The network goes; counting goes on, on the device. The shell must be in the service worker's
    // precache first, or the reload below has nothing to come back from (a CI run reloaded too soon).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await dismiss(page, /You lost internet connectivity/);
    const cases = region.getByRole('textbox', { name: `Cases of ${ITEM}` });
    await cases.fill('3');
    await cases.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '1 unsynced' })).toBeVisible();
    await expect(region.getByLabel(`Amount on Hand of ${GROUP}`)).toContainText('$36.00');

    // Refusals: another list, a new group, a route away from the inventory.
    await listSelect.click();
    await page.getByRole('option', { name: OTHER_LIST }).click();
    await dismiss(page, 'Please enable Online Mode before switching inventory lists');
    await expect(listSelect).toHaveValue(LIST);
    await page.getByRole('button', { name: 'Click to add new generic group' }).first().click();
    await dismiss(page, 'Please enable online mode to add a new generic ingredient.');
    await page.getByRole('link', { name: 'Help / Report Issue' }).click();
    const leave = page
      .getByRole('dialog')
      .filter({ hasText: "You're in offline mode, please enable online mode before leaving" });
    await expect(leave).toBeVisible();
    await shoot(page, 'inventory-offline-leave');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/place-order\/inventory$/);
    // The browser's back button asks the same question, and Cancel stays on the inventory.
    await page.evaluate(() => window.history.back());
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/place-order\/inventory$/);

    // A reload without network: the browser asks first, then the shell and the count come back.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toContain('beforeunload');
    await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: GROUP }).getByRole('textbox', { name: `Cases of ${ITEM}` })).toHaveValue('3');
    await expect(page.getByRole('status').filter({ hasText: '1 unsynced' })).toBeVisible();

    // Going online needs a connection.
    await page.getByRole('button', { name: 'Go Online' }).click();
    await dismiss(page, 'You are currently not connected to the internet. Please reconnect before you can go online/offline');

    // Back online: one batch, the copy and the flags cleared, the count on the server.
    await context.setOffline(false);
    await dismiss(page, 'Internet connection is back');
    const synced = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/comparison-views/update-item-batch'),
    );
    await page.getByRole('button', { name: 'Go Online' }).click();
    expect((await synced).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Go Offline' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'unsynced' })).toHaveCount(0);
    expect(((await api(page, 'GET', `comparison-views/${list.id}`)) as InventoryList).onInventory).toBe(false);
    const groups = (await api(page, 'GET', `comparison-views/${list.id}/groups?expand=items`)) as GenericGroup[];
    expect(groups[0].items!.find((i) => i.id === item.id)).toMatchObject({ onHand: 3, totalOnHandAmount: 3600 });
  } finally {
    await context.setOffline(false);
    try {
      for (const id of [list.id, other.id]) await api(page, 'DELETE', `comparison-views/${id}`);
    } finally {
      // The active location outlives this session, and the journeys after this one start at Harbor
      // Grill: switched back even when a step above failed.
      if (!(await page.getByLabel('Location').isVisible())) await page.goto('/place-order/inventory');
      await page.getByLabel('Location').selectOption({ label: 'Harbor Grill' });
      await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('Harbor Grill');
    }
  }
});
