import { expect, test } from '../fixtures/test';
import type { CartLine, SuggestedOrdersResponse } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Suggested Order (issue 37): the owner opens it on the inventory view, reads why a line suggests
 * what it does, and puts one distributor's lines in the cart in one step; the cart then holds them
 * and the distributor has nothing more to order. Then a line ordered at ten times its suggestion
 * is flagged on review order with the reason, and the buyer confirms and goes on.
 */
test('open Suggested Order, read a line’s explanation, add a distributor’s lines to the cart, confirm a 10× line on review order', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/place-order/inventory');
  await page.getByRole('button', { name: 'Suggested Order' }).click();
  await expect(page.getByRole('heading', { name: 'Suggested Order', level: 2 })).toBeVisible();

  const headers = await authHeaders(page);
  const answer = (await (await page.request.get('/api/v1/suggested-orders', { headers })).json()) as SuggestedOrdersResponse;
  const order = answer.data.find((o) => o.lines.some((l) => l.group === 'Chicken breast'))!;
  const line = order.lines.find((l) => l.group === 'Chicken breast')!;

  const section = page.getByRole('region', { name: order.distributor });
  await expect(section).toBeVisible();
  const why = section.getByRole('button', { name: `Why ${line.cases} cases of Chicken breast?` });
  await why.click();
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  await expect(section.getByText(line.explanation)).toBeVisible();
  await expect(section.getByText(`= ${line.need} ${line.unit}`)).toBeVisible();
  await shoot(page, 'suggested-order');

  await section.getByRole('button', { name: `Add ${order.distributor}'s lines to cart` }).click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  await expect(section).toBeHidden();
  const cart = (await (await page.request.get('/api/v1/shopping-carts', { headers })).json()).data.shoppingCart as CartLine[];
  for (const suggested of order.lines) {
    const cartLine = cart.find((l) => l.itemDistributorId === suggested.itemDistributorId);
    expect(cartLine?.quantity ?? 0).toBeGreaterThanOrEqual(suggested.cases);
  }

  // Review order: ten times the suggestion is over twice it, so the guard says so.
  const tenfold = line.cases * 10;
  // The cart's current version, as the web app sends it: an older one leaves the line to the other change.
  const { lastModified } = (await (await page.request.get('/api/v1/shopping-carts', { headers })).json()).data as {
    lastModified: string;
  };
  const saved = await page.request.post('/api/v1/shopping-carts', {
    headers,
    data: { itemList: [{ itemDistributorId: line.itemDistributorId, quantity: tenfold }], lastModified },
  });
  expect(saved.status()).toBe(200);
  const savedCart = (await saved.json()).data as { shoppingCart: CartLine[] };
  expect(savedCart.shoppingCart.find((l) => l.itemDistributorId === line.itemDistributorId)?.quantity).toBe(tenfold);
  await page.goto('/checkout-ordering/review-order');
  const guard = page.getByRole('status', { name: 'Check before ordering' });
  await expect(guard).toContainText(`: ${tenfold} is over twice the suggested ${line.cases}.`);
  await shoot(page, 'suggested-order-guard');
  await guard.getByRole('button', { name: 'Confirm and go on' }).click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
});

test('Suggested Order as a filter of the place-order list shows only the items suggested, with their cases', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/place-order/list');
  const headers = await authHeaders(page);
  const answer = (await (await page.request.get('/api/v1/suggested-orders', { headers })).json()) as SuggestedOrdersResponse;
  const line = answer.data.flatMap((o) => o.lines)[0];

  const filter = page.getByRole('switch', { name: 'Suggested Order: show only the items suggested' });
  await filter.check();
  await expect(page.getByRole('heading', { name: 'Your items', level: 2 })).toBeHidden();
  const row = page.getByRole('listitem', { name: line.group });
  await expect(row).toContainText(line.item);
  await expect(row).toContainText(`Suggested ${line.cases} ${line.cases === 1 ? 'case' : 'cases'}`);
  await shoot(page, 'suggested-order-list-filter');

  await filter.uncheck();
  await expect(page.getByRole('heading', { name: 'Your items', level: 2 })).toBeVisible();
});
