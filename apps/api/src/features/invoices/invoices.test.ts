import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer, buildOrder } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { getInvoicePriceTooltip, printX12Invoice } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getItemsPage } from '../catalog/catalog.test-support';
import { importInvoiceFile, importInvoiceOk, invoiceOf as buildInvoice, type InvoiceLineSpec } from './invoice-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;
const CATERING = DEMO_IDS.locations.harborCatering;
const INVOICE_DATE = '2026-11-20';

let t: TestApp;
let owner: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 120_000);
afterAll(() => t.close());

/** Two offers of one new distributor at Harbor Grill (the second with a UPC) and a submitted order of 4 and 2 cases. */
async function buildScene(order: Parameters<typeof buildOrder>[1]['order'] = {}, locationId: number = GRILL) {
  const chicken = await buildOffer(db(), { locationId, offer: { price: '12.50' } });
  const upc = `0${String(chicken.id).padStart(11, '7')}`;
  const lemons = await buildOffer(db(), { locationId, distributorId: chicken.distributorId, offer: { price: '20.00', upc } });
  const built = await buildOrder(db(), {
    locationId,
    distributorId: chicken.distributorId,
    lines: [
      { offer: chicken, quantity: 4 },
      { offer: lemons, quantity: 2 },
    ],
    order: { status: 'submitted', ...order },
  });
  return { chicken, lemons, upc, order: built };
}

const NET_14 = { typeCode: '01', discountPercent: null, discountDays: null, netDays: 14, description: 'NET 14' };
/** An invoice of our model on NET 14 terms: lines given as [item number, upc, quantity, unit price in 1/10000 $]. */
const invoiceOf = (number: string, po: string | null, lines: InvoiceLineSpec[]) =>
  buildInvoice(number, po, lines, { invoiceDate: INVOICE_DATE, terms: NET_14 });

const importFile = (name: string, content: Buffer | string, fields: Record<string, string> = {}, token = owner) =>
  importInvoiceFile(t, token, { name, content }, fields);
const importOk = (name: string, content: Buffer | string, fields: Record<string, string> = {}) =>
  importInvoiceOk(t, owner, { name, content }, fields);

async function readLines(orderId: number) {
  return queryRows<{
    id: number;
    invoiced_quantity: number | null;
    invoiced_price: string | null;
    received_quantity: number | null;
  }>(
    db(),
    sql`SELECT id, invoiced_quantity, invoiced_price::text AS invoiced_price, received_quantity
        FROM order_items WHERE order_id = ${orderId} ORDER BY id`,
  );
}

