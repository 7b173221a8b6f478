import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOrder } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, type TestApp } from '../../test-support/test-app';
import {
  buildOneLineOrder,
  getWaitingInvoices,
  importInvoiceFile,
  importInvoiceOk,
  invoiceOf,
  startInvoiceApp,
  x12Of,
} from './invoice-test-fixtures';

/** Invoices matched to no order (issue 36): kept and listed on the waiting list, not refused. */

const GRILL = DEMO_IDS.locations.harborGrill;
const CATERING = DEMO_IDS.locations.harborCatering;
/** Long before any order of the scene was placed or delivered: no order fits by date. */
const INVOICE_DATE = '2026-03-02';

let t: TestApp;
let owner: string;
let close: () => Promise<void>;
const db = () => t.handle.db;

beforeAll(async () => {
  ({ t, owner, close } = await startInvoiceApp());
}, 120_000);
afterAll(() => close());

/** One offer of a new distributor at Harbor Grill and an order of 4 cases of it (submitted unless told). */
const buildScene = (status: 'submitted' | 'cancelled' = 'submitted') =>
  buildOneLineOrder(db(), { quantity: 4, price: '12.50', status });

/** An 810 billing 4 cases of the item at $13.10 and one line naming nothing of ours. */
const edi = (number: string, po: string | null, din: string) =>
  x12Of(
    invoiceOf(
      number,
      po,
      [
        [din, null, '4', 131000],
        ['NOPE-1', null, '1', 50000],
      ],
      { invoiceDate: INVOICE_DATE },
    ),
  );

const importFile = (name: string, content: string, fields: Record<string, string> = {}) =>
  importInvoiceFile(t, owner, { name, content }, fields);
const importOk = (name: string, content: string, fields: Record<string, string> = {}) =>
  importInvoiceOk(t, owner, { name, content }, fields);
const waiting = () => getWaitingInvoices(t, owner);

async function stored(number: string) {
  return queryRows<{ id: number; order_id: number | null; matched_by: string; lines: number; unmatched: number }>(
    db(),
    sql`SELECT i.id, i.order_id, i.matched_by,
               (SELECT count(*)::int FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines,
               (SELECT count(*)::int FROM invoice_lines l WHERE l.invoice_id = i.id AND l.order_item_id IS NULL) AS unmatched
        FROM invoices i WHERE i.invoice_number = ${number}`,
  );
}

async function orderStatus(orderId: number): Promise<string> {
  const [row] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${orderId}`);
  return row!.status;
}

describe('POST /invoices/import: an invoice matched to no order', () => {
  it('is kept with its lines, answered with orderId null and why, and listed as matched to no order', async () => {
    const { offer, order } = await buildScene();
    const file = edi('PHONE-1', 'PO-2000000000', offer.din);
    const result = await importOk('phone.edi', file, { distributor_id: String(offer.distributorId) });
    expect(result).toMatchObject({
      format: 'x12-810',
      invoiceNumber: 'PHONE-1',
      orderId: null,
      matchedBy: null,
      matchedLines: 0,
      matchedAmount: 0,
      total: 5740,
      alreadyImported: false,
    });
    expect(result.noOrderReason).toContain('Invoice PHONE-1 matches no order');
    expect(result.noOrderReason).toContain('kept on the waiting list');
    expect(result.unmatchedLines.map((line) => [line.itemNumber, line.amount])).toEqual([
      [offer.din, 5240],
      ['NOPE-1', 500],
    ]);
    expect(await stored('PHONE-1')).toEqual([
      expect.objectContaining({ order_id: null, matched_by: 'none', lines: 2, unmatched: 2 }),
    ]);
    // No order is received by it.
    expect(await orderStatus(order.id)).toBe('submitted');

    const list = await waiting();
    expect(list.items).toContainEqual(
      expect.objectContaining({ kind: 'no-order', invoiceNumber: 'PHONE-1', orderId: null, total: 5740, fileName: 'phone.edi' }),
    );
    expect(list.counts.noOrder).toBeGreaterThanOrEqual(1);
  });

  it('records what the location paid as the item’s electronic-invoice price all the same', async () => {
    const { offer } = await buildScene();
    await importOk('price.edi', edi('PHONE-2', null, offer.din), { distributor_id: String(offer.distributorId) });
    const [item] = await queryRows<{ purchased_price: string; invoice_date: string }>(
      db(),
      sql`SELECT purchased_price::text, invoice_date::text FROM location_items
          WHERE location_id = ${GRILL} AND item_distributor_id = ${offer.id}`,
    );
    expect(item).toEqual({ purchased_price: '13.10', invoice_date: INVOICE_DATE });
  });

  it('imported again changes nothing: alreadyImported, nothing doubled', async () => {
    const { offer } = await buildScene();
    const file = edi('PHONE-3', 'PO-2000000000', offer.din);
    const fields = { distributor_id: String(offer.distributorId) };
    const first = await importOk('again.edi', file, fields);
    const again = await importOk('again.edi', file, fields);
    expect(again).toEqual({ ...first, alreadyImported: true });
    expect(await stored('PHONE-3')).toEqual([expect.objectContaining({ lines: 2 })]);
    expect((await waiting()).items.filter((item) => item.invoiceNumber === 'PHONE-3')).toHaveLength(1);
  });

  it('is kept under the distributor of a cancelled order its PO number names, leaving that order cancelled', async () => {
    const { offer, order } = await buildScene('cancelled');
    const result = await importOk('cancelled.edi', edi('PHONE-4', `PO-${order.id}`, offer.din));
    expect(result).toMatchObject({ orderId: null, matchedBy: null, matchedLines: 0 });
    const [row] = await queryRows<{ distributor_id: number }>(
      db(),
      sql`SELECT distributor_id FROM invoices WHERE invoice_number = 'PHONE-4'`,
    );
    expect(row!.distributor_id).toBe(offer.distributorId);
    expect(await orderStatus(order.id)).toBe('cancelled');
  });

  it('is still refused when nothing tells whose invoice it is, saying what to do', async () => {
    const { offer } = await buildScene();
    const response = await importFile('unknown.edi', edi('PHONE-5', null, offer.din));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invoice_order_not_found' });
    expect(response.json().message).toContain('Choose its distributor');
    expect(await stored('PHONE-5')).toEqual([]);
  });

  it('is never seen by another location', async () => {
    const { offer } = await buildScene();
    await importOk('mine.edi', edi('PHONE-6', null, offer.din), { distributor_id: String(offer.distributorId) });
    const switchTo = (locationId: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${DEMO_IDS.users.owner}`,
        headers: bearer(owner),
        payload: { id: DEMO_IDS.users.owner, active_location_id: locationId },
      });
    expect((await switchTo(CATERING)).statusCode).toBe(200);
    try {
      const list = await waiting();
      expect(list.items.filter((item) => item.invoiceNumber?.startsWith('PHONE-'))).toEqual([]);
      // Catering has no account with this distributor: its import is refused, Harbor Grill's invoice untouched.
      expect(
        (await importFile('mine.edi', edi('PHONE-6', null, offer.din), { distributor_id: String(offer.distributorId) }))
          .statusCode,
      ).toBe(404);
    } finally {
      await switchTo(GRILL);
    }
  });
});

