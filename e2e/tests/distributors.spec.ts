import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { addDays, formatMoney, type DistributorDetail, type ListItem, type OrderGuideItem } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

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
