import { expect, test } from '../fixtures/test';
import type { CartLine, SuggestedOrdersResponse } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Suggested Order (issue 37): the owner opens it on the inventory view, reads why a line suggests
 * what it does, and puts one distributor's lines in the cart in one step; the cart then holds them
 * and the distributor has nothing more to order.
 */
test('open Suggested Order, read a line’s explanation, add a distributor’s lines to the cart', async ({ page }) => {
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
});
