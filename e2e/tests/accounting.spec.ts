import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import type { AccountingDistributor, AccountingItem } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/a11y';
import { signIn } from '../fixtures/session';

/**
 * Accounting (doc 3 §2.8, §4, §5, §7): the owner at Harbor Grill tags an item with a supplier it
 * creates inline, sets a distributor's payable terms (saved on blur), bulk-uploads a GL code for the
 * item (after a refused file type), and downloads the QuickBooks bills of a date range.
 */

const HARBOR_GRILL = 1;
const OWNER = 1;

/**
 * shoot() without its full-page capture: Chromium's full-page capture briefly emulates another
 * viewport, which the route guard reads as a phone and leaves this desktop-only page.
 */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1/${path}`, { headers: await authHeaders(page) });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test('tag an item, set payable terms, bulk upload and download the QuickBooks export', async ({ page }) => {
  test.setTimeout(120_000);
  const mark = `E2E ${Date.now().toString(36)}`;
  await signIn(page, 'owner@demo.test');
  // Other journeys may leave the owner elsewhere: accounting is Harbor Grill's.
  const user = await api<{ activeLocation: { id: number } | null }>(page, 'users/current-user');
  if (user.activeLocation?.id !== HARBOR_GRILL) {
    const switched = await page.request.put(`/api/v1/users/${OWNER}`, {
      headers: await authHeaders(page),
      data: { id: OWNER, active_location_id: HARBOR_GRILL },
    });
    expect(switched.ok()).toBe(true);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'owner@demo.test');
  }

  // An untagged item far down the Most Purchased list, found by its DIN.
  const page3 = await api<AccountingItem[]>(page, 'merchant-accounting?page=4');
  const item = page3.find((row) => row.accountingSupplier === null && row.accountingCode === null)!;
  expect(item).toBeTruthy();

  // Any other /accounting path goes to /accounting.
  await page.goto('/accounting/anything');
  await expect(page).toHaveURL(/\/accounting$/);
  await expect(page.getByRole('heading', { name: 'Accounting', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounting items' })).toBeVisible();
  await look(page, 'accounting-items');

  await page.getByLabel('Search accounting').fill('zzqq no such item');
  await expect(page.getByText('Sorry, there are no exact match results found')).toBeVisible();
  await page.getByLabel('Search accounting').fill(item.din);
  const row = page.getByTestId(`accounting-item-${item.itemDistributorId}`);
  await expect(row).toBeVisible();

  // Tag it with a new supplier, created inline.
  await row.getByRole('button', { name: new RegExp(`^Supplier of .*: none\\. Edit$`) }).click();
  const picker = page.getByRole('combobox', { name: `Supplier of ${item.name}`, exact: true });
  await picker.fill(`${mark} Supplier`);
  await page.getByRole('option', { name: `+ Create "${mark} Supplier"` }).click();
  await expect(row.getByRole('button', { name: new RegExp(`^Supplier of .*: ${mark} Supplier\\. Edit$`) })).toBeVisible();
  const tagged = (
    await api<AccountingItem[]>(
      page,
      `merchant-accounting?filterOptions=${encodeURIComponent(JSON.stringify({ search: item.din }))}`,
    )
  ).find((r) => r.itemDistributorId === item.itemDistributorId)!;
  expect(tagged.accountingSupplier?.name).toBe(`${mark} Supplier`);

  // Payable terms, saved on blur.
  await page.getByLabel('Search accounting').fill('');
  await page.getByRole('tab', { name: 'Distributors' }).click();
  const distributors = await api<AccountingDistributor[]>(page, 'merchant-accounting/get-distributors');
  const distributor = distributors[0];
  const terms = distributor.payableTerms === 45 ? 46 : 45;
  await page.getByRole('button', { name: new RegExp(`^Payable terms \\(days\\) of ${distributor.nickname}: .*Edit$`) }).click();
  await page.getByLabel(`Payable terms (days) of ${distributor.nickname}`).fill(String(terms));
  await page.getByLabel(`Payable terms (days) of ${distributor.nickname}`).blur();
  await expect(
    page.getByRole('button', { name: `Payable terms (days) of ${distributor.nickname}: ${terms}. Edit` }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api<AccountingDistributor[]>(page, 'merchant-accounting/get-distributors')).find((d) => d.id === distributor.id)
          ?.payableTerms,
    )
    .toBe(terms);
  await look(page, 'accounting-distributors');

  // Bulk upload: a refused type, then a CSV giving the item a GL code.
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
  await expect(dialog.getByRole('button', { name: 'Download template' })).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(dialog.getByText('Please choose another file type.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove notes.pdf' }).click();
  const csv = `Item ID,DIN,GL Code\r\n${item.itemDistributorId},${item.din},${mark} 5090\r\n`;
  await dialog.locator('input[type=file]').setInputFiles({ name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('tags.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Your file was uploaded successfully.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await page.getByRole('tab', { name: 'Items' }).click();
  await page.getByLabel('Search accounting').fill(item.din);
  await expect(row.getByRole('button', { name: new RegExp(`^GL Code of .*: ${mark} 5090\\. Edit$`) })).toBeVisible();

  // The QuickBooks Desktop bills of the last 300 days (a range of at most a year).
  await page.getByRole('button', { name: 'Download' }).click();
  const download = page.getByRole('dialog', { name: 'Download for accounting software' });
  const today = new Date().toISOString().slice(0, 10);
  await download.getByLabel('Start date').fill(new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10));
  await download.getByLabel('End date').fill(today);
  await download.getByRole('radio', { name: 'QuickBooks Desktop (IIF)' }).check();
  const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: 'Download' }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.iif$/);
  const lines = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(lines[0].startsWith('!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT')).toBe(true);
  expect(lines[1].startsWith('!SPL')).toBe(true);
  expect(lines[2]).toBe('!ENDTRNS');
  const trns = lines.filter((line) => line.startsWith('TRNS\t'));
  expect(trns.length).toBeGreaterThan(0);
  expect(trns[0].split('\t').slice(2, 5)).toEqual(['BILL', expect.stringMatching(/^\d{2}\/\d{2}\/\d{2}$/), 'Accounts Payable']);
});
