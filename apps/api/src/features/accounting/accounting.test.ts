import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { accountingItemSchema, type AccountingItem } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { LIBREOFFICE_KINDS, libreOfficeFile } from '../../test-support/libreoffice-files';

const GRILL = DEMO_IDS.locations.harborGrill;
const EXPRESS = DEMO_IDS.locations.harborGrillExpress;
const CATERING = DEMO_IDS.locations.harborCatering;

let t: TestApp;
let owner: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
const post = (url: string, payload: unknown, token = owner) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });
const patch = (url: string, payload: unknown, token = owner) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });

function multipart(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----stockpot${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (fileName: string, data: Buffer, token = owner) => {
  const body = multipart(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/merchant-accounting/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

async function listItems(
  filterOptions: object = {},
  page = 1,
): Promise<{ rows: AccountingItem[]; meta: Record<string, number> }> {
  const response = await get(
    `merchant-accounting?filterOptions=${encodeURIComponent(JSON.stringify(filterOptions))}&page=${page}`,
  );
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  const body = response.json();
  return { rows: body.data.map((row: unknown) => accountingItemSchema.parse(row)), meta: body._meta };
}

/** An item of Harbor Grill without tags. */
async function untaggedItem(skip = 0): Promise<{ id: number; din: string; distributor: string }> {
  const [row] = await queryRows<{ id: number; din: string; distributor: string }>(
    db(),
    sql`SELECT li.item_distributor_id AS id, d.din, dist.nickname AS distributor FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${GRILL}
          AND NOT EXISTS (SELECT 1 FROM merchant_accountings ma WHERE ma.location_id = ${GRILL} AND ma.item_distributor_id = li.item_distributor_id)
          AND (SELECT count(*) FROM item_distributors x WHERE lower(x.din) = lower(d.din)) = 1
        ORDER BY li.item_distributor_id OFFSET ${skip} LIMIT 1`,
  );
  return row;
}

async function tagsOf(itemDistributorId: number) {
  const [row] = await queryRows<{ supplier: string | null; category: string | null; code: string | null }>(
    db(),
    sql`SELECT s.name AS supplier, c.name AS category, g.code FROM merchant_accountings ma
        LEFT JOIN accounting_suppliers s ON s.id = ma.supplier_id LEFT JOIN accounting_categories c ON c.id = ma.category_id
        LEFT JOIN accounting_gl_codes g ON g.id = ma.gl_code_id
        WHERE ma.location_id = ${GRILL} AND ma.item_distributor_id = ${itemDistributorId}`,
  );
  return row ?? null;
}

describe('items and distributors listings', () => {
  it('lists the items most purchased first, with their tags, paged', async () => {
    const { rows, meta } = await listItems();
    expect(rows).toHaveLength(30);
    expect(meta.currentPage).toBe(1);
    expect(meta.pageCount).toBeGreaterThan(1);
    const quantities = await queryRows<{ id: number; q: number }>(
      db(),
      sql`SELECT item_distributor_id AS id, purchased_quantity AS q FROM location_items WHERE location_id = ${GRILL}`,
    );
    const q = new Map(quantities.map((r) => [r.id, r.q]));
    const listed = rows.map((r) => q.get(r.itemDistributorId) ?? -1);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    // Without a search the total is every item of the location (counted without the joins).
    expect(meta.totalCount).toBe(quantities.length);
    expect(rows[0].accountingSupplier?.name).toMatch(/LLC$/);
    expect(rows[0].accountingCode?.code).toMatch(/^\d{4} /);
    const second = await listItems({}, 2);
    expect(second.meta.currentPage).toBe(2);
    expect(second.rows.map((r) => r.itemDistributorId)).not.toContain(rows[0].itemDistributorId);
  });

  it('pages most purchased exactly as a sort of every item would, ties and the last pages included', async () => {
    const expected = (
      await queryRows<{ id: number }>(
        db(),
        sql`SELECT li.item_distributor_id AS id FROM location_items li
              JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
            WHERE li.location_id = ${GRILL} ORDER BY li.purchased_quantity DESC, i.name, li.item_distributor_id`,
      )
    ).map((r) => r.id);
    const pages = Math.ceil(expected.length / 30);
    for (const page of [1, 2, 3, pages - 1, pages]) {
      const { rows } = await listItems({}, page);
      expect(
        rows.map((r) => r.itemDistributorId),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 30, page * 30));
    }
  });

  it('searches names, DINs and tags, and answers an empty page when nothing matches', async () => {
    const { rows, meta } = await listItems({ search: 'Paper & Packaging' });
    expect(rows.length).toBeGreaterThan(0);
    expect(meta.totalCount).toBe(rows.length);
    const byDin = await listItems({ search: rows[0].din });
    expect(byDin.rows.map((r) => r.itemDistributorId)).toContain(rows[0].itemDistributorId);
    expect((await listItems({ search: 'zzqqxx-no-such-thing' })).rows).toEqual([]);
    expect((await listItems({ search: '%' })).rows.length).toBeLessThan(30);
  });

  it('refuses bad filterOptions and pages with 400', async () => {
    for (const query of [
      'filterOptions=%7Bbad',
      'filterOptions=%5B1%5D',
      'page=0',
      'page=abc',
      `filterOptions=${encodeURIComponent('{"sort":"price"}')}`,
    ]) {
      const response = await get(`merchant-accounting?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('lists the distributors with payable terms', async () => {
    const response = await get('merchant-accounting/get-distributors');
    expect(response.statusCode).toBe(200);
    const harborline = response.json().data.find((d: { id: number }) => d.id === DEMO_IDS.distributors.harborline);
    expect(harborline).toMatchObject({ payableTerms: 14 });
    expect(response.json().data).toHaveLength(6);
  });
});

describe('payable terms (doc 3 §5: saved only if a non-zero number)', () => {
  const url = `merchant-accounting/${DEMO_IDS.distributors.coastalProduce}/update-payable-terms`;
  it('saves a non-zero number of days', async () => {
    const response = await patch(url, { terms: 30 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: DEMO_IDS.distributors.coastalProduce, payableTerms: 30 });
    const [row] = await queryRows<{ t: number }>(
      db(),
      sql`SELECT payable_terms AS t FROM location_distributors WHERE location_id = ${GRILL} AND distributor_id = ${DEMO_IDS.distributors.coastalProduce}`,
    );
    expect(row.t).toBe(30);
  });
  it('refuses zero, blanks, fractions and text, and keeps the terms', async () => {
    for (const terms of [0, '0', '', 'abc', 2.5, -3, 366, null, true]) {
      const response = await patch(url, { terms });
      expect(response.statusCode, String(terms)).toBe(400);
      expect(response.json().message).toMatch(/terms/);
    }
    const [row] = await queryRows<{ t: number }>(
      db(),
      sql`SELECT payable_terms AS t FROM location_distributors WHERE location_id = ${GRILL} AND distributor_id = ${DEMO_IDS.distributors.coastalProduce}`,
    );
    expect(row.t).toBe(30);
  });
  it('answers 404 for a distributor the location does not buy from', async () => {
    const [other] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM distributors WHERE id NOT IN (SELECT distributor_id FROM location_distributors WHERE location_id = ${GRILL}) LIMIT 1`,
    );
    expect((await patch(`merchant-accounting/${other?.id ?? 999_999}/update-payable-terms`, { terms: 10 })).statusCode).toBe(404);
  });
});

describe('creating suppliers, categories and GL codes (doc 3 §5)', () => {
  it('creates a name once and answers the existing one for a case-insensitive duplicate', async () => {
    const created = await post('merchant-accounting-supplier', { name: '  Boston  Restaurant Supply ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.name).toBe('Boston Restaurant Supply');
    const again = await post('merchant-accounting-supplier', { name: 'BOSTON restaurant supply' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(created.json().data.id);
    const list = (await get('merchant-accounting-supplier')).json().data as { name: string }[];
    expect(list.filter((s) => s.name.toLowerCase() === 'boston restaurant supply')).toHaveLength(1);
  });
  it('refuses a blank value and creates nothing', async () => {
    const before = (await get('merchant-accounting-category')).json().data.length;
    for (const name of ['', '   ']) expect((await post('merchant-accounting-category', { name })).statusCode).toBe(400);
    expect((await post('merchant-accounting-gl-code', { code: ' ' })).statusCode).toBe(400);
    expect((await post('merchant-accounting-category', {})).statusCode).toBe(400);
    expect((await get('merchant-accounting-category')).json().data.length).toBe(before);
  });
  it('creates GL codes by code', async () => {
    const created = await post('merchant-accounting-gl-code', { code: '5040 Smallwares' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ code: '5040 Smallwares' });
    expect((await post('merchant-accounting-gl-code', { code: '5040 smallwares' })).statusCode).toBe(200);
  });
});

describe('tagging items', () => {
  it('sets, changes and clears one tag at a time', async () => {
    const item = await untaggedItem();
    const supplier = (await post('merchant-accounting-supplier', { name: 'Tagging Test Supplier' })).json().data;
    const code = (await post('merchant-accounting-gl-code', { code: '5099 Tagging' })).json().data;
    const first = await post('merchant-accounting', {
      item_distributor_id: item.id,
      merchant_accounting_supplier_id: supplier.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    const record = first.json().data;
    expect(record).toMatchObject({
      itemDistributorId: item.id,
      accountingSupplier: { name: 'Tagging Test Supplier' },
      accountingCode: null,
    });
    const second = await patch(`merchant-accounting/${record.id}`, {
      item_distributor_id: item.id,
      merchant_accounting_gl_code_id: code.id,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      id: record.id,
      accountingSupplier: { id: supplier.id },
      accountingCode: { code: '5099 Tagging' },
    });
    expect(await tagsOf(item.id)).toEqual({ supplier: 'Tagging Test Supplier', category: null, code: '5099 Tagging' });
    const cleared = await patch(`merchant-accounting/${record.id}`, {
      item_distributor_id: item.id,
      merchant_accounting_supplier_id: null,
    });
    expect(cleared.json().data.accountingSupplier).toBeNull();
    const { rows } = await listItems({ search: item.din });
    expect(rows.find((r) => r.itemDistributorId === item.id)).toMatchObject({
      accountingId: record.id,
      accountingCode: { code: '5099 Tagging' },
    });
  });
  it('refuses a body with none or two tags, and a record of another item', async () => {
    const item = await untaggedItem(1);
    expect((await post('merchant-accounting', { item_distributor_id: item.id })).statusCode).toBe(400);
    expect(
      (
        await post('merchant-accounting', {
          item_distributor_id: item.id,
          merchant_accounting_supplier_id: 1,
          merchant_accounting_category_id: 1,
        })
      ).statusCode,
    ).toBe(400);
    const [record] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM merchant_accountings WHERE location_id = ${GRILL} LIMIT 1`,
    );
    expect(
      (await patch(`merchant-accounting/${record.id}`, { item_distributor_id: item.id, merchant_accounting_supplier_id: null }))
        .statusCode,
    ).toBe(400);
  });
});

describe('cross-location refusal', () => {
  it("answers 404 for another location's item, tag, record and distributor, and writes nothing", async () => {
    const [cateringItem] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${CATERING}
          AND item_distributor_id NOT IN (SELECT item_distributor_id FROM location_items WHERE location_id = ${GRILL}) LIMIT 1`,
    );
    const [foreignSupplier] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO accounting_suppliers (location_id, name) VALUES (${CATERING}, 'Catering Only Supplier') RETURNING id`,
    );
    const [foreignRecord] = await queryRows<{ id: number; item: number }>(
      db(),
      sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, supplier_id) VALUES (${CATERING}, ${cateringItem.id}, ${foreignSupplier.id})
          RETURNING id, item_distributor_id AS item`,
    );
    const mine = await untaggedItem(2);
    expect(
      (await post('merchant-accounting', { item_distributor_id: cateringItem.id, merchant_accounting_supplier_id: null }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('merchant-accounting', { item_distributor_id: mine.id, merchant_accounting_supplier_id: foreignSupplier.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await patch(`merchant-accounting/${foreignRecord.id}`, {
          item_distributor_id: foreignRecord.item,
          merchant_accounting_supplier_id: null,
        })
      ).statusCode,
    ).toBe(404);
    const list = await get('merchant-accounting-supplier');
    expect(list.body).not.toContain('Catering Only Supplier');
    expect(await tagsOf(mine.id)).toBeNull();
    const [still] = await queryRows<{ supplier_id: number }>(
      db(),
      sql`SELECT supplier_id FROM merchant_accountings WHERE id = ${foreignRecord.id}`,
    );
    expect(still.supplier_id).toBe(foreignSupplier.id);
  });
});

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tags');
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const sheetJsOf = (rows: (string | number)[][], bookType: 'ods' | 'xls') => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Tags');
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
};
const HEADER = ['Item ID', 'Distributor', 'DIN', 'Item', 'Supplier', 'Category', 'GL Code'];

describe('bulk upload (doc 3 §4, §5)', () => {
  it('applies an xlsx by Item ID, creating names once and reusing existing ones ignoring case', async () => {
    const a = await untaggedItem(3);
    const b = await untaggedItem(4);
    const file = await xlsxOf([
      HEADER,
      [a.id, '', '', '', 'Bulk Supplier One', 'food - produce', '5010 FOOD COST'],
      [b.id, '', '', '', 'bulk supplier one', 'Bulk Category', ''],
    ]);
    const response = await upload('tags.xlsx', file);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    expect(response.json().data).toEqual({
      message: 'Your file was uploaded successfully.',
      applied: 2,
      created: { suppliers: 1, categories: 1, glCodes: 0 },
    });
    expect(await tagsOf(a.id)).toEqual({ supplier: 'Bulk Supplier One', category: 'Food - Produce', code: '5010 Food Cost' });
    expect(await tagsOf(b.id)).toEqual({ supplier: 'Bulk Supplier One', category: 'Bulk Category', code: null });
  });

  it('applies a csv and an ods by DIN and distributor, blank cells leaving tags as they were', async () => {
    const c = await untaggedItem(5);
    const csv = Buffer.from(
      `DIN,Distributor,Supplier,Category,GL Code\r\n"${c.din}",${c.distributor},CSV Supplier,,5010 Food Cost\r\n\r\n`,
    );
    expect((await upload('tags.csv', csv)).statusCode).toBe(200);
    expect(await tagsOf(c.id)).toEqual({ supplier: 'CSV Supplier', category: null, code: '5010 Food Cost' });
    const ods = sheetJsOf([HEADER, ['', c.distributor, c.din, '', '', 'ODS Category', '']], 'ods');
    const response = await upload('tags.ods', ods);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    expect(await tagsOf(c.id)).toEqual({ supplier: 'CSV Supplier', category: 'ODS Category', code: '5010 Food Cost' });
  });

  it('applies the same tags from csv, xlsx, xls and ods files LibreOffice wrote (a DIN typed as a number too)', async () => {
    // The fixture's two demo items (fixtures/libreoffice/make-fods.py), found by DIN and distributor.
    const items = await queryRows<{ id: number; din: string }>(
      db(),
      sql`SELECT li.item_distributor_id AS id, d.din FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          JOIN distributors dist ON dist.id = d.distributor_id
          WHERE li.location_id = ${GRILL} AND ((d.din = '1010506' AND dist.nickname = 'Harborline Foodservice')
            OR (d.din = '208793' AND dist.nickname = 'Northeast Provisions'))
          ORDER BY d.din`,
    );
    expect(items.map((item) => item.din)).toEqual(['1010506', '208793']);
    for (const kind of LIBREOFFICE_KINDS) {
      await db().execute(
        sql`DELETE FROM merchant_accountings WHERE location_id = ${GRILL} AND item_distributor_id IN (${items[0].id}, ${items[1].id})`,
      );
      const response = await upload(`tags.${kind}`, await libreOfficeFile(`accounting-tags.${kind}`));
      expect(response.statusCode, `${kind}: ${response.body.slice(0, 400)}`).toBe(200);
      expect(await tagsOf(items[0].id), kind).toEqual({
        supplier: 'LibreOffice Paper Co',
        category: 'Paper Goods',
        code: '6100 Supplies',
      });
      expect(await tagsOf(items[1].id), kind).toEqual({
        supplier: 'LibreOffice Paper Co',
        category: 'Janitorial',
        code: '6100 Supplies',
      });
    }
  });

  it('applies a legacy xls', async () => {
    const d = await untaggedItem(6);
    const response = await upload('tags.xls', sheetJsOf([HEADER, [d.id, '', '', '', 'XLS Supplier', '', '']], 'xls'));
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    expect((await tagsOf(d.id))?.supplier).toBe('XLS Supplier');
  });

  it('writes nothing when any row is refused, and reports each row', async () => {
    const e = await untaggedItem(7);
    const [foreign] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${CATERING}
          AND item_distributor_id NOT IN (SELECT item_distributor_id FROM location_items WHERE location_id = ${GRILL}) LIMIT 1`,
    );
    const file = await xlsxOf([
      HEADER,
      [e.id, '', '', '', 'Never Saved Supplier', '', ''],
      ['abc', '', '', '', 'X', '', ''],
      [foreign.id, '', '', '', 'X', '', ''],
      ['', '', 'NO-SUCH-DIN', '', 'X', '', ''],
      [e.id, '', '', '', 'x'.repeat(101), '', ''],
    ]);
    const response = await upload('tags.xlsx', file);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^Nothing was saved: 4 rows need fixing\. Row 3:/);
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['row 3', 'row 4', 'row 5', 'row 6']);
    expect(await tagsOf(e.id)).toBeNull();
    const names = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM accounting_suppliers WHERE name = 'Never Saved Supplier'`,
    );
    expect(names[0].n).toBe(0);
  });

  it("refuses files by content with 'Please choose another file type.'", async () => {
    const pdf = Buffer.from('%PDF-1.4\n\u0000\u0001binary');
    for (const [name, data] of [
      ['tags.xlsx', pdf],
      ['tags.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])],
      ['tags.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])],
    ] as const) {
      const response = await upload(name, data);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please choose another file type.');
    }
  });

  it("refuses a file over 24,000,000 bytes with 'File size is too big.'", async () => {
    const response = await upload('big.csv', Buffer.alloc(24_000_001, 0x41));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('File size is too big.');
  });

  it('refuses a file without the template header or without rows', async () => {
    expect((await upload('a.csv', Buffer.from('Name,Price\r\nx,1\r\n'))).json().message).toMatch(/Item ID or DIN/);
    expect((await upload('a.csv', Buffer.from('Item ID,Supplier\r\n'))).json().message).toMatch(/no tags/);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/merchant-accounting/upload',
      headers: bearer(owner),
      payload: {},
    });
    expect(plain.statusCode).toBe(400);
  });

  it('round-trips the template: download, fill in, upload', async () => {
    const response = await get('merchant-accounting/download-template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADER);
    const f = await untaggedItem(8);
    let target = 0;
    sheet.eachRow((row, n) => {
      if (n > 1 && Number(row.getCell(1).value) === f.id) target = n;
    });
    expect(target).toBeGreaterThan(1);
    sheet.getRow(target).getCell(7).value = 'Template Code 7000';
    const back = await upload('template.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(back.statusCode, back.body.slice(0, 400)).toBe(200);
    expect((await tagsOf(f.id))?.code).toBe('Template Code 7000');
  });
});

/** A received order at Harbor Grill on a date, with lines of tagged and untagged items. */
async function makeOrder(
  date: string,
  distributorId: number,
  lines: { id: number; quantity: number; price: string }[],
  invoice: string | null,
) {
  const [order] = await queryRows<{ id: number }>(
    db(),
    sql`INSERT INTO orders (location_id, distributor_id, status, requested_delivery_date, custom_invoice_id, line_items, subtotal, total, delivery_fee)
        VALUES (${GRILL}, ${distributorId}, 'received', ${date}::date, ${invoice}, ${lines.length}, 0, 0, 12.50) RETURNING id`,
  );
  for (const line of lines)
    await db().execute(
      sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, description, din, pack_size, quantity, price)
          SELECT ${order.id}, ${GRILL}, d.id, d.description, d.din, d.pack_size, ${line.quantity}, ${line.price}::numeric
          FROM item_distributors d WHERE d.id = ${line.id}`,
    );
  return order.id;
}

describe('accounting-software export (orders/download-order-quickbooks)', () => {
  let tagged: number;
  let untagged: number;
  let orderId: number;
  let vendor: string;
  beforeAll(async () => {
    const [row] = await queryRows<{ id: number; distributor_id: number; nickname: string }>(
      db(),
      sql`SELECT ma.item_distributor_id AS id, d.distributor_id, dist.nickname FROM merchant_accountings ma
          JOIN item_distributors d ON d.id = ma.item_distributor_id JOIN distributors dist ON dist.id = d.distributor_id
          JOIN accounting_gl_codes g ON g.id = ma.gl_code_id
          WHERE ma.location_id = ${GRILL} AND d.distributor_id = ${DEMO_IDS.distributors.harborline} AND g.code = '5010 Food Cost' LIMIT 1`,
    );
    tagged = row.id;
    vendor = row.nickname;
    const [free] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT li.item_distributor_id AS id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} AND d.distributor_id = ${row.distributor_id}
            AND NOT EXISTS (SELECT 1 FROM merchant_accountings ma WHERE ma.location_id = ${GRILL} AND ma.item_distributor_id = li.item_distributor_id AND ma.gl_code_id IS NOT NULL)
          LIMIT 1`,
    );
    untagged = free.id;
    // A day far in the past that the demo history does not reach.
    orderId = await makeOrder(
      '2019-03-05',
      row.distributor_id,
      [
        { id: tagged, quantity: 3, price: '41.10' },
        { id: untagged, quantity: 2, price: '9.99' },
      ],
      'INV-7781',
    );
  });

  it('answers a download URL for the range', async () => {
    const response = await get('orders/download-order-quickbooks?startDate=2019-03-01&endDate=2019-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe('/api/v1/orders/quickbooks-bills?startDate=2019-03-01&endDate=2019-03-31&format=iif');
  });

  it('writes IIF bills, read back line by line', async () => {
    const response = await get('orders/quickbooks-bills?startDate=2019-03-01&endDate=2019-03-31&format=iif');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.iif');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE', 'TERMS'].join('\t'),
    );
    expect(lines[1]).toBe(['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'].join('\t'));
    expect(lines[2]).toBe('!ENDTRNS');
    // 3 × 41.10 + 2 × 9.99 + 12.50 delivery = 155.78; Harborline's terms are 14 days.
    expect(lines[3].split('\t')).toEqual([
      'TRNS',
      '',
      'BILL',
      '03/05/19',
      'Accounts Payable',
      vendor,
      '-155.78',
      'INV-7781',
      `Stockpot order ${orderId}`,
      '03/19/19',
      'Net 14',
    ]);
    const spl = lines.slice(4, 7).map((line) => line.split('\t'));
    expect(spl.map((cells) => cells[0])).toEqual(['SPL', 'SPL', 'SPL']);
    expect(spl.map((cells) => [cells[4], cells[6]])).toEqual([
      ['5010 Food Cost', '123.30'],
      ['Uncategorized Expense', '19.98'],
      ['Freight and Delivery', '12.50'],
    ]);
    expect(spl.every((cells) => cells[2] === 'BILL' && cells[3] === '03/05/19' && cells[7] === 'INV-7781')).toBe(true);
    const sum = [lines[3], ...lines.slice(4, 7)].reduce(
      (total, line) => total + Math.round(Number(line.split('\t')[6]) * 100),
      0,
    );
    expect(sum).toBe(0);
    expect(lines[7]).toBe('ENDTRNS');
    expect(lines[8]).toBe('');
    expect(lines).toHaveLength(9);
  });

  it('writes the QuickBooks Online bill CSV', async () => {
    const response = await get('orders/quickbooks-bills?startDate=2019-03-01&endDate=2019-03-31&format=qbo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Bill No,Supplier,Bill Date,Due Date,Terms,Memo,Account,Line Description,Line Amount');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(
      new RegExp(`^INV-7781,${vendor},03/05/2019,03/19/2019,Net 14,Stockpot order ${orderId},5010 Food Cost,.*,123\\.30$`),
    );
    expect(rows[3]).toMatch(/,Freight and Delivery,Delivery fee,12\.50$/);
  });

  it('keeps every exported cell safe from formula injection', async () => {
    const corpus = [
      '=1+1',
      '+SUM(A1)',
      '-2+3',
      '@cmd',
      '=HYPERLINK("http://evil","x")',
      "=cmd|' /C calc'!A0",
      '\t=1',
      'a,"b"\r\n=c',
    ];
    const [row] = await queryRows<{ id: number; distributor_id: number }>(
      db(),
      sql`SELECT d.id, d.distributor_id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} AND d.distributor_id = ${DEMO_IDS.distributors.harborline} OFFSET 40 LIMIT 1`,
    );
    for (const [index, payload] of corpus.entries()) {
      const code = (await post('merchant-accounting-gl-code', { code: `${payload} ${index}` })).json().data;
      await post('merchant-accounting', { item_distributor_id: row.id, merchant_accounting_gl_code_id: code.id });
      const id = await makeOrder(
        `2019-04-${String(index + 1).padStart(2, '0')}`,
        row.distributor_id,
        [{ id: row.id, quantity: 1, price: '5.00' }],
        payload,
      );
      await db().execute(sql`UPDATE order_items SET description = ${payload} WHERE order_id = ${id}`);
    }
    const iif = (await get('orders/quickbooks-bills?startDate=2019-04-01&endDate=2019-04-30&format=iif')).body;
    const iifLines = iif.split('\r\n').filter((line) => line.startsWith('TRNS\t') || line.startsWith('SPL\t'));
    expect(iifLines).toHaveLength(corpus.length * 3);
    for (const line of iifLines) {
      const cells = line.split('\t');
      expect(cells).toHaveLength(line.startsWith('TRNS') ? 11 : 9);
      cells.forEach((cell, column) => {
        if (column !== 6) expect(cell, line).not.toMatch(/^[=+\-@\t\r]/);
      });
    }
    const csv = (await get('orders/quickbooks-bills?startDate=2019-04-01&endDate=2019-04-30&format=qbo')).body;
    const workbook = XLSX.read(csv, { type: 'string', raw: true });
    const cells = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1, raw: false });
    expect(cells.length).toBe(1 + corpus.length * 2);
    for (const rowCells of cells.slice(1)) {
      expect(rowCells).toHaveLength(9);
      rowCells.forEach((cell) => expect(String(cell)).not.toMatch(/^[=+\-@\t\r]/));
    }
  });

  it('refuses bad ranges with 400', async () => {
    for (const query of [
      '',
      'startDate=2019-03-01',
      'startDate=03/01/2019&endDate=2019-03-31',
      'startDate=2019-02-30&endDate=2019-03-31',
      'startDate=2019-04-01&endDate=2019-03-01',
      'startDate=2010-01-01&endDate=2019-03-01',
      'startDate=2019-03-01&endDate=2019-03-31&format=xlsx',
    ]) {
      expect((await get(`orders/download-order-quickbooks?${query}`)).statusCode, query).toBe(400);
      expect((await get(`orders/quickbooks-bills?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('display_accounting (doc 3 §6)', () => {
  it('answers 403 at a location without accounting', async () => {
    const chef = await signInAs(t.app, 'chef@demo.test');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: EXPRESS },
    });
    expect(moved.statusCode).toBe(200);
    for (const url of [
      'merchant-accounting',
      'merchant-accounting?page=999',
      'merchant-accounting/get-distributors',
      'merchant-accounting-supplier',
      'merchant-accounting/download-template',
      'orders/download-order-quickbooks?startDate=2019-03-01&endDate=2019-03-31',
    ]) {
      const response = await get(url, chef);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Accounting is turned off for this location.');
    }
    expect((await post('merchant-accounting-supplier', { name: 'Express Supplier' }, chef)).statusCode).toBe(403);
  });
});
