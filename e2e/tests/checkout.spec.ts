import { expect, test } from '../fixtures/test';
import type { Page, Request } from '@playwright/test';
import type { ListItem } from '@stockpot/domain';
import { authHeaders, clearCart, getCart, saveCart } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Checkout journeys (doc 1 §2 review order, shipping and payment, final review; §5 minimum order,
 * delivery slots and cards; §7 POST /orders; §8 order errors). The owner of Harbor Grill checks out.
 * Every journey starts from an empty cart and no saved card, and leaves both that way, because the
 * other journeys share the database.
 */

const USER = 'owner@demo.test';
const LIST = '/place-order/list';
const REVIEW = '/checkout-ordering/review-order';
const HARBORLINE = { id: 531, name: 'Harborline Foodservice' };
const NORTHEAST = { id: 558, name: 'Northeast Provisions' };

async function deleteAllCards(page: Page): Promise<void> {
  const headers = await authHeaders(page);
  const response = await page.request.get('/api/v1/payment-methods', { headers });
  const cards = ((await response.json()) as { data: { token: string }[] }).data;
  for (const card of cards) {
    const deleted = await page.request.delete(`/api/v1/payment-methods/${encodeURIComponent(card.token)}`, { headers });
    expect(deleted.ok()).toBe(true);
  }
}

/** A plain orderable item of a distributor (active, not call-in, not punched out, priced). */
async function findItem(
  page: Page,
  distributorId: number,
  predicate: (item: ListItem) => boolean = () => true,
): Promise<ListItem> {
  const query = new URLSearchParams({
    filterOptions: JSON.stringify({ sort: 'a-z', distributorIds: [distributorId] }),
    limit: '100',
    page: '1',
  });
  const response = await page.request.get(`/api/v1/items?${query}`, { headers: await authHeaders(page) });
  const items = ((await response.json()) as { data: ListItem[] }).data;
  const found = items.find(
    (item) => item.status === 'active' && !item.isUnpurchasable && !item.isPunchedOut && !item.isMarketPrice && predicate(item),
  );
  if (!found) throw new Error(`No plain item of distributor ${distributorId}`);
  return found;
}

type MatchLine = { distributorId: number; swap: unknown; matches: { itemDistributorId: number; name: string }[] };

async function getMatches(page: Page): Promise<MatchLine[]> {
  const response = await page.request.get('/api/v1/items/shopping-cart-matches', { headers: await authHeaders(page) });
  return ((await response.json()) as { data: MatchLine[] }).data;
}

/**
 * A plain item of a distributor that, alone in the cart, has (or has not) savings matches left to
 * decide: Checkout on review order leads through savings exactly then (doc 1 §4). Leaves the cart empty.
 */
async function findItemBySavings(page: Page, distributorId: number, withMatches: boolean): Promise<ListItem> {
  const query = new URLSearchParams({
    filterOptions: JSON.stringify({ sort: 'a-z', distributorIds: [distributorId] }),
    limit: '30',
    page: '1',
  });
  const response = await page.request.get(`/api/v1/items?${query}`, { headers: await authHeaders(page) });
  const items = ((await response.json()) as { data: ListItem[] }).data.filter(
    (item) => item.status === 'active' && !item.isUnpurchasable && !item.isPunchedOut && !item.isMarketPrice,
  );
  for (const item of items) {
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    const lines = await getMatches(page);
    await clearCart(page);
    const undecided = lines.some((l) => l.swap === null && l.matches.length > 0);
    if (undecided === withMatches) return item;
  }
  throw new Error(`No item of distributor ${distributorId} ${withMatches ? 'with' : 'without'} savings matches`);
}

async function start(page: Page): Promise<void> {
  await signIn(page, USER);
  await clearCart(page);
  await deleteAllCards(page);
}

async function finish(page: Page): Promise<void> {
  await clearCart(page);
  await deleteAllCards(page);
}

