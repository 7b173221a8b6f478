import { expect, test } from '../fixtures/test';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  addDays,
  formatMoney,
  type DistributorDetail,
  type ListItem,
  type OrderGuideItem,
  type RepAccount,
  type RepItem,
  toDecimalString,
} from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { readMailTo } from '../fixtures/mail-inbox';
import { shoot, signIn, signOut } from '../fixtures/session';

/**
 * Distributors (doc 3 §2.7, §4, §5, §8): edit a sales rep (saved by itself after the pause), send an
 * invite, upload an order guide and see its new price on the place-order list and in the guide's
 * price-change alerts. The guide uploaded is the location's own latest guide in Stockpot's
 * download layout with one price changed, so nothing is punched out for the journeys that follow;
 * the original is uploaded back at the end.
 */

const HARBORLINE = 531;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1/${path}`, { headers: await authHeaders(page) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function guideLines(page: Page, guideId: number): Promise<OrderGuideItem[]> {
  const items: OrderGuideItem[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const response = await page.request.get(`/api/v1/order-guides/${guideId}/items?limit=100&page=${pageNumber}`, {
      headers: await authHeaders(page),
    });
    const body = (await response.json()) as { data: OrderGuideItem[]; _meta: { pageCount: number } };
    items.push(...body.data);
    if (pageNumber >= body._meta.pageCount) return items;
  }
}

function toCsv(items: OrderGuideItem[], override?: { din: string; price: number }): string {
  const cell = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const rows = items.map((item) => {
    const cents = override && item.din === override.din ? override.price : item.price;
    return [
      item.din,
      item.name,
      item.brand,
      item.pack_size,
      item.unit_measure,
      (cents / 100).toFixed(2),
      String(item.is_catch_weight),
    ]
      .map(cell)
      .join(',');
  });
  return `din,name,brand,pack_size,unit_measure,price,is_catch_weight\r\n${rows.join('\r\n')}\r\n`;
}

test('distributors: edit a rep, send an invite, upload a guide and see the new price', async ({ page }) => {
  // One long journey on a shared, busy machine: sign-in, two screens, a job and the list.
  test.setTimeout(240_000);
  await signIn(page, 'owner@demo.test');
  const location = page.getByLabel('Location');
  if ((await location.locator('option:checked').textContent()) !== 'Harbor Grill')
    await location.selectOption({ label: 'Harbor Grill' });

  await page.goto('/distributor');
  const card = page.getByRole('listitem', { name: 'Harborline Foodservice' });
  // The first load of a fresh server on a busy machine can be slow.
  await expect(card).toContainText('Dana Morales', { timeout: 60_000 });
  await expect(card).toContainText(/Last price update: \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T/);
  await shoot(page, 'distributors-list-desktop');
  await card.getByRole('link', { name: 'Edit Harborline Foodservice' }).click();
  await expect(page).toHaveURL(new RegExp(`/distributor/${HARBORLINE}$`));

  // Edit a rep: the change saves itself after the pause.
  const rep = page.getByRole('listitem', { name: 'Sales rep Kevin Walsh' });
  const phone = rep.getByLabel('Phone');
  await phone.fill('(617) 555-0777');
  await expect(rep.getByText('Saved')).toBeVisible({ timeout: 30_000 });
  const saved = await apiGet<DistributorDetail>(page, `distributors/${HARBORLINE}?expand=dsrs`);
  expect(saved.dsrs?.find((r) => r.name === 'Kevin Walsh')?.phone).toBe('(617) 555-0777');

  // An empty name is refused under the field and not saved.
  await rep.getByLabel('Name').fill('');
  await expect(rep.getByText('Name is required.')).toBeVisible();
  await rep.getByLabel('Name').fill('Kevin Walsh');

  // Send an invite (Kevin's was sent before: the button sends it again).
  await rep.getByRole('button', { name: 'Invite sent to Kevin Walsh' }).click();
  await expect(page.getByRole('dialog')).toContainText('An invite was sent to kevin.walsh@harborline-foodservice.example.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok!' }).click();
  await shoot(page, 'distributor-edit-desktop');

  // Upload the location's guide with one price changed.
  const distributor = await apiGet<DistributorDetail>(page, `distributors/${HARBORLINE}?expand=lastOrderGuide`);
  const original = await guideLines(page, distributor.lastOrderGuide!.id);
  const onList = await page.request.get(
    `/api/v1/items?${new URLSearchParams({ filterOptions: JSON.stringify({ distributorIds: [HARBORLINE], sort: 'a-z' }), limit: '100', page: '1' })}`,
    { headers: await authHeaders(page) },
  );
  const plain = ((await onList.json()) as { data: ListItem[] }).data.filter(
    (item) =>
      item.status === 'active' && !item.isUnpurchasable && !item.isPunchedOut && !item.isMarketPrice && item.unitMeasure === 'CS',
  );
  const target = original.find((line) => plain.some((item) => item.din === line.din))!;
  expect(target).toBeDefined();
  const newPrice = target.price + 123;
  await page
    .getByRole('form', { name: 'Upload order guide' })
    .locator('input[type=file]')
    .setInputFiles({
      name: 'harborline.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(toCsv(original, { din: target.din, price: newPrice })),
    });
  // Only Harbor Grill: Harbor Grill Express has its own Harborline guide.
  await page.getByRole('checkbox', { name: 'Harbor Grill Express' }).uncheck();
  await page.getByRole('button', { name: 'Upload Order Guide' }).click();
  // Issue 31: what was read is shown first; one price changed, nothing new or refused.
  const preview = page.getByRole('region', { name: 'Check the order guide before applying it' });
  await expect(preview.getByRole('listitem', { name: 'Changed: 1' })).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByRole('listitem', { name: 'Refused: 0' })).toBeVisible();
  await preview.getByRole('button', { name: 'Apply Order Guide' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Confirmation', { timeout: 60_000 });
  await expect(dialog).toContainText(`Your order guide was applied: ${original.length} items.`);
  await expect(page).toHaveURL(/\/distributor$/);
  await dialog.getByRole('button', { name: 'Ok!' }).click();

  // The place-order list shows the new price.
  await page.goto('/place-order/list');
  const box = page.getByRole('combobox', { name: 'Search items' });
  await box.fill(target.din);
  await box.press('Enter');
  const row = page.getByRole('article').filter({ hasText: target.din }).first();
  await expect(row).toContainText(formatMoney(newPrice), { timeout: 30_000 });

  // Price-change alerts: the new guide, opened from the list, names the item whose price went up and by how much.
  await page.goto('/distributor');
  await page
    .getByRole('listitem', { name: 'Harborline Foodservice' })
    .getByRole('link', { name: 'View order guide of Harborline Foodservice' })
    .click();
  const changes = page.getByRole('table', { name: 'Price changes' });
  await expect(changes.getByRole('row').filter({ hasText: target.din })).toContainText(
    `${formatMoney(target.price)}${formatMoney(newPrice)}Up ${formatMoney(123)}`,
    { timeout: 30_000 },
  );
  await shoot(page, 'order-guide-price-changes-desktop');

  // Put the guide back as it was for the journeys that follow.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const restore = await page.request.post('/api/v1/order-guides/front-upload', {
    headers: await authHeaders(page),
    multipart: {
      file: { name: 'restore.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(original)) },
      merchantIds: JSON.stringify([1]),
      distributor_id: String(HARBORLINE),
      start_date: today,
      end_date: addDays(today, 7),
    },
  });
  expect(restore.status()).toBe(202);
});

test('sales rep: accept an invite, sign in to the accounts, change one price and see it through the API', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `e2e.rep.${Date.now()}@harborline-foodservice.example`;
  const password = 'rep-secret-1';
  await signIn(page, 'owner@demo.test');
  const location = page.getByLabel('Location');
  if ((await location.locator('option:checked').textContent()) !== 'Harbor Grill')
    await location.selectOption({ label: 'Harbor Grill' });

  // The owner adds a rep and invites it (the API: the Edit Distributor screen's own journey is above).
  const headers = await authHeaders(page);
  const created = await page.request.post(`/api/v1/distributors/${HARBORLINE}/dsr`, {
    headers,
    data: { name: 'Erin Price', email, phone: '', is_primary: 0 },
  });
  expect(created.ok()).toBe(true);
  const repId = ((await created.json()) as { data: { id: number } }).data.id;
  const invited = await page.request.patch(`/api/v1/distributors/${HARBORLINE}/dsr/${repId}`, {
    headers,
    data: { accessType: 'unlimited', sendInvite: 1 },
  });
  expect(invited.ok()).toBe(true);
  await expect.poll(() => readMailTo(email).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/[^\s"<>]*invite=[A-Za-z0-9_-]{43}/.exec(readMailTo(email)[0].text)![0];
  await signOut(page);

  // The rep accepts through the mailed link and signs in: it lands on its accounts.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(page.getByText(/Your invitation is accepted/)).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/sales-rep$/);
  const account = page.getByRole('listitem').filter({ hasText: 'Harbor Grill' }).filter({ hasText: 'Harborline Foodservice' });
  await expect(account).toContainText('Access: Unlimited');
  await shoot(page, 'sales-rep-accounts');
  await account.getByRole('link', { name: /^Open Harbor Grill, Harborline/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sales-rep/${repId}$`));

  // Change the first item's price by one dollar.
  const items = page.getByRole('list', { name: 'Order guide items' });
  await expect(items.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const repHeaders = await authHeaders(page);
  const listed = await page.request.get(`/api/v1/sales-rep/accounts/${repId}/items?page=1`, { headers: repHeaders });
  const first = ((await listed.json()) as { data: RepItem[] }).data[0];
  const newCents = first.price + 100;
  await page.getByLabel('Search items').fill(first.din);
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel(`New price for ${first.name} (DIN ${first.din})`).fill(toDecimalString(newCents, 2));
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 price saved.' })).toBeVisible();
  await expect(items).toContainText(`Current price ${formatMoney(newCents)}`);
  await shoot(page, 'sales-rep-account');

  const check = await page.request.get(`/api/v1/sales-rep/accounts/${repId}/items?search=${encodeURIComponent(first.din)}`, {
    headers: repHeaders,
  });
  const after = ((await check.json()) as { data: RepItem[] }).data.find((item) => item.din === first.din);
  expect(after?.price).toBe(newCents);
  const accounts = await page.request.get('/api/v1/sales-rep/accounts', { headers: repHeaders });
  expect(((await accounts.json()) as { data: RepAccount[] }).data.map((a) => a.salesRepId)).toContain(repId);

  // Leave the demo data as found: the old price back, and the rep removed.
  const restored = await page.request.patch(`/api/v1/sales-rep/accounts/${repId}/prices`, {
    headers: repHeaders,
    data: { prices: [{ din: first.din, price: toDecimalString(first.price, 2) }] },
  });
  expect(restored.ok()).toBe(true);
  await signOut(page);
  await signIn(page, 'owner@demo.test');
  const removed = await page.request.patch(`/api/v1/distributors/${HARBORLINE}/dsr/${repId}`, {
    headers: await authHeaders(page),
    data: { is_deleted: 1 },
  });
  expect(removed.ok()).toBe(true);
});

