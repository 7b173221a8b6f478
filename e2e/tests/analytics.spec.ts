import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/a11y';
import { signIn } from '../fixtures/session';

/**
 * The accessibility scan and a viewport screenshot. Not the shared full-page shot: Chromium's
 * full-page capture re-lays the page out at other sizes, and on a desktop-only route the guard
 * then sends the page to the default landing mid-journey.
 */
async function shoot(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/**
 * Analytics (doc 3 §2.4): the owner opens /analytics, switches the time filter (CUSTOM shows the
 * date pickers), looks an item up and opens its stats, then opens Total Purchases and drills into a
 * donut slice, Total Orders and its sorted list, and Total Savings with its legend. Read-only: it
 * changes no data other journeys rely on.
 */
test('read the analytics: switch periods, look up an item, drill into a donut slice', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner@demo.test');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  // Tabs: WEEKLY by default, then YEARLY, then CUSTOM with its two pickers.
  await expect(page.getByRole('tab', { name: 'WEEKLY' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'YEARLY' }).click();
  await expect(page).toHaveURL(/filter=YEARLY/);
  const purchases = page.getByRole('link', { name: /^Total Purchases: \$[\d,]+\.\d{2}/ });
  await expect(purchases).toBeVisible();
  await expect(page.getByRole('link', { name: /^Total Orders: \d+/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Total Savings: \$/ })).toBeVisible();
  await page.getByRole('tab', { name: 'CUSTOM' }).click();
  await expect(page.getByRole('button', { name: 'Start Date' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End Date' })).toBeVisible();
  await expect(page.getByText('Choose a start and an end date.')).toBeVisible();
  await page.getByRole('tab', { name: 'YEARLY' }).click();

  // The two side lists.
  await expect(page.getByRole('list', { name: 'Items You Have Purchased' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Load More Items You Have Purchased' }).click();
  await expect(page.getByRole('list', { name: 'Items You Have Purchased' }).getByRole('listitem')).toHaveCount(6);
  // Each Savings Suggestion shows both per-unit prices, the suggestion's never the dearer (issue 32).
  const perUnit = page.getByRole('list', { name: 'Savings Suggestions' }).getByText(/^Per unit: /);
  await expect(perUnit).toHaveCount(3);
  for (const text of await perUnit.allTextContents()) {
    const [paid, suggested] = [...text.matchAll(/\$([\d,]+\.\d{4})/g)].map((m) => Number(m[1].replace(/,/g, '')));
    expect(suggested, text).toBeLessThan(paid);
  }

  // Item Lookup: no match, then a match and its stats.
  const lookup = page.getByRole('search', { name: 'Item Lookup' });
  await expect(lookup.getByLabel('Search items')).toHaveAttribute('placeholder', 'Enter SKU, Item # or Item Name');
  await lookup.getByLabel('Search items').fill('zzzz no such item');
  await lookup.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Sorry, there are no exact match results found')).toBeVisible();
  await expect(page.getByText('Check your spelling')).toBeVisible();
  await lookup.getByLabel('Search items').fill('shrimp');
  await lookup.getByRole('button', { name: 'Search' }).click();
  const showStats = page.getByRole('button', { name: /^Show Stats for / }).first();
  await expect(showStats).toBeVisible();
  await showStats.click();
  const stats = page.getByRole('dialog', { name: 'Item Stats' });
  await expect(stats.getByText('Average Price')).toBeVisible();
  await expect(stats.getByText('Best Price')).toBeVisible();
  await expect(stats.getByText('Number of Cases')).toBeVisible();
  await expect(stats.getByText('Total Spent per Item')).toBeVisible();
  // The page under the modal's overlay would fail the contrast scan: the modal is shot without it.
  await page.screenshot({ path: 'test-results/screens/analytics-item-stats.png' });
  await stats.getByRole('button', { name: 'Close Item Stats' }).click();
  await expect(stats).toBeHidden();
  await expect(page).toHaveURL(/\/analytics\?filter=YEARLY$/);
  await shoot(page, 'analytics');

  // Total Purchases: donuts, then a slice drills the table down to one distributor.
  await purchases.click();
  await expect(page.getByRole('heading', { name: 'Total Purchases', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'YEARLY' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Purchased items' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('columnheader', { name: 'Total Amount Spent' })).toHaveAttribute('aria-sort', 'descending');
  // A slice's box centre can fall in the donut's hole (a slice over about a third of the ring), where
  // Playwright's click would wait for ever: click a point the slice itself is drawn at.
  const sector = page.locator('.recharts-pie-sector').first();
  await sector.scrollIntoViewIfNeeded();
  const point = await sector.evaluate((element) => {
    const box = element.getBoundingClientRect();
    for (let fy = 0.1; fy < 1; fy += 0.1)
      for (let fx = 0.1; fx < 1; fx += 0.1) {
        const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
        const hit = document.elementFromPoint(x, y);
        if (hit && element.contains(hit)) return { x, y };
      }
    return null;
  });
  expect(point, 'a point of the first slice').not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
  const drilled = page.getByText(/^Distributor: /);
  await expect(drilled).toBeVisible();
  const distributor = ((await drilled.textContent()) ?? '').replace('Distributor: ', '');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(distributor);
  await page.getByRole('button', { name: 'Show all items' }).click();
  await expect(drilled).toBeHidden();
  await table.getByRole('button', { name: 'Item Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Item Name' })).toHaveAttribute('aria-sort', 'ascending');
  await shoot(page, 'analytics-total-purchases');

  // Total Orders: the donut by distributor and the list, newest first.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('link', { name: /^Total Orders: / }).click();
  await expect(page.getByRole('heading', { name: 'Total Orders', level: 1 })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('columnheader', { name: 'Order Date' })).toHaveAttribute('aria-sort', 'descending');
  await expect(orders.getByRole('row').nth(1)).toBeVisible();
  await page
    .getByRole('button', { name: /^Show / })
    .first()
    .click();
  await expect(page.getByText(/^Distributor: /)).toBeVisible();
  await shoot(page, 'analytics-total-orders');

  // Total Savings: the legend of the four types with their info tooltips.
  await page.goto('/analytics/total-savings?filter=YEARLY');
  await expect(page.getByRole('heading', { name: 'Total Savings', level: 1 })).toBeVisible();
  for (const label of ['Match Savings', 'Distributor Savings', 'Rebate Savings', 'Inventory View Savings']) {
    await expect(page.getByLabel(new RegExp(`^About ${label}:`))).toBeVisible();
  }
  await shoot(page, 'analytics-total-savings');

  // A savings figure opens to the lines it adds up (issue 32): item, paid and compared per unit, quantity, saving.
  const donut = await page.getByRole('img', { name: /^Savings by type: / }).getAttribute('aria-label');
  const figure = donut?.match(/Distributor Savings (\$[\d,]+\.\d{2})/)?.[1];
  expect(figure, 'the Distributor Savings figure').toMatch(/^\$/);
  await page.getByRole('button', { name: 'See the lines of Distributor Savings' }).click();
  const linesDialog = page.getByRole('dialog', { name: 'Distributor Savings: the lines' });
  await expect(linesDialog.getByText(`Distributor Savings ${figure} is the sum of`)).toBeVisible();
  const linesTable = linesDialog.getByRole('table', { name: 'Distributor Savings lines' });
  await expect(linesTable.getByRole('columnheader', { name: 'Paid per unit' })).toBeVisible();
  await expect(linesTable.getByRole('columnheader', { name: 'Compared per unit' })).toBeVisible();
  const firstLine = linesTable.getByRole('row').nth(1);
  await expect(firstLine.getByRole('cell').nth(2)).toHaveText(/^\$[\d,]+\.\d{4} \/ [A-Z ]+$/);
  await expect(firstLine.getByRole('cell').nth(5)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(linesTable.getByRole('row')).toHaveCount(21);
  await page.screenshot({ path: 'test-results/screens/analytics-savings-lines.png' });
  await linesDialog.getByRole('button', { name: 'Close Distributor Savings: the lines' }).click();
  await expect(linesDialog).toBeHidden();
});
