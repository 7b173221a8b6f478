import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test';
import { formatMoney, type FoodCostAnswer } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

const TOAST_EXPORT = fileURLToPath(
  new URL('../../apps/api/src/features/pos/fixtures/toast-ItemSelectionDetails.csv', import.meta.url),
);

/**
 * Point of sale (doc 2 §2 "Point of sale", issue 17): the owner imports a Toast export, assigns a
 * sold menu item to its recipe on the day's POS Detail, and reads theoretical against actual food
 * cost. The assignment is taken back at the end (journeys share one database).
 */
test('import a Toast export, assign a menu item to a recipe and see theoretical vs actual food cost', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner@demo.test');
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'POS', level: 1 })).toBeVisible();
  // The demo's two completed inventories fall in the default range: both sides are known.
  await expect(page.getByRole('group', { name: 'Actual food cost' })).toContainText('$');
  await expect(page.getByRole('group', { name: 'Theoretical food cost' })).toContainText('% of sales');
  await expect(page.getByRole('link', { name: /^See Details of / }).first()).toBeVisible();
  await shoot(page, 'pos-dates');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import sales (Toast or Square CSV)' }).click();
  const imported = page.waitForResponse((r) => r.url().endsWith('/api/v1/pos/import'));
  await (await chooser).setFiles(TOAST_EXPORT);
  expect((await imported).status()).toBe(200);
  await expect(page.getByText('Imported 9 rows from Toast')).toBeVisible();

  await page.getByRole('link', { name: '03/14/2025' }).click();
  await expect(page.getByRole('heading', { name: 'POS Detail 03/14/2025', level: 1 })).toBeVisible();
  const onionRings = page.getByRole('row').filter({ hasText: 'Onion Rings' });
  // 3 kept and 1 voided line: sold counts every line rung up, net what was kept (issue 32).
  await expect(onionRings.getByRole('cell')).toHaveText(['Onion Rings', 'Food', '4', '1', '3', '', '$27.00']);
  const headers = await authHeaders(page);
  try {
    const assigned = page.waitForResponse((r) => r.url().endsWith('/api/v1/pos/assign-recipe'));
    await page.getByRole('combobox', { name: 'Recipe for Onion Rings' }).click();
    await page.getByRole('option', { name: 'Onion Rings', exact: true }).click();
    expect((await assigned).status()).toBe(200);
    await expect(page.getByRole('combobox', { name: 'Recipe for Onion Rings' })).toHaveValue('Onion Rings');
    await shoot(page, 'pos-detail');

    // The imported days: Onion Rings now carry their recipe's cost into theoretical food cost.
    await page.getByRole('main').getByRole('link', { name: 'POS', exact: true }).click();
    const foodCost = page.waitForResponse((r) =>
      r.url().includes('/api/v1/pos/food-cost?bgn_date=2025-03-14&end_date=2025-03-15'),
    );
    await page.getByLabel('Start Date').fill('2025-03-14');
    await page.getByLabel('End Date').fill('2025-03-15');
    const answer = ((await (await foodCost).json()) as { data: FoodCostAnswer }).data;
    expect(answer.theoretical).toBeGreaterThan(0);
    await expect(page.getByRole('group', { name: 'Theoretical food cost' })).toContainText(formatMoney(answer.theoretical));
    // No inventories were completed around these 2025 days: only the theoretical side is known.
    await expect(page.getByRole('group', { name: 'Actual food cost' })).toContainText('Not available');
    await expect(page.getByText('Complete an inventory at the start and at the end of the period')).toBeVisible();
  } finally {
    const restored = await page.request.post('/api/v1/pos/assign-recipe', {
      headers,
      data: { item_name: 'Onion Rings', recipe_id: null, force: true },
    });
    expect(restored.status()).toBe(200);
  }
});
