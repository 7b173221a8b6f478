import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@stockpot/db';
import { buildOffer, buildOrder } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { getInvoiceLineAmount, printX12Invoice, type InvoicesWaiting, type InvoiceSuggestions } from '@stockpot/domain';
import { multipartForm } from '../../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/** One invoice, not two (issue 36): an 810 and a photo of the same invoice, in either order, end up as one invoice. */

const GRILL = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;
let filesDir: string;
const db = () => t.handle.db;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-copies-'));
  t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5 });
  owner = await signInAs(t.app, 'owner@demo.test');
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** A PNG of a printed invoice's header, as a phone photo reads at best. */
function drawInvoice(lines: string[]): Buffer {
  const canvas = createCanvas(1000, 70 + lines.length * 56);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '34px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 30, 60 + index * 56));
  return canvas.toBuffer('image/png');
}

async function buildScene(din: string) {
  const offer = await buildOffer(db(), { locationId: GRILL, item: { name: 'Romaine Hearts' }, offer: { din, price: '12.50' } });
  const order = await buildOrder(db(), {
    locationId: GRILL,
    distributorId: offer.distributorId,
    lines: [{ offer, quantity: 2 }],
    order: { status: 'submitted' },
  });
  return { offer, order };
}

/** The 810 of the scene's order: two cases at $12.50, invoice number `number`. */
function edi(number: string, orderId: number, din: string): string {
  const lines = [
    {
      lineNumber: 1,
      itemNumber: din,
      upc: null,
      description: 'ROMAINE',
      quantity: '2',
      unitCode: 'CA',
      unitPrice: 125000,
      amount: 0,
    },
  ].map((line) => ({ ...line, amount: getInvoiceLineAmount(line.quantity, line.unitPrice) }));
  return printX12Invoice(
    {
      invoiceNumber: number,
      invoiceDate: '2026-11-20',
      poNumber: `PO-${orderId}`,
      poDate: null,
      terms: null,
      lines,
      total: 2500,
    },
    { delimiters: { element: '*', segment: '~' }, lineBreak: '\n' },
  );
}

async function importEdi(text: string) {
  const body = multipartForm({}, { name: 'invoice.edi', content: text });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invoices/import',
    headers: { ...bearer(owner), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function uploadPhoto(orderId: number, data: Buffer) {
  const boundary = `----copies${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/invoices-images`,
    headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Polls until Tesseract has read the order's latest photo. */
async function waitForReading(orderId: number): Promise<InvoiceSuggestions> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/invoice-suggestions`,
      headers: bearer(owner),
    });
    const data = response.json().data as InvoiceSuggestions;
    if (data.status !== 'pending') return data;
    if (Date.now() > deadline) throw new Error('the reading did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waiting(): Promise<InvoicesWaiting> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/waiting', headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as InvoicesWaiting;
}

/** The invoices of the number and the readings of the order, as stored. */
async function stored(number: string, orderId: number) {
  const invoices = await queryRows<{ id: number }>(
    db(),
    sql`SELECT id FROM invoices WHERE location_id = ${GRILL} AND invoice_number = ${number}`,
  );
  const readings = await queryRows<{ invoice_id: number | null; copy_matched_by: string | null }>(
    db(),
    sql`SELECT invoice_id, copy_matched_by FROM invoice_ocr_readings WHERE location_id = ${GRILL} AND order_id = ${orderId}`,
  );
  return { invoices, readings };
}

const photoOf = (number: string) =>
  drawInvoice(['HARBOR PRODUCE CO', `Invoice No: ${number}`, 'Invoice Date: 11/20/2026', 'Invoice Total: $25.00']);

describe('one invoice, not two (issue 36)', () => {
  it('an 810 first, then a photo of it: one invoice with both attached, waiting no longer', async () => {
    const { order } = await buildScene('80501');
    await importEdi(edi('CPY-71001', order.id, '80501'));
    const before = await waiting();
    expect(before.items).toContainEqual(
      expect.objectContaining({ kind: 'no-paper-copy', invoiceNumber: 'CPY-71001', orderId: order.id, total: 2500 }),
    );

    await uploadPhoto(order.id, photoOf('CPY-71001'));
    expect((await waitForReading(order.id)).invoiceNumber).toBe('CPY-71001');

    const { invoices, readings } = await stored('CPY-71001', order.id);
    expect(invoices).toHaveLength(1);
    expect(readings).toEqual([{ invoice_id: invoices[0]!.id, copy_matched_by: 'invoice-number' }]);
    const after = await waiting();
    expect(after.items.filter((item) => item.orderId === order.id)).toEqual([]);
    expect(after.counts.noPaperCopy).toBe(before.counts.noPaperCopy - 1);
  }, 120_000);

  it('a photo first, then the 810: the photo waits for its electronic copy, then both are one invoice', async () => {
    const { order } = await buildScene('80502');
    await uploadPhoto(order.id, photoOf('CPY-71002'));
    expect((await waitForReading(order.id)).invoiceNumber).toBe('CPY-71002');
    expect((await waiting()).items).toContainEqual(
      expect.objectContaining({
        kind: 'no-electronic-copy',
        orderId: order.id,
        invoiceNumber: 'CPY-71002',
        total: 2500,
        readingStatus: 'done',
        invoiceId: null,
      }),
    );

    await importEdi(edi('CPY-71002', order.id, '80502'));
    // Importing it again changes nothing: still one invoice, the photo still attached once.
    await importEdi(edi('CPY-71002', order.id, '80502'));
    const { invoices, readings } = await stored('CPY-71002', order.id);
    expect(invoices).toHaveLength(1);
    expect(readings).toEqual([{ invoice_id: invoices[0]!.id, copy_matched_by: 'invoice-number' }]);
    expect((await waiting()).items.filter((item) => item.orderId === order.id)).toEqual([]);
  }, 120_000);

  it('a photo that shows no invoice number joins the invoice of its total and date', async () => {
    const { order } = await buildScene('80504');
    await importEdi(edi('CPY-71004', order.id, '80504'));
    await uploadPhoto(order.id, drawInvoice(['HARBOR PRODUCE CO', 'Invoice Date: 11/20/2026', 'Invoice Total: $25.00']));
    const read = await waitForReading(order.id);
    expect(read).toMatchObject({ invoiceNumber: null, total: 2500, invoiceDate: '2026-11-20' });
    const { invoices, readings } = await stored('CPY-71004', order.id);
    expect(readings).toEqual([{ invoice_id: invoices[0]!.id, copy_matched_by: 'total-date' }]);
  }, 120_000);

  it('lists an invoice whose order is gone as matched to no order', async () => {
    const { order } = await buildScene('80503');
    await importEdi(edi('CPY-71003', order.id, '80503'));
    await db().execute(sql`UPDATE invoices SET order_id = NULL WHERE location_id = ${GRILL} AND invoice_number = 'CPY-71003'`);
    const list = await waiting();
    expect(list.items).toContainEqual(expect.objectContaining({ kind: 'no-order', invoiceNumber: 'CPY-71003', orderId: null }));
    expect(list.counts.noOrder).toBeGreaterThanOrEqual(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/invoices/waiting' })).statusCode).toBe(401);
  });
});
