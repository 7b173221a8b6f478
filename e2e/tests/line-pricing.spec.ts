import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { ListItem, OrderHistoryRow, OrderSummary } from '@stockpot/domain';
import { authHeaders, clearCart, saveCart } from '../fixtures/api';
import { signIn } from '../fixtures/session';

/**
 * Line amounts a buyer can trust (issue 32): a catch-weight item in the cart shows its estimate at
 * the average case weight and moves the minimum-order bar by it; a market-price line on the order
 * view says "Market price". The owner of Harbor Grill; the journey leaves the cart empty.
 */

const REVIEW = '/checkout-ordering/review-order';

async function listItems(page: Page, distributorIds: number[], pageNumber: number): Promise<ListItem[]> {
  const query = new URLSearchParams({
    filterOptions: JSON.stringify({ sort: 'a-z', distributorIds }),
    limit: '100',
    page: String(pageNumber),
  });
  const response = await page.request.get(`/api/v1/items?${query}`, { headers: await authHeaders(page) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ListItem[] }).data;
}

/** An orderable catch-weight item priced per pound with an average weight, preferring one under a minimum (558). */
async function findCatchWeightItem(page: Page): Promise<ListItem> {
  const isWanted = (item: ListItem) =>
    item.isCatchWeight &&
    item.unitMeasure === 'LB' &&
    item.averageWeight !== null &&
    item.status === 'active' &&
    !item.isUnpurchasable &&
    !item.isPunchedOut &&
    !item.isMarketPrice;
  for (const distributorIds of [[558], []]) {
    for (let pageNumber = 1; pageNumber <= 30; pageNumber += 1) {
      const items = await listItems(page, distributorIds, pageNumber);
      const found = items.find(isWanted);
      if (found) return found;
      if (items.length < 100) break;
    }
  }
  throw new Error('no catch-weight item with an average weight in the demo catalogue');
}

/** Cents of price (cents per lb) × weight (decimal lb), rounded half up, worked out here apart from the app's rule. */
function estimateCents(priceCents: number, weight: string): number {
  const [whole, fraction = ''] = weight.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const exact = BigInt(priceCents) * BigInt(whole + fraction);
  return Number((2n * exact + scale) / (2n * scale));
}

const money = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

test('a catch-weight item in the cart shows its estimate and moves the minimum-order bar', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await clearCart(page);
  const item = await findCatchWeightItem(page);
  await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
  await page.goto(REVIEW);

  const estimate = estimateCents(item.price, item.averageWeight!);
  const tenths = estimateCents(10, item.averageWeight!);
  const pounds = tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
  await expect(page.getByLabel(`Line total of ${item.name}`)).toHaveText(`≈ ${money(estimate)}, about ${pounds} lb`);
  // A phone shows the same amount under the line's quantity, not only its price per pound.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel(`Line total of ${item.name}`)).toHaveText(`≈ ${money(estimate)}, about ${pounds} lb`);
  await page.setViewportSize({ width: 1280, height: 900 });
  const bar = page.getByRole('progressbar', { name: `Minimum order progress for ${item.distributor}` });
  await expect(bar).toBeVisible();
  // The cart holds only this item: its distributor's group is the only one on the page.
  const minimumText = page.getByText(/minimum order/i).first();
  const text = (await minimumText.textContent()) ?? '';
  const minimum = /of the \$([\d,]+\.\d\d) minimum|Minimum order of \$([\d,]+\.\d\d) reached/.exec(text);
  if (minimum) {
    const minCents = Math.round(Number((minimum[1] ?? minimum[2]).replace(/,/g, '')) * 100);
    const progress = Math.min(100, Math.floor((estimate * 100) / minCents));
    await expect(bar).toHaveAttribute('aria-valuenow', String(progress));
    // The estimate counts, not the price of one pound.
    expect(progress).toBeGreaterThan(Math.floor((item.price * 100) / minCents));
    if (progress < 100) expect(text).toBe(`≈ ${money(estimate)} of the ${money(minCents)} minimum order`);
  }
  // The order summary's total is the estimate too.
  await expect(page.getByText(`≈ ${money(estimate)}`, { exact: true })).toBeVisible();
  await clearCart(page);
});

test('a market-price line on the order view says "Market price"', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const headers = await authHeaders(page);
  let found: { order: OrderSummary; name: string } | null = null;
  for (let pageNumber = 1; pageNumber <= 5 && !found; pageNumber += 1) {
    const list = await page.request.get(`/api/v1/orders?page=${pageNumber}`, { headers });
    const orders = ((await list.json()) as { data: OrderHistoryRow[] }).data.filter((o) => o.status !== 'cancelled');
    for (const row of orders) {
      const response = await page.request.get(`/api/v1/orders/${row.id}?expand=items`, { headers });
      const order = ((await response.json()) as { data: OrderSummary }).data;
      const line = order.items.find((i) => i.isMarketPrice === 1 && !i.isSpecial && !i.isEdited);
      if (line) {
        found = { order, name: line.item };
        break;
      }
    }
  }
  expect(found, 'a demo order with a market-price line').not.toBeNull();
  await page.goto(`/order-history/view/${found!.order.id}`);
  const row = page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: found!.name }).first();
  await expect(row.getByRole('cell', { name: 'Market price', exact: true })).toHaveCount(2);
  await expect(row).not.toContainText('$0.00');
});