test('order guides: a misaligned file refused row by row, a layout without a template mapped by hand (issue 31)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'owner@demo.test');
  const location = page.getByLabel('Location');
  if ((await location.locator('option:checked').textContent()) !== 'Harbor Grill')
    await location.selectOption({ label: 'Harbor Grill' });
  // A csv whose rows are one cell short of the header: refused row by row, nothing applied.
  await page.goto('/distributor');
  await page.getByRole('link', { name: 'Upload order guide of Prime Cut Meats' }).click();
  const form = page.getByRole('form', { name: 'Upload order guide' });
  await form.getByRole('checkbox', { name: 'Harbor Grill', exact: true }).uncheck();
  await form.locator('input[type=file]').setInputFiles({
    name: 'short-rows.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('din,name,category,brand,pack_size,unit_measure,price\r\nPC-1,BAKING,Gold Medal,1/50 LB,CS,24.50\r\n'),
  });
  await form.getByRole('button', { name: 'Upload Order Guide' }).click();
  const refused = page.getByRole('region', { name: 'Order guide refused' });
  await expect(refused.getByRole('alert')).toContainText('1 row of your order guide could not be read', { timeout: 60_000 });
  await expect(refused.getByRole('table', { name: 'Refused rows' })).toContainText(
    'Row 2 has 6 cells but the header has 7: its cells do not line up with the columns.',
  );
  await expect(refused.getByRole('button', { name: 'Apply Order Guide' })).toHaveCount(0);
  await shoot(page, 'order-guide-refused-desktop');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    refused.getByRole('button', { name: 'Download refused rows (csv)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^refused-rows-\d+\.csv$/);
  expect(await readFile((await download.path())!, 'utf8')).toBe(
    'Row,Reason\r\n2,Row 2 has 6 cells but the header has 7: its cells do not line up with the columns.\r\n',
  );
  await refused.getByRole('button', { name: 'Close' }).click();

  // A layout no template reads: the spec's modal, and beside it the buyer maps the columns.
  await form.locator('input[type=file]').setInputFiles({
    name: 'house-layout.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Item No.,Item Description,Label,Pack Size,Case Cost\r\nPC-77,Ribeye Choice,Prime,2/12 LB,155.00\r\n'),
  });
  await form.getByRole('button', { name: 'Upload Order Guide' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('An approved template was not found for this order guide.');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  const mapping = page.getByRole('region', { name: 'Map the columns yourself' });
  await expect(mapping.getByRole('combobox', { name: 'Item number' })).toHaveValue('Item No.');
  await expect(mapping.getByRole('combobox', { name: 'Case price' })).toHaveValue('Case Cost');
  await shoot(page, 'order-guide-column-mapping-desktop');
  await mapping.getByRole('button', { name: 'Save Mapping and Upload' }).click();
  const mapped = page.getByRole('region', { name: 'Check the order guide before applying it' });
  await expect(mapped.getByRole('table', { name: 'First rows read' })).toContainText('PC-77Ribeye Choice2/12 LB$155.00CS', {
    timeout: 60_000,
  });
  await mapped.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByRole('status')).toHaveText('Cancelled: nothing from this file was applied.');

  // Sysco's csv and the US Foods-layout xlsx, previewed and applied: the first-week journey (first-week.spec.ts).
});