describe('POST /invoices/import: an X12 810', () => {
  let scene: Awaited<ReturnType<typeof buildScene>>;
  let edi: string;

  beforeAll(async () => {
    scene = await buildScene();
    // Chicken by item number (4 cases at $12.50), lemons by UPC only (1 of 2 cases, at $21.00), one line we never ordered.
    const invoice = invoiceOf(`INV-${scene.order.id}`, `PO-${scene.order.id}`, [
      [scene.chicken.din, null, '4', 125000],
      [null, scene.upc, '1', 210000],
      ['NOPE-1', null, '3', 10000],
    ]);
    edi = printX12Invoice(invoice, { delimiters: { element: '|', segment: '~' }, lineBreak: '\n' });
  });

  it('is matched by PO number, lists the unmatched line and receives the order electronically as invoiced', async () => {
    const result = await importOk('invoice.edi', edi);
    expect(result).toEqual({
      format: 'x12-810',
      invoiceNumber: `INV-${scene.order.id}`,
      invoiceDate: INVOICE_DATE,
      orderId: scene.order.id,
      distributor: expect.any(String),
      matchedBy: 'po-number',
      noOrderReason: null,
      matchedLines: 2,
      matchedAmount: 5000 + 2100,
      unmatchedLines: [
        {
          lineNumber: 3,
          itemNumber: 'NOPE-1',
          upc: null,
          description: 'Line 3',
          quantity: '3',
          unitCode: 'CA',
          unitPrice: 10000,
          amount: 300,
        },
      ],
      total: 7400,
      alreadyImported: false,
    });
    // Every figure is recomputable from its parts: matched + unmatched = the invoice total.
    expect(result.matchedAmount + result.unmatchedLines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${scene.order.id}?expand=items`,
      headers: bearer(owner),
    });
    expect(order.json().data).toMatchObject({ customInvoiceId: `INV-${scene.order.id}` });
    const [status] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${scene.order.id}`);
    expect(status.status).toBe('electronically_received');

    const reconciliation = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${scene.order.id}/reconciliation`,
      headers: bearer(owner),
    });
    const lines = reconciliation.json().data.lines;
    expect(
      lines.map((l: Record<string, unknown>) => [l.receivedQuantity, l.invoicedQuantity, l.invoicedPrice, l.status]),
    ).toEqual([
      [4, 4, 1250, 'matched'],
      // One case billed of two ordered, $1.00 a case over the order: $1.00 owed.
      [1, 1, 2100, 'price_variance'],
    ]);
    expect(reconciliation.json().data.creditOwed).toBe(100);
  });

  it('imported again changes nothing (alreadyImported)', async () => {
    const before = await readLines(scene.order.id);
    const again = await importOk('invoice-copy.edi', edi);
    expect(again).toMatchObject({ alreadyImported: true, orderId: scene.order.id, matchedLines: 2, total: 7400 });
    expect(await readLines(scene.order.id)).toEqual(before);
    const [{ count }] = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM invoices WHERE order_id = ${scene.order.id}`,
    );
    expect(count).toBe(1);
  });

  it('records the invoiced price as the item’s electronic-invoice price, shown in the list with its date', async () => {
    const page = await getItemsPage(t.app, owner, { search: scene.chicken.din }, 1, 10);
    const row = page.data.find((item) => item.itemDistributorId === scene.chicken.id);
    expect(row).toMatchObject({
      isElectronicInvoiceItem: true,
      isFromInvoice: true,
      purchasedPrice: 1250,
      invoiceDate: INVOICE_DATE,
    });
    expect(getInvoicePriceTooltip(row!.invoiceDate)).toBe('Electronic Invoice 11-20-2026');
  });
});