/** Review order → Checkout of one distributor → shipping and payment with a delivery date chosen. */
async function checkoutToShipping(page: Page, distributor: { name: string }): Promise<void> {
  await page.goto(REVIEW);
  await page.getByRole('button', { name: `Checkout ${distributor.name}` }).click();
  await expect(page).toHaveURL(/\/checkout-ordering\/shipping-payment$/);
  await expect(page.getByRole('heading', { name: `Delivery from ${distributor.name}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Delivery date' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
}

async function addCardInModal(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Step 1 of 2')).toBeVisible();
  await modal.getByLabel('Card number').fill(number);
  await modal.getByLabel('Expiration date').pressSequentially('1230');
  await modal.getByLabel('Security code').fill('123');
  await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByLabel('Address line 1').fill('140 Atlantic Avenue');
  await modal.getByLabel('City').fill('Boston');
  await modal.getByLabel('State').fill('MA');
  await modal.getByLabel('Zip').fill('02110');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.getByRole('button', { name: 'Use this card' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(`ending in ${number.slice(-4)}`)).toBeVisible();
}

function isOrderPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders';
}

test.describe('checkout: review order, shipping and payment, final review', () => {
  test('on payment terms from the place-order list to the thank-you dialog', async ({ page }) => {
    await start(page);
    const item = await findItemBySavings(page, HARBORLINE.id, false);
    const name = `${item.name} (${item.distributor} #${item.din})`;

    // Place order: find the item and add it.
    await page.goto(LIST);
    const box = page.getByRole('combobox', { name: 'Search items' });
    await box.fill(item.din);
    await box.press('Enter');
    await page.getByRole('button', { name: `Add ${name}` }).click();
    await expect.poll(async () => (await getCart(page)).shoppingCart.length).toBe(1);
    await page.getByRole('link', { name: 'Cart, 1 items' }).click();

    // Review order (step 3).
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    // The step bar is in the header (doc 1 §2), and the header's Back returns to the list.
    await expect(
      page
        .getByRole('banner')
        .getByRole('navigation', { name: 'Checkout steps' })
        .getByRole('link', { name: /REVIEW ORDER/ }),
    ).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/place-order\/list/);
    await page.goForward();
    await expect(page.getByText('You have 1 order(s) to review for Harbor Grill')).toBeVisible();
    await expect(page.getByRole('listitem', { name: item.name })).toBeVisible();
    await shoot(page, 'checkout-review-order-desktop');
    await page.getByRole('button', { name: `Checkout ${HARBORLINE.name}` }).click();

    // Shipping and payment (step 5): the date is required, 531 has the two half-day slots.
    await expect(page).toHaveURL(/\/checkout-ordering\/shipping-payment$/);
    await page.getByRole('button', { name: 'Continue to Final Review' }).click();
    await expect(page.getByText('Please choose a delivery date.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Delivery date' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Delivery time' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['9am-1pm', '1pm-5pm']);
    await page.getByRole('option', { name: '1pm-5pm' }).click();
    const clear = page.getByRole('button', { name: 'Clear note' });
    await expect(clear).toBeDisabled();
    await page.getByLabel('Delivery note').fill('Back door, please');
    await expect(clear).toBeEnabled();
    await expect(page.getByLabel('Promo code')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(page.getByText('The distributor cannot guarantee delivery of special requests.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Payment terms' })).toBeChecked();
    await shoot(page, 'checkout-shipping-payment-desktop');
    await page.getByRole('button', { name: 'Continue to Final Review' }).click();

    // Final review (step 6): a double click places one order, with an Idempotency-Key.
    await expect(page).toHaveURL(/\/checkout-ordering\/final-review$/);
    await expect(page.getByText('Delivery time: 1pm-5pm')).toBeVisible();
    await expect(page.getByText('Note: Back door, please')).toBeVisible();
    await shoot(page, 'checkout-final-review-desktop');
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (isOrderPost(request)) posts.push(request);
    });
    const answer = page.waitForResponse((response) => isOrderPost(response.request()));
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    expect((await answer).status()).toBe(201);
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(thanks).toBeVisible();
    expect(posts).toHaveLength(1);
    const body = posts[0].postDataJSON();
    expect(posts[0].headers()['idempotency-key']).toBeTruthy();
    expect(body).toMatchObject({
      paymentType: 'terms',
      distributorId: HARBORLINE.id,
      requestedDeliveryTime: '1pm-5pm',
      notes: 'Back door, please',
      productPrice: item.price,
    });
    expect(JSON.parse(body.itemList)).toEqual([
      expect.objectContaining({ itemDistributorId: item.itemDistributorId, quantity: 1 }),
    ]);

    // The dialog closes itself and the buyer is back on review order, with an empty cart.
    await expect(thanks).toBeHidden();
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Place Order' })).toHaveAttribute('href', LIST);
    expect((await getCart(page)).shoppingCart).toHaveLength(0);
    await finish(page);
  });

  test('by test card 4242 4242 4242 4242', async ({ page }) => {
    await start(page);
    const item = await findItemBySavings(page, HARBORLINE.id, false);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 2 }]);
    await checkoutToShipping(page, HARBORLINE);

    await page.getByRole('radio', { name: 'Credit card' }).check();
    await expect(page.getByText('No card chosen yet.')).toBeVisible();
    await addCardInModal(page, '4242 4242 4242 4242');
    await shoot(page, 'checkout-card-chosen-desktop');
    await page.getByRole('button', { name: 'Continue to Final Review' }).click();
    await expect(page.getByText('Payment: Credit card')).toBeVisible();

    const answer = page.waitForResponse((response) => isOrderPost(response.request()));
    await page.getByRole('button', { name: 'Submit' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ paymentType: 'card', productPrice: item.price * 2 });
    expect(response.request().postDataJSON().payment_token).toMatch(/^tok_test_/);
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    expect((await getCart(page)).shoppingCart).toHaveLength(0);
    await finish(page);
  });

  test('an order under the required minimum opens the minimum-order modal', async ({ page }) => {
    await start(page);
    const item = await findItem(page, NORTHEAST.id, (i) => i.price < 25_000);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    await page.goto(REVIEW);
    await expect(page.getByRole('progressbar', { name: `Minimum order progress for ${NORTHEAST.name}` })).toBeVisible();
    await page.getByRole('button', { name: `Checkout ${NORTHEAST.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Price below $250.00' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Minimum price required for placing order is $250.00 !');
    await shoot(page, 'checkout-minimum-order-desktop');
    await modal.getByRole('button', { name: 'Ok!' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    await finish(page);
  });

  test('a declined card (4000 0000 0000 0002) shows the reason and leaves the cart intact', async ({ page }) => {
    await start(page);
    const item = await findItemBySavings(page, HARBORLINE.id, false);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    const before = await getCart(page);
    await checkoutToShipping(page, HARBORLINE);
    await page.getByRole('radio', { name: 'Credit card' }).check();
    await addCardInModal(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Continue to Final Review' }).click();

    const answer = page.waitForResponse((response) => isOrderPost(response.request()));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await answer).status()).toBe(402);
    const error = page.getByRole('dialog', { name: 'Order not placed' });
    await expect(error).toContainText('Your card was declined.');
    await shoot(page, 'checkout-card-declined-desktop');
    await error.getByRole('button', { name: 'Ok!' }).click();
    await expect(page).toHaveURL(/\/checkout-ordering\/final-review$/);
    expect((await getCart(page)).shoppingCart.map((l) => [l.id, l.quantity])).toEqual(
      before.shoppingCart.map((l) => [l.id, l.quantity]),
    );
    await finish(page);
  });

  test('savings: Reject and cancel it, Swap and Swap back, then Done - Review Cart', async ({ page }) => {
    await start(page);
    const headers = await authHeaders(page);
    const query = new URLSearchParams({
      filterOptions: JSON.stringify({ sort: 'a-z', distributorIds: [HARBORLINE.id] }),
      limit: '30',
      page: '1',
    });
    const candidates = ((await (await page.request.get(`/api/v1/items?${query}`, { headers })).json()) as { data: ListItem[] })
      .data;
    type Match = { itemDistributorId: number; name: string; distributor: string };
    let found: { item: ListItem; matches: Match[] } | null = null;
    for (const item of candidates.filter((i) => i.status === 'active' && !i.isUnpurchasable && !i.isPunchedOut)) {
      await clearCart(page);
      await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
      const lines = (
        (await (await page.request.get('/api/v1/items/shopping-cart-matches', { headers })).json()) as {
          data: { matches: Match[] }[];
        }
      ).data;
      // Two matches a person can tell apart (by name or by distributor): savings options carry the item's own name.
      const [a, b] = lines[0]?.matches ?? [];
      if (a && b && `${a.name}, ${a.distributor}` !== `${b.name}, ${b.distributor}`) {
        found = { item, matches: lines[0].matches };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { item, matches } = found!;
    const [first, second] = matches;

    await page.goto('/checkout-ordering/savings');
    await expect(page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('link', { name: /SAVINGS/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const section = page.getByRole('region', { name: item.name });
    const label = (match: Match) => `${match.name} from ${match.distributor}`;
    await expect(section.getByRole('listitem', { name: `${second.name}, ${second.distributor}` })).toBeVisible();
    await shoot(page, 'checkout-savings-desktop');

    // Reject one match, then cancel the reject.
    await section.getByRole('button', { name: `Reject ${label(second)} for ${item.name}` }).click();
    await expect(section.getByRole('button', { name: `Cancel reject of ${label(second)}` })).toBeVisible();
    await expect(section.getByRole('listitem', { name: `${second.name}, ${second.distributor}` })).toHaveCount(0);
    await section.getByRole('button', { name: `Cancel reject of ${label(second)}` }).click();
    await expect(section.getByRole('listitem', { name: `${second.name}, ${second.distributor}` })).toBeVisible();

    // Swap to the first match: the cart line now holds it; Swap back restores the original.
    await section.getByRole('button', { name: `Swap ${item.name} for ${label(first)}` }).click();
    const swapBack = page.getByRole('button', { name: `Swap back to ${item.name}` });
    await expect(swapBack).toBeVisible();
    await expect(page.getByRole('button', { name: `Reject ${label(second)} for ${item.name}` })).toHaveCount(0);
    await expect
      .poll(async () => (await getCart(page)).shoppingCart.map((l) => l.itemDistributorId))
      .toEqual([first.itemDistributorId]);
    await swapBack.click();
    await expect(section.getByRole('listitem', { name: `${first.name}, ${first.distributor}` })).toBeVisible();
    await expect
      .poll(async () => (await getCart(page)).shoppingCart.map((l) => l.itemDistributorId))
      .toEqual([item.itemDistributorId]);

    await page.getByRole('button', { name: 'Done - Review Cart' }).click();
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    await finish(page);
  });

  test('Checkout meets savings when the order has matches, and goes on to shipping; on a phone each step starts at the top', async ({
    page,
  }) => {
    // A short phone screen, so the savings step scrolls before its buttons.
    await page.setViewportSize({ width: 390, height: 500 });
    await start(page);
    const item = await findItemBySavings(page, HARBORLINE.id, true);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    // From the cart icon, as a buyer starts (issue 23).
    await page.goto(LIST);
    await page.getByRole('link', { name: 'Cart, 1 items' }).click();
    await expect(page).toHaveURL(/\/checkout-ordering\/review-order$/);
    await page.getByRole('button', { name: `Checkout ${HARBORLINE.name}` }).click();

    // Savings (step 2), then on to shipping and payment from its bottom.
    await expect(page).toHaveURL(/\/checkout-ordering\/savings$/);
    await expect(page.getByRole('region', { name: item.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Done - Review Cart' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Continue to Shipping and Payment' });
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await next.click();
    await expect(page).toHaveURL(/\/checkout-ordering\/shipping-payment$/);
    await expect(page.getByRole('heading', { name: `Delivery from ${HARBORLINE.name}` })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The header reads whole on a phone (issue 34): the title is not cut to 'Shipping and…', and
    // the last step chip is inside the screen, down to a 320 px one.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 640 });
      const title = page.getByRole('heading', { level: 1, name: 'Shipping and Payment' });
      await expect(title).toBeVisible();
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight)).toBe(true);
      const steps = page.getByRole('navigation', { name: 'Checkout steps' });
      const last = steps.getByRole('listitem').last();
      await expect(last).toBeInViewport({ ratio: 1 });
      const box = await last.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(await page.evaluate(() => document.documentElement.clientWidth));
      expect(await steps.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'checkout-shipping-payment-header-phone');
    await finish(page);
  });

  test('on a phone: review order submits with a delivery date and time', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await start(page);
    const item = await findItem(page, HARBORLINE.id);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    await page.goto(REVIEW);
    const delivery = page.getByRole('region', { name: `Delivery from ${HARBORLINE.name}` });
    const submit = delivery.getByRole('button', { name: `Submit ${HARBORLINE.name}` });

    // Submit without a date says what is missing and sends nothing.
    await submit.click();
    await expect(delivery.getByText('Please choose a delivery date.')).toBeVisible();
    await delivery.getByRole('combobox', { name: 'Delivery date' }).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await delivery.getByRole('combobox', { name: 'Delivery time' }).click();
    await page.getByRole('option', { name: '9am-1pm' }).click();
    await expect(delivery.getByText('Payment: Payment terms')).toBeVisible();
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'checkout-review-order-submit-phone');

    const answer = page.waitForResponse((response) => isOrderPost(response.request()));
    await submit.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      paymentType: 'terms',
      distributorId: HARBORLINE.id,
      requestedDeliveryTime: '9am-1pm',
      requestedDeliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect((await getCart(page)).shoppingCart).toHaveLength(0);
    await finish(page);
  });

  test('on a phone: rows fit, the quantity opens the edit modal and the row can be deleted', async ({ page }) => {
    // Its conflict below is the rare case the warning is for (issue 40): a browser that missed the
    // live update (its stream cut) still holds the old cart when it saves.
    await page.route('**/api/v1/events**', (route) => route.abort());
    await page.setViewportSize({ width: 390, height: 844 });
    await start(page);
    const item = await findItem(page, HARBORLINE.id);
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 1 }]);
    await page.goto(REVIEW);
    const row = page.getByRole('listitem', { name: item.name });
    await row.getByRole('button', { name: `Edit quantity of ${item.name}, 1` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit quantity' });
    await modal.getByLabel(`Quantity of ${item.name}`).fill('4');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await getCart(page)).shoppingCart.map((l) => l.quantity)).toEqual([4]);
    await expect(row.getByRole('button', { name: `Edit quantity of ${item.name}, 4` })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, 'checkout-review-order-phone');

    // Someone else sets 6 meanwhile (doc 1 §4 "Simultaneous shopping"): this buyer's 3 from the
    // editor is not dropped unseen; the warning shows both, and Apply keeps the 3 (issue 34).
    await saveCart(page, [{ itemDistributorId: item.itemDistributorId, quantity: 6 }]);
    await row.getByRole('button', { name: `Edit quantity of ${item.name}, 4` }).click();
    await modal.getByLabel(`Quantity of ${item.name}`).fill('3');
    await modal.getByRole('button', { name: 'Save' }).click();
    const warning = page.getByRole('dialog', { name: 'Someone else changed this cart' });
    const changed = warning.getByRole('list', { name: 'Changed lines' }).getByRole('listitem');
    await expect(changed).toContainText(item.name);
    await expect(changed).toContainText('Current quantity: 6');
    await expect(changed).toContainText('Modify-to quantity: 3');
    await shoot(page, 'checkout-review-order-conflict-phone');
    await warning.getByRole('button', { name: 'Apply' }).click();
    await expect(warning).toBeHidden();
    await expect.poll(async () => (await getCart(page)).shoppingCart.map((l) => l.quantity)).toEqual([3]);
    await expect(row.getByRole('button', { name: `Edit quantity of ${item.name}, 3` })).toBeVisible();
    await row.getByRole('button', { name: `Remove ${item.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to remove this item?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await finish(page);
  });
});
