import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { shoot, signIn } from '../fixtures/session';

const PHONE = { width: 390, height: 844 };

/** Step 1 of 2: the card itself. */
async function fillCard(page: Page, { number = '4242 4242 4242 4242', expiry = '1230', cvc = '123', nickname = '' } = {}) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').pressSequentially(expiry);
  await page.getByLabel('Security code').fill(cvc);
  if (nickname) await page.getByLabel('Nickname').fill(nickname);
}

/** Step 2 of 2: the billing address. */
async function fillBilling(page: Page, { zip = '02110' } = {}) {
  await page.getByLabel('Address line 1').fill('140 Atlantic Avenue');
  await page.getByLabel('Address line 2').fill('Suite 2');
  await page.getByLabel('City').fill('Boston');
  await page.getByLabel('State').fill('MA');
  await page.getByLabel('Zip').fill(zip);
}

/** Every journey starts and ends with no saved card: the demo data has none. */
async function expectNoCards(page: Page) {
  await page.goto('/manage-cards');
  await expect(page.getByRole('heading', { name: 'No cards saved yet' })).toBeVisible();
}

async function addCard(page: Page, nickname: string) {
  await page.goto('/manage-cards/add-card');
  await fillCard(page, { nickname });
  await page.getByRole('button', { name: 'Next' }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/manage-cards$/);
}

async function deleteCard(page: Page, name: string) {
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: `Delete ${name}` }).click();
  await item
    .getByRole('group', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(item).toHaveCount(0);
}

test.describe('cards: saved cards and the test gateway', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'owner@demo.test');
  });

  test('adds 4242 4242 4242 4242 in two steps, edits it and deletes it inline', async ({ page }) => {
    await expectNoCards(page);
    await shoot(page, 'manage-cards-empty-desktop');

    await page.getByRole('link', { name: 'Add Card' }).click();
    await expect(page).toHaveURL(/\/manage-cards\/add-card$/);
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await fillCard(page, { nickname: 'Kitchen Visa' });
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiration date')).toHaveValue('12 / 30');
    await expect(next).toBeEnabled();
    await shoot(page, 'add-card-step-1-desktop');
    await next.click();

    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await fillBilling(page);
    await shoot(page, 'add-card-step-2-desktop');
    // The card goes to the gateway's endpoint, and only the token to the API.
    const tokenise = page.waitForRequest('**/payment-gateway/test/tokens');
    const save = page.waitForRequest((r) => r.url().endsWith('/api/v1/payment-methods') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await tokenise).postDataJSON()).toMatchObject({ number: '4242424242424242', cvc: '123' });
    const saved = (await save).postDataJSON();
    expect(saved.token).toMatch(/^tok_test_/);
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');

    await expect(page).toHaveURL(/\/manage-cards$/);
    const card = page.getByRole('listitem', { name: 'Visa ending in 4242' });
    await expect(card).toContainText('Kitchen Visa');
    await expect(card).toContainText('Expires 12/30');
    await expect(card.getByText('Default', { exact: true })).toBeVisible();
    await shoot(page, 'manage-cards-list-desktop');

    await card.getByRole('link', { name: 'Edit Visa ending in 4242' }).click();
    await expect(page).toHaveURL(/\/manage-cards\/update-card\/tok_test_/);
    await expect(page.getByLabel('Nickname')).toHaveValue('Kitchen Visa');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByLabel('Nickname').fill('Bar Visa');
    await shoot(page, 'update-card-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/manage-cards$/);
    await expect(card).toContainText('Bar Visa');

    await card.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
    const question = card.getByRole('group', { name: 'Delete Visa ending in 4242?' });
    await expect(question).toContainText('Delete this card?');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shoot(page, 'manage-cards-delete-confirm-desktop');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await deleteCard(page, 'Visa ending in 4242');
    await expect(page.getByRole('heading', { name: 'No cards saved yet' })).toBeVisible();
  });

  test("a bad card number shows the gateway's message", async ({ page }) => {
    await page.goto('/manage-cards/add-card');
    await fillCard(page, { number: '4242 4242 4242 4241' });
    const numberField = page.getByLabel('Card number');
    await expect(page.getByText('Your card number is incorrect.')).toBeVisible();
    await expect(numberField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The same words the gateway answers for that number.
    const answer = await page.request.post('/payment-gateway/test/tokens', {
      data: { number: '4242424242424241', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(answer.status()).toBe(402);
    expect((await answer.json()).error.message).toBe('Your card number is incorrect.');
    await shoot(page, 'add-card-bad-number-desktop');
  });

  test('a bad zip shows the validation message and saves nothing', async ({ page }) => {
    await page.goto('/manage-cards/add-card');
    await fillCard(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBilling(page, { zip: '021' });
    await page.getByLabel('Zip').blur();
    await expect(page.getByText('Zip must be exactly 5 digits.')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await shoot(page, 'add-card-bad-zip-desktop');
    await expectNoCards(page);
  });

  test("a missing card says 'Credit Card Not Found' and lands on /manage-cards", async ({ page }) => {
    await page.goto('/manage-cards/update-card/tok_test_missing.card');
    const dialog = page.getByRole('dialog', { name: 'Credit Card Not Found' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/manage-cards$/);
    await shoot(page, 'update-card-not-found-desktop');
    await dialog.getByRole('button', { name: 'Ok!' }).click();
    await expect(dialog).toHaveCount(0);
    // Other paths under /manage-cards go to the list too.
    await page.goto('/manage-cards/no/such/page');
    await expect(page).toHaveURL(/\/manage-cards$/);
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await expectNoCards(page);
    await shoot(page, 'manage-cards-empty-phone');
    await page.goto('/manage-cards/add-card');
    await fillCard(page, { nickname: 'Phone Visa' });
    await shoot(page, 'add-card-step-1-phone');
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBilling(page, { zip: '021' });
    await page.getByLabel('Zip').blur();
    await shoot(page, 'add-card-step-2-phone');
    await page.getByLabel('Zip').fill('02110');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/manage-cards$/);
    await addCard(page, 'Second Visa');
    await expect(page.getByRole('listitem')).toHaveCount(2);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'manage-cards-list-phone');
    const second = page.getByRole('listitem').filter({ hasText: 'Second Visa' });
    await second.getByRole('button', { name: /^Delete/ }).click();
    await shoot(page, 'manage-cards-delete-confirm-phone');
    await second.getByRole('group').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await deleteCard(page, 'Visa ending in 4242');
    await expect(page.getByRole('heading', { name: 'No cards saved yet' })).toBeVisible();
  });
});
