import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import {
  getInvoiceLineAmount,
  isOrderLinePriceUnknown,
  isPricedPerWeight,
  printX12Invoice,
  type Invoice,
  type ListItem,
  type OrderHistoryRow,
  type OrderItem,
  type OrderSummary,
} from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Invoices in (issue 36): an electronic invoice (X12 810) written here for a demo order, imported
 * on /order-history; the order is then received electronically and the item carries the
 * 'Electronic Invoice' tag in the place-order list.
 */

const itemsUrl = (search: string) =>
  `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify({ search }))}&page=1&limit=20`;

/** A submitted demo order (oldest first, away from other journeys) with a catalogue line whose item has no invoice price yet. */
async function findOrderAndLine(page: Page): Promise<{ order: OrderSummary; line: OrderItem; item: ListItem }> {
  const headers = await authHeaders(page);
  const list = (await (await page.request.get('/api/v1/orders?limit=100', { headers })).json()) as { data: OrderHistoryRow[] };
  for (const row of list.data.filter((o) => o.status === 'submitted').reverse()) {
    const order = (
      (await (await page.request.get(`/api/v1/orders/${row.id}?expand=items`, { headers })).json()) as { data: OrderSummary }
    ).data;
    for (const line of order.items.filter((i) => i.itemDistributorId !== null && i.din && i.price > 0 && !i.isSpecial)) {
      const items = ((await (await page.request.get(itemsUrl(line.din), { headers })).json()) as { data: ListItem[] }).data;
      const item = items.find((i) => i.itemDistributorId === line.itemDistributorId);
      if (item && !item.isElectronicInvoiceItem && !item.isCatchWeight) return { order, line, item };
    }
  }
  throw new Error('No submitted demo order with a line to invoice');
}

test('imports an X12 810 on order history: the order is received electronically and the item tagged Electronic Invoice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner@demo.test');
  const { order, line, item } = await findOrderAndLine(page);
  const today = new Date().toISOString().slice(0, 10);
  const unitPrice = line.price * 100;
  const invoice: Invoice = {
    invoiceNumber: `E2E-${order.id}`,
    invoiceDate: today,
    poNumber: `PO-${order.id}`,
    poDate: null,
    terms: null,
    lines: [
      {
        lineNumber: 1,
        itemNumber: line.din,
        upc: null,
        description: line.item.replace(/[*~>]/g, ' ').trim(),
        quantity: String(line.quantity),
        unitCode: 'CA',
        unitPrice,
        amount: getInvoiceLineAmount(String(line.quantity), unitPrice),
      },
      {
        lineNumber: 2,
        itemNumber: 'ZZ-404',
        upc: null,
        description: 'Delivery pallet',
        quantity: '1',
        unitCode: 'EA',
        unitPrice: 25000,
        amount: 250,
      },
    ],
    total: 0,
  };
  invoice.total = invoice.lines[0].amount + invoice.lines[1].amount;

  await page.goto('/order-history');
  await page.getByRole('button', { name: 'Import invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import invoice' });
  // Mantine's file input is a labelled button that opens the system picker.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('Invoice files').click();
  await (
    await chooser
  ).setFiles({
    name: `invoice-${order.id}.edi`,
    mimeType: 'application/edi-x12',
    buffer: Buffer.from(printX12Invoice(invoice, { lineBreak: '\n' })),
  });
  await dialog.getByRole('button', { name: 'Import invoice' }).click();
  const result = dialog.getByRole('region', { name: `Result of invoice-${order.id}.edi` });
  await expect(result).toContainText(`matched order ${order.id} by its PO number`);
  await expect(result).toContainText('1 line matched');
  await expect(result).toContainText('✓ total checked');
  await expect(result.getByRole('table', { name: `Unmatched lines of invoice E2E-${order.id}` })).toContainText('ZZ-404');
  await shoot(page, 'invoice-import-result');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The order now reads Electronic Invoice in the list, with the invoice number under its own.
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `View order ${order.id}` }) });
  await expect(row).toContainText('Electronic Invoice');
  await expect(row).toContainText(`E2E-${order.id}`);
  // Its paper copy has not been uploaded: the waiting list above the orders says so (issue 36).
  const waiting = page.getByRole('region', { name: 'Waiting invoices' });
  await waiting.getByRole('button', { name: 'Show waiting invoices' }).click();
  await expect(waiting.getByRole('list', { name: 'Waiting invoices' })).toContainText(`Invoice E2E-${order.id}`);

  await page.goto('/place-order/list');
  const box = page.getByRole('combobox', { name: 'Search items' });
  await box.fill(line.din);
  await box.press('Enter');
  const article = page.getByRole('article', { name: `${item.name} (${item.distributor} #${item.din})` });
  await expect(article.getByRole('list', { name: 'Tags' })).toContainText('Electronic Invoice');
});

