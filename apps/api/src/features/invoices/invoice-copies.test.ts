import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import type { InvoiceSuggestions } from '@stockpot/domain';
import { bearer, type TestApp } from '../../test-support/test-app';
import {
  buildOneLineOrder,
  drawInvoicePng,
  getWaitingInvoices,
  importInvoiceFile,
  invoiceOf,
  startInvoiceApp,
  uploadInvoicePhoto,
  x12Of,
} from './invoice-test-fixtures';

/** One invoice, not two (issue 36): an 810 and a photo of the same invoice, in either order, end up as one invoice. */

const GRILL = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;
let close: () => Promise<void>;
const db = () => t.handle.db;

beforeAll(async () => {
  ({ t, owner, close } = await startInvoiceApp({ JOBS_POLL_SECONDS: 0.5 }));
}, 120_000);
afterAll(() => close());

const buildScene = (din: string) => buildOneLineOrder(db(), { quantity: 2, price: '12.50', itemName: 'Romaine Hearts', din });

/** The 810 of the scene's order: two cases at $12.50, invoice number `number`. */
const edi = (number: string, orderId: number, din: string) =>
  x12Of(invoiceOf(number, `PO-${orderId}`, [[din, null, '2', 125000]]));

async function importEdi(text: string) {
  const response = await importInvoiceFile(t, owner, { name: 'invoice.edi', content: text });
  expect(response.statusCode, response.body).toBe(200);
}

async function uploadPhoto(orderId: number, data: Buffer) {
  const response = await uploadInvoicePhoto(t, owner, orderId, data, 'photo.png');
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

const waiting = () => getWaitingInvoices(t, owner);

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
  drawInvoicePng(['HARBOR PRODUCE CO', `Invoice No: ${number}`, 'Invoice Date: 11/20/2026', 'Invoice Total: $25.00']);

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
    await uploadPhoto(order.id, drawInvoicePng(['HARBOR PRODUCE CO', 'Invoice Date: 11/20/2026', 'Invoice Total: $25.00']));
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