function attach(invoiceId: number, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/invoices/${invoiceId}/attach`,
    headers: bearer(owner),
    payload: body as object,
  });
}

describe('POST /invoices/{id}/attach', () => {
  it('gives the invoice the order a person chose: lines matched, the order received as invoiced, off the no-order list', async () => {
    const { offer, order } = await buildScene();
    const kept = await importOk('later.edi', edi('PHONE-7', null, offer.din), { distributor_id: String(offer.distributorId) });
    const [row] = await stored('PHONE-7');

    const attached = await attach(row!.id, { orderId: order.id });
    expect(attached.statusCode, attached.body).toBe(200);
    const { unmatchedLines: _before, ...figures } = kept;
    expect(attached.json().data).toMatchObject({
      ...figures,
      orderId: order.id,
      matchedBy: 'attached',
      noOrderReason: null,
      matchedLines: 1,
      matchedAmount: 5240,
    });
    expect(attached.json().data.unmatchedLines.map((line: { itemNumber: string }) => line.itemNumber)).toEqual(['NOPE-1']);
    expect(await stored('PHONE-7')).toEqual([expect.objectContaining({ order_id: order.id, unmatched: 1 })]);
    expect(await orderStatus(order.id)).toBe('electronically_received');
    const [line] = await queryRows<{ invoiced_quantity: number; invoiced_price: string }>(
      db(),
      sql`SELECT invoiced_quantity, invoiced_price::text FROM order_items WHERE order_id = ${order.id}`,
    );
    expect(line).toEqual({ invoiced_quantity: 4, invoiced_price: '13.10' });
    const list = await waiting();
    expect(list.items.filter((item) => item.invoiceNumber === 'PHONE-7').map((item) => item.kind)).toEqual(['no-paper-copy']);

    // Attached already: a second attach is refused and changes nothing.
    const again = await attach(row!.id, { orderId: order.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('is matched to order');
  });

  it('refuses an order of another distributor, a cancelled one, an unknown one, and a bad body, saying which', async () => {
    const { offer } = await buildScene();
    const other = await buildScene();
    const cancelled = await buildOrder(db(), {
      locationId: GRILL,
      distributorId: offer.distributorId,
      lines: [{ offer, quantity: 1 }],
      order: { status: 'cancelled' },
    });
    await importOk('refused.edi', edi('PHONE-8', null, offer.din), { distributor_id: String(offer.distributorId) });
    const [row] = await stored('PHONE-8');
    const wrongDistributor = await attach(row!.id, { orderId: other.order.id });
    expect(wrongDistributor.statusCode).toBe(400);
    expect(wrongDistributor.json().message).toContain(`Order ${other.order.id} is not from`);
    const wasCancelled = await attach(row!.id, { orderId: cancelled.id });
    expect(wasCancelled.statusCode).toBe(400);
    expect(wasCancelled.json().message).toContain('was cancelled');
    expect((await attach(row!.id, { orderId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await attach(row!.id, { orderId: 'seven' })).statusCode).toBe(400);
    expect((await attach(row!.id, {})).statusCode).toBe(400);
    expect((await attach(2_000_000_000, { orderId: cancelled.id })).statusCode).toBe(404);
    expect(await stored('PHONE-8')).toEqual([expect.objectContaining({ order_id: null, unmatched: 2 })]);
    expect(await orderStatus(other.order.id)).toBe('submitted');
  });
});