describe('POST /invoices/import: matching and refusals', () => {
  it('matches by distributor and date when the invoice has no PO number of ours', async () => {
    const scene = await buildScene({ requestedDeliveryDate: INVOICE_DATE });
    const edi = printX12Invoice(invoiceOf(`D-${scene.order.id}`, null, [[scene.chicken.din, null, '4', 125000]]));
    const refused = await importFile('by-date.edi', edi);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invoice_order_not_found' });
    expect(refused.json().message).toContain('Choose its distributor to match it by date');

    const result = await importOk('by-date.edi', edi, { distributor_id: String(scene.chicken.distributorId) });
    expect(result).toMatchObject({ orderId: scene.order.id, matchedBy: 'distributor-date', matchedLines: 1 });
    // The lemons were not billed: received as invoiced, none of them.
    expect((await readLines(scene.order.id)).map((l) => [l.received_quantity, l.invoiced_quantity])).toEqual([
      [4, 4],
      [0, 0],
    ]);
  });

  it('a second invoice of a received order records what it bills and leaves the rest as received', async () => {
    const scene = await buildScene();
    await importOk(
      'first.edi',
      printX12Invoice(invoiceOf(`S1-${scene.order.id}`, String(scene.order.id), [[scene.chicken.din, null, '4', 125000]])),
    );
    const first = await readLines(scene.order.id);
    const second = await importOk(
      'second.edi',
      printX12Invoice(invoiceOf(`S2-${scene.order.id}`, String(scene.order.id), [[scene.lemons.din, null, '2', 200000]])),
    );
    expect(second).toMatchObject({ alreadyImported: false, matchedLines: 1, total: 4000 });
    const after = await readLines(scene.order.id);
    expect(after[0]).toEqual(first[0]);
    // The lemons are invoiced now; their receiving (none, from the first invoice) stays a person's to change.
    expect(after[1]).toMatchObject({ invoiced_quantity: 2, invoiced_price: '20.00', received_quantity: 0 });
    const [order] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${scene.order.id}`);
    expect(order.status).toBe('electronically_received');
  });

  it('never matches an order of another location, even by its PO number', async () => {
    const foreign = await buildScene({}, CATERING);
    const edi = printX12Invoice(
      invoiceOf(`X-${foreign.order.id}`, String(foreign.order.id), [[foreign.chicken.din, null, '4', 125000]]),
    );
    const response = await importFile('foreign.edi', edi);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invoice_order_not_found' });
    const [order] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${foreign.order.id}`);
    expect(order.status).toBe('submitted');
    const otherDistributor = await importFile('foreign.edi', edi, { distributor_id: String(foreign.chicken.distributorId) });
    // Harbor Grill has no account with the Catering scene's distributor: not found, never theirs.
    expect(otherDistributor.statusCode).toBe(404);
  });

  it('refuses a file that is not an 810, and a total that is not the sum of the lines, saying which', async () => {
    const scene = await buildScene();
    const edi = printX12Invoice(invoiceOf('T-1', String(scene.order.id), [[scene.chicken.din, null, '4', 125000]]));
    const order850 = await importFile('order.edi', edi.replace('ST*810', 'ST*850'));
    expect(order850.statusCode).toBe(400);
    expect(order850.json()).toMatchObject({
      code: 'not_an_invoice',
      message: 'This file holds an X12 850 transaction, not an 810 invoice.',
    });

    const wrongTotal = await importFile('total.edi', edi.replace('TDS*5000', 'TDS*5100'));
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json()).toMatchObject({
      code: 'invoice_total_mismatch',
      message:
        'Invoice T-1: its total (TDS) is $51.00 but its line adds up to $50.00. Ask the distributor for a corrected invoice.',
    });
    const picture = await importFile('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]));
    expect(picture.statusCode).toBe(400);
    expect(picture.json().code).toBe('unsupported_media_type');
    const [order] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${scene.order.id}`);
    expect(order.status).toBe('submitted');
  });
});

describe('POST /invoices/import: invoice files', () => {
  const header = [
    'Invoice Number',
    'Invoice Date',
    'Item Number',
    'Description',
    'Quantity Shipped',
    'Unit Price',
    'Extended Price',
  ];

  it('reads a CSV invoice, matched by its PO number column', async () => {
    const scene = await buildScene();
    const csv = [
      [...header, 'PO Number'],
      [`C-${scene.order.id}`, '11/20/2026', scene.chicken.din, 'Chicken', '4', '12.50', '50.00', `PO-${scene.order.id}`],
      [`C-${scene.order.id}`, '11/20/2026', scene.lemons.din, 'Lemons', '2', '$20.00', '$40.00', ''],
    ]
      .map((row) => row.join(','))
      .join('\r\n');
    const result = await importOk('invoice.csv', csv);
    expect(result).toMatchObject({
      format: 'csv',
      orderId: scene.order.id,
      matchedBy: 'po-number',
      matchedLines: 2,
      total: 9000,
    });
    expect(result.unmatchedLines).toEqual([]);
  });

  it('reads an xlsx invoice, matched by distributor and date', async () => {
    const scene = await buildScene({ requestedDeliveryDate: INVOICE_DATE });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Invoice');
    sheet.addRow(['Harbor Produce']);
    sheet.addRow(header);
    sheet.addRow([`X-${scene.order.id}`, INVOICE_DATE, scene.lemons.din, 'Lemons', 2, 20, 40]);
    sheet.addRow([`X-${scene.order.id}`, INVOICE_DATE, 'ZZ-9', 'Limes', 1, 7.5, 7.5]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await importOk('invoice.xlsx', bytes, { distributor_id: String(scene.lemons.distributorId) });
    expect(result).toMatchObject({
      format: 'xlsx',
      orderId: scene.order.id,
      matchedBy: 'distributor-date',
      matchedLines: 1,
      total: 4750,
    });
    expect(result.unmatchedLines.map((line) => [line.itemNumber, line.amount])).toEqual([['ZZ-9', 750]]);
  });
});

describe('GET /invoices/address without inbound mail', () => {
  it('answers null: invoices by e-mail are not set up on this server', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/address', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { address: null } });
  });
});
