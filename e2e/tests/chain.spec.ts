import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/a11y';
import { signIn } from '../fixtures/session';

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** A viewport shot (as the analytics journey takes): /chain is desktop only. */
async function shoot(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/**
 * The chain view (issue 39): the owner (three locations) opens Chain from the sidebar, changes the
 * range, checks that the group's total is the sum of its locations, and opens an item with a price
 * variance in another location's list. It switches the owner back to Harbor Grill at the end, as
 * the other journeys expect.
 */
test('chain: totals of three locations, a range change, an item opened in another location', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const location = page.getByLabel('Location');
  if ((await location.locator('option:checked').textContent()) !== 'Harbor Grill')
    await location.selectOption({ label: 'Harbor Grill' });

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Chain' }).click();
  await expect(page.getByRole('heading', { name: 'Chain', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'WEEKLY' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'YEARLY' }).click();
  await expect(page).toHaveURL(/filter=YEARLY/);
  // The year's figures have arrived (the week's stay on screen until then): the range starts on 1 January.
  await expect(page.getByText(/^01\/01\/\d{4} – \d\d\/\d\d\/\d{4}$/)).toBeVisible();

  // Three locations, and the Group total row is their sum.
  const table = page.getByRole('table', { name: 'Locations', exact: true });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(table.getByRole('rowheader', { name: 'Harbor Grill Express' })).toBeVisible();
  const purchases = (await rows.locator('td:nth-child(2)').allTextContents()).map(cents);
  const total = cents((await table.locator('tfoot th:nth-child(2)').textContent()) ?? '');
  expect(total).toBe(purchases.reduce((a, b) => a + b, 0));
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole('group', { name: 'Group Total Purchases' })).toContainText(
    await table.locator('tfoot th:nth-child(2)').innerText(),
  );
  // Sorting by name puts Harbor Catering first.
  await table.getByRole('button', { name: 'Sort by Location' }).click();
  await expect(rows.first().getByRole('rowheader')).toHaveText('Harbor Catering');

  // The biggest price variance: its saving is what was paid above the lowest price.
  const variance = page.getByRole('table', { name: 'Price variance', exact: true });
  const first = variance.locator('tbody tr').first();
  await expect(first.getByRole('button', { name: /^Open .* in a location's list$/ })).toBeVisible();
  // A row of matched equivalents lists several offers ("distributor · DIN · pack"); each location
  // opens the one it bought, so the search is one of the row's DINs.
  const dins = [...(await first.getByRole('rowheader').innerText()).matchAll(/ · (\S+) · /g)].map((m) => m[1]);
  expect(dins.length).toBeGreaterThan(0);
  // Open it where it was bought, in a location other than the active one.
  const paidBy = `${await first.locator('td').nth(0).innerText()} ${await first.locator('td').nth(1).innerText()}`;
  const other = ['Harbor Grill Express', 'Harbor Catering'].find((name) => paidBy.includes(name)) ?? 'Harbor Catering';
  await shoot(page, 'chain-desktop');

  await first.getByRole('button', { name: /^Open .* in a location's list$/ }).click();
  await page.getByRole('menuitem', { name: other }).click();
  await expect(page).toHaveURL(/\/place-order\/list$/);
  await expect(location.locator('option:checked')).toHaveText(other);
  const results = page.getByText(/Results for “[^”]+”/).first();
  await expect(results).toBeVisible();
  expect(dins).toContain((await results.innerText()).match(/Results for “([^”]+)”/)?.[1]);
  await expect(page.getByText(/^[1-9]\d* items?$/)).toBeVisible();

  // Back to Harbor Grill for the journeys after this one.
  await location.selectOption({ label: 'Harbor Grill' });
  await expect(location.locator('option:checked')).toHaveText('Harbor Grill');
});
