import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { ListItem } from '@stockpot/domain';
import { authHeaders, clearCart, getCart } from '../fixtures/api';
import { signIn } from '../fixtures/session';

/**
 * Live cart (issue 40): a laptop and a phone of one buyer shop the same location's cart; each sees
 * the other's change within a second, without reloading. The live stream is the only way the
 * change can reach the other browser here: neither page reloads nor navigates after the save.
 */

const USER = 'chef@demo.test';
const LIST = '/place-order/list';
/** The bound: an event reaches a second browser within a second. */
const LIVE_MS = 1_000;

async function findPlainItem(page: Page): Promise<ListItem> {
  const query = new URLSearchParams({ filterOptions: JSON.stringify({ sort: 'a-z' }), limit: '100', page: '1' });
  const response = await page.request.get(`/api/v1/items?${query}`, { headers: await authHeaders(page) });
  const items = ((await response.json()) as { data: ListItem[] }).data;
  const item = items.find((i) => i.status === 'active' && !i.isUnpurchasable && !i.isPunchedOut && !i.isMarketPrice);
  if (!item) throw new Error('No plain demo item on the first page');
  return item;
}

/** Opens the list filtered to one item, and waits until the page's live stream is open. */
async function openListOn(page: Page, din: string): Promise<void> {
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events');
  await page.goto(LIST);
  const box = page.getByRole('combobox', { name: 'Search items' });
  await box.fill(din);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: `Results for “${din}”` })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
}

const savedCart = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/api/v1/shopping-carts'));

test('two browsers on one cart see each other’s changes within a second', async ({ page, browser }) => {
  await signIn(page, USER);
  await clearCart(page);
  const item = await findPlainItem(page);
  const row = `${item.name} (${item.distributor} #${item.din})`;

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await phoneContext.newPage();
  try {
    await signIn(phone, USER);
    await Promise.all([openListOn(page, item.din), openListOn(phone, item.din)]);
    await expect(phone.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    // The laptop adds the item; once the save is answered, the phone shows it within the second.
    const laptopSave = savedCart(page);
    await page.getByRole('button', { name: `Add ${row}` }).click();
    expect((await laptopSave).ok()).toBe(true);
    await expect(phone.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible({ timeout: LIVE_MS });
    await expect(phone.getByRole('textbox', { name: `Quantity of ${row}` })).toHaveValue('1', { timeout: LIVE_MS });

    // And back: the phone sets 4, the laptop follows, with no warning on either side.
    const phoneSave = savedCart(phone);
    await phone.getByRole('textbox', { name: `Quantity of ${row}` }).fill('4');
    expect((await phoneSave).ok()).toBe(true);
    await expect(page.getByRole('textbox', { name: `Quantity of ${row}` })).toHaveValue('4', { timeout: LIVE_MS });
    await expect(page.getByRole('dialog', { name: 'Someone else changed this cart' })).toBeHidden();
    expect((await getCart(page)).shoppingCart.map((line) => line.quantity)).toEqual([4]);
  } finally {
    await phoneContext.close();
    await clearCart(page);
  }
});