/** A few lines of large black text on white, drawn by the browser: a clean photo of a printed invoice. */
async function drawInvoicePhoto(page: Page, lines: string[]): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 70 + text.length * 56;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000000';
    context.font = '34px sans-serif';
    text.forEach((line, index) => context.fillText(line, 30, 60 + index * 56));
    return canvas.toDataURL('image/png');
  }, lines);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The newest submitted order without an invoice number whose lines all have a price and none is priced by weight. */
async function findOrderToReceive(page: Page): Promise<OrderSummary> {
  const headers = await authHeaders(page);
  const list = (await (await page.request.get('/api/v1/orders?limit=100', { headers })).json()) as { data: OrderHistoryRow[] };
  for (const row of list.data.filter((o) => o.status === 'submitted')) {
    const order = (
      (await (await page.request.get(`/api/v1/orders/${row.id}?expand=items`, { headers })).json()) as { data: OrderSummary }
    ).data;
    const isReceivable =
      order.customInvoiceId === null &&
      order.items.length > 0 &&
      order.items.every((i) => i.price * i.quantity > 0 && !isOrderLinePriceUnknown(i)) &&
      !order.items.some((i) => isPricedPerWeight({ unitMeasure: i.unit_measure, isCatchWeight: Boolean(i.isCatchWeight) }));
    if (isReceivable) return order;
  }
  throw new Error('No submitted demo order to receive');
}

test('uploads an invoice photo, reads it, and the receiver accepts the suggested invoice number', async ({ page }) => {
  // Tesseract reads the photo in a background job: seconds on a quiet machine, more on a shared one.
  test.setTimeout(180_000);
  await signIn(page, 'owner@demo.test');
  const order = await findOrderToReceive(page);
  const invoiceNumber = `OCR-${order.id}7`;
  const photo = await drawInvoicePhoto(page, [
    'HARBOR PRODUCE CO',
    `Invoice No: ${invoiceNumber}`,
    'Invoice Date: 11/20/2026',
    'Invoice Total: $86.40',
  ]);

  await page.goto(`/order-history/upload-invoice/${order.id}`);
  await page.getByLabel('Invoice files').setInputFiles({ name: 'invoice-photo.png', mimeType: 'image/png', buffer: photo });
  const panel = page.getByRole('region', { name: 'Read from the invoice photo' });
  await expect(panel.getByRole('table', { name: 'Read from the invoice' })).toContainText(invoiceNumber, { timeout: 120_000 });
  await expect(panel).toContainText('$86.40');
  await shoot(page, 'invoice-ocr-suggestions');

  await page.goto(`/order-history/receive/${order.id}`);
  await page.getByRole('switch', { name: 'Accept All Items' }).check();
  await page.getByRole('button', { name: 'Order Checked' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-history/receive/${order.id}/order-complete$`));
  // The read number is filled in for the receiver to check; nothing is saved until Complete receiving.
  const field = page.getByRole('textbox', { name: 'Invoice number' });
  await expect(field).toHaveValue(invoiceNumber);
  const suggested = page.getByRole('region', { name: 'Read from the invoice photo' });
  await expect(suggested.getByRole('button', { name: 'Used' })).toBeDisabled();
  const headers = await authHeaders(page);
  const readOrder = async () =>
    ((await (await page.request.get(`/api/v1/orders/${order.id}`, { headers })).json()) as { data: OrderSummary }).data;
  expect((await readOrder()).customInvoiceId).toBeNull();
  // The receiver's own edit stands until they choose the read number again.
  await field.fill('TYPED-1');
  await suggested.getByRole('button', { name: 'Use this number' }).click();
  await expect(field).toHaveValue(invoiceNumber);
  await shoot(page, 'invoice-ocr-accepted');
  await page.getByRole('button', { name: 'Complete receiving' }).click();
  await expect(page).toHaveURL(/\/order-history$/);

  expect((await readOrder()).customInvoiceId).toBe(invoiceNumber);
});
