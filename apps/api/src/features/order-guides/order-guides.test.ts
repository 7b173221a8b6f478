import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, DISTRIBUTOR_MESSAGES, getIsoDateInTimeZone, orderGuideItemSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { buildZip } from '../../test-support/zip-builder';
import { LIBREOFFICE_KINDS, libreOfficeFile } from '../../test-support/libreoffice-files';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';
import { runImportJob } from './guide-import.service';
import { multipartForm as form } from '../../test-support/multipart';

const D = DEMO_IDS.distributors;
const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
let filesDir: string;
const today = () => getIsoDateInTimeZone(new Date(), 'America/New_York');

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SYSCO_HEADER =
  'F,SUPC,Case Qty,Split Qty,Code,Item Status,Replaced Item,Pack,Size,Unit,Brand,Mfr #,Desc,Cat,Case $,Split $,Per Lb,Market,Stock';
function syscoRow(din: string, desc: string, price: string, pack = '4', size = '5LB'): string {
  return `P,${din},,,,A,,${pack},${size},CS,House,,${desc.replace(/,/g, ' ')},CAT,${price},,,,Y`;
}

interface Offer {
  id: number;
  din: string;
  name: string;
  price: string;
}
let offers: Offer[];

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'stockpot-guides-'));
  t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5 });
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  offers = await queryRows<Offer>(
    t.handle.db,
    sql`SELECT d.id, d.din, d.description AS name, li.price::text AS price FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND li.distributor_id = ${D.harborline} AND NOT li.is_punched_out AND d.unit_measure = 'CS'
        ORDER BY d.id LIMIT 3`,
  );
  // Migrating and seeding a fresh database is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
  await rm(filesDir, { recursive: true, force: true });
});

const post = (url: string, body: ReturnType<typeof form>, token = owner) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });

describe('allowed children', () => {
  it("lists the caller's locations of the company, the one asked first; 404 for a location not theirs", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchant/${L.harborGrillExpress}/allowed-children`,
      headers: bearer(owner),
    });
    expect(response.json().data.map((l: { id: number }) => l.id)).toEqual([
      L.harborGrillExpress,
      L.harborCatering,
      L.harborGrill,
    ]);
    // With a distributor: only the locations buying from it (Harbor Catering does not buy from Harborline).
    const buying = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchant/${L.harborGrill}/allowed-children?distributor_id=${D.harborline}`,
      headers: bearer(owner),
    });
    expect(buying.json().data.map((l: { id: number }) => l.id)).toEqual([L.harborGrill, L.harborGrillExpress]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchant/${L.harborCatering}/allowed-children`,
      headers: bearer(chef),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('check-for-template', () => {
  it('finds the built-in Sysco template, none for an unknown layout, and refuses a file that is not a spreadsheet', async () => {
    const csv = `H,Customer,1\n${SYSCO_HEADER}\n${syscoRow('1', 'X', '1.00')}\n`;
    const found = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.harborline) }, { name: 'guide.txt', content: csv }),
    );
    expect(found.json().data).toEqual({ found: true, template: { key: 'sysco-csv', name: 'Sysco order guide (CSV)' } });
    const unknown = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.harborline) }, { name: 'g.csv', content: 'Item,Cost\na,1\n' }),
    );
    expect(unknown.json().data).toEqual({ found: false, template: null });
    const png = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.harborline) }, { name: 'g.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) }),
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe(DISTRIBUTOR_MESSAGES.fileType);
  });

  it('refuses an .xlsx that is a zip bomb before any reader inflates it, and one that is no zip or no readable workbook', async () => {
    const sheet = 'xl/worksheets/sheet1.xml';
    const bombs = [
      // Says its sheet is 1 KB, inflates to 50 MB.
      buildZip([{ name: sheet, content: Buffer.alloc(50_000_000), declaredSize: 1_000 }]),
      // Says its sheet is 4 GB.
      buildZip([{ name: sheet, content: Buffer.from('<worksheet/>'), declaredSize: 0xfffffffe }]),
    ];
    for (const content of bombs) {
      const response = await post(
        '/distributor-order-guides/check-for-template',
        form({ distributor_id: String(D.harborline) }, { name: 'guide.xlsx', content }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: DISTRIBUTOR_MESSAGES.fileSize, code: 'payload_too_large' });
    }
    const broken = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.harborline) }, { name: 'guide.xlsx', content: Buffer.from('PK\x03\x04 not a zip at all') }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: DISTRIBUTOR_MESSAGES.fileType, code: 'unsupported_media_type' });
    // A sound zip that is no workbook, and a workbook whose sheet is not XML.
    for (const content of [
      buildZip([
        { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
        { name: 'xl/workbook.xml', content: Buffer.from('<workbook') },
      ]),
    ]) {
      const response = await post(
        '/distributor-order-guides/check-for-template',
        form({ distributor_id: String(D.harborline) }, { name: 'guide.xlsx', content }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: DISTRIBUTOR_MESSAGES.fileType });
    }
  });

  it('finds the built-in US Foods template in the csv, xlsx and xls that LibreOffice wrote', async () => {
    // Order guides come as .xlsx, .xls or .csv (doc 3 §2.7); ods is accounting's format only.
    for (const kind of LIBREOFFICE_KINDS.filter((k) => k !== 'ods')) {
      const response = await post(
        '/distributor-order-guides/check-for-template',
        form(
          { distributor_id: String(D.harborline) },
          { name: `guide.${kind}`, content: await libreOfficeFile(`us-foods-guide.${kind}`) },
        ),
      );
      expect(response.statusCode, `${kind}: ${response.body.slice(0, 300)}`).toBe(200);
      expect(response.json().data, kind).toMatchObject({ found: true, template: { key: 'usfoods-list' } });
    }
  });

  it("answers 404 for another location's distributor", async () => {
    // Coastal Produce is not one of Harbor Catering's distributors; the chef works at Harbor Grill, which has it.
    const response = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: '999999' }, { name: 'g.csv', content: 'a' }),
      chef,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('reading spreadsheets', () => {
  it('reads the same content written as csv, xlsx and xls identically, formula-like cells as text', async () => {
    const table = [
      ['Product Number', 'Product Description', 'Product Brand', 'Product Package Size', 'Product Price'],
      ['001234', '=HYPERLINK("x")', '@brand', '4/5 LB', '54.95'],
      ['5678', '-Dash', '+Plus', '1/50#', '12'],
    ];
    const csv = Buffer.from(
      `\uFEFF${table.map((row) => row.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}\r\n`,
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Guide');
    table.forEach((row, r) =>
      sheet.addRow(row.map((c, i) => (r > 0 && i === 4 ? Number(c) : c.startsWith('=') ? { formula: c.slice(1) } : c))),
    );
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const ws = XLSX.utils.aoa_to_sheet(table.map((row, r) => row.map((c, i) => (r > 0 && i === 4 ? Number(c) : c))));
    // SheetJS writes no formulas to .xls; the formula-like text is a text cell there.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'Guide');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;

    const fromCsv = await readSheetRows(csv, 'csv');
    expect(fromCsv).toEqual(table);
    expect(await readSheetRows(xlsx, 'xlsx')).toEqual(table);
    expect(await readSheetRows(xls, 'xls')).toEqual(table);
  });
});

describe('front-upload', () => {
  it('refuses a file without an approved template, bad dates and locations that are not the caller’s', async () => {
    const fields = {
      distributor_id: String(D.harborline),
      merchantIds: JSON.stringify([L.harborGrill]),
      start_date: today(),
      end_date: addDays(today(), 7),
    };
    const noTemplate = await post('/order-guides/front-upload', form(fields, { name: 'g.csv', content: 'Item,Cost\na,1\n' }));
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().message).toBe(DISTRIBUTOR_MESSAGES.templateNotFound);

    const csv = `${SYSCO_HEADER}\n${syscoRow('1', 'X', '1.00')}\n`;
    const past = await post(
      '/order-guides/front-upload',
      form({ ...fields, start_date: addDays(today(), -1) }, { name: 'g.csv', content: csv }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The Order Guide Date cannot be before today.');
    const endBefore = await post(
      '/order-guides/front-upload',
      form({ ...fields, end_date: addDays(today(), -1) }, { name: 'g.csv', content: csv }),
    );
    expect(endBefore.json().message).toBe('The Next Price Change cannot be before the Order Guide Date.');
    // Not a calendar day (PostgreSQL would refuse it on insert), or a year JavaScript reads as 19xx.
    for (const end_date of [`${Number(today().slice(0, 4)) + 1}-02-30`, '0099-12-31']) {
      const notADay = await post('/order-guides/front-upload', form({ ...fields, end_date }, { name: 'g.csv', content: csv }));
      expect(notADay.statusCode, end_date).toBe(400);
      expect(notADay.json().message).toMatch(/end_date is not a real date\.$/);
    }
    const noList = await post(
      '/order-guides/front-upload',
      form({ ...fields, merchantIds: '[]' }, { name: 'g.csv', content: csv }),
    );
    expect(noList.json().message).toMatch(/Choose at least one location\.$/);
    const notJson = await post(
      '/order-guides/front-upload',
      form({ ...fields, merchantIds: '1,2' }, { name: 'g.csv', content: csv }),
    );
    expect(notJson.json().message).toMatch(/merchantIds must be a JSON list of location ids\.$/);

    const foreign = await post(
      '/order-guides/front-upload',
      form({ ...fields, merchantIds: JSON.stringify([L.harborCatering]) }, { name: 'g.csv', content: csv }),
      chef,
    );
    expect(foreign.statusCode).toBe(404);
    // Harbor Catering does not buy from Harborline.
    const notBuying = await post(
      '/order-guides/front-upload',
      form({ ...fields, merchantIds: JSON.stringify([L.harborGrill, L.harborCatering]) }, { name: 'g.csv', content: csv }),
    );
    expect(notBuying.statusCode).toBe(400);
    expect(notBuying.json().message).toBe('Harbor Catering does not buy from this distributor.');
  });

  it('applies a Sysco guide in a job: new prices, a new item, missing items punched out, history kept, list updated', async () => {
    const [changed, kept] = offers;
    const before = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/distributors/${D.harborline}?expand=lastOrderGuide`,
        headers: bearer(owner),
      })
    ).json().data.lastOrderGuide;
    const csv = [
      `H,Customer #,123456,Harbor Grill`,
      SYSCO_HEADER,
      syscoRow(changed.din, changed.name, '99.99'),
      syscoRow(kept.din, kept.name, kept.price),
      syscoRow('NEW-0001', 'Smoked Paprika Ground', '23.10', '1', '16OZ'),
    ].join('\r\n');
    const response = await post(
      '/order-guides/front-upload',
      form(
        {
          distributor_id: String(D.harborline),
          merchantIds: JSON.stringify([L.harborGrill]),
          start_date: today(),
          end_date: addDays(today(), 7),
          fastResponse: '1',
        },
        { name: 'sysco.csv', content: csv },
      ),
    );
    expect(response.statusCode).toBe(202);
    const uploadId = response.json().data.id;
    const done = await waitFor(async () => {
      const status = (
        await t.app.inject({ method: 'GET', url: `/api/v1/order-guides/uploads/${uploadId}`, headers: bearer(owner) })
      ).json().data;
      return status.status === 'applied' || status.status === 'failed' ? status : undefined;
    });
    expect(done).toMatchObject({
      status: 'applied',
      progress: 3,
      totalRows: 3,
      message: 'Your order guide was applied: 3 items.',
    });

    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/distributors/${D.harborline}?expand=lastOrderGuide`,
        headers: bearer(owner),
      })
    ).json().data.lastOrderGuide;
    expect(after.id).not.toBe(before.id);
    expect(after.item_count).toBe(3);

    const items = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-guides/${after.id}/items?page=1`,
      headers: bearer(owner),
    });
    const page = orderGuideItemSchema.strict().array().parse(items.json().data);
    expect(page.find((item) => item.din === changed.din)?.price).toBe(9999);
    expect(page.find((item) => item.din === 'NEW-0001')).toMatchObject({
      name: 'Smoked Paprika Ground',
      pack_size: '1/16 OZ',
      price: 2310,
    });
    // Price history: the previous guide still lists the old price.
    const old = (
      await t.app.inject({ method: 'GET', url: `/api/v1/order-guides/${before.id}/items?limit=100`, headers: bearer(owner) })
    ).json();
    expect(old._meta.totalCount).toBe(before.item_count);

    const states = await queryRows<{ din: string; price: string; punched: boolean; effective: string | null }>(
      t.handle.db,
      sql`SELECT d.din, li.price::text AS price, li.is_punched_out AS punched, r.effective_price::text AS effective
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          LEFT JOIN location_item_reads r ON r.location_id = li.location_id AND r.item_distributor_id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND li.distributor_id = ${D.harborline}`,
    );
    const byDin = new Map(states.map((s) => [s.din, s]));
    expect(byDin.get(changed.din)).toMatchObject({ price: '99.99', punched: false });
    expect(Number(byDin.get(changed.din)!.effective)).toBe(99.99);
    expect(byDin.get(offers[2].din)?.punched).toBe(true);
    expect(
      states
        .filter((s) => !s.punched)
        .map((s) => s.din)
        .sort(),
    ).toEqual([changed.din, kept.din, 'NEW-0001'].sort());

    // The place-order list shows the new price.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify({ search: changed.din }))}`,
      headers: bearer(owner),
    });
    const row = list.json().data.find((item: { din: string }) => item.din === changed.din);
    expect(row.price).toBe(9999);

    const csvDownload = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-guides/${after.id}/order-guide.csv`,
      headers: bearer(owner),
    });
    expect(csvDownload.body.split('\r\n')[0]).toBe('din,name,brand,pack_size,unit_measure,price,is_catch_weight');
    expect(csvDownload.body).toContain('NEW-0001,Smoked Paprika Ground,House,1/16 OZ,CS,23.10,0');
  });

  it('keeps today’s prices until a later Order Guide Date, then applies the guide', async () => {
    const [, kept] = offers;
    const csv = [SYSCO_HEADER, syscoRow(kept.din, kept.name, '77.70')].join('\n');
    const start = addDays(today(), 3);
    const response = await post(
      '/order-guides/front-upload',
      form(
        {
          distributor_id: String(D.harborline),
          merchantIds: JSON.stringify([L.harborGrill]),
          start_date: start,
          end_date: addDays(start, 7),
        },
        { name: 'later.csv', content: csv },
      ),
    );
    expect(response.statusCode).toBe(202);
    const upload = response.json().data;
    expect(upload.status).toBe('scheduled');
    expect(upload.message).toMatch(/take effect on \d\d\/\d\d\/\d{4}/);
    const jobs = await queryRows<{ start_after: string; due_later: boolean }>(
      t.handle.db,
      sql`SELECT start_after::text, start_after > now() + interval '1 day' AS due_later FROM pgboss.job WHERE name = 'order-guide-import' AND data->>'uploadId' = ${String(upload.id)}`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].due_later).toBe(true);
    const [price] = await queryRows<{ price: string }>(
      t.handle.db,
      sql`SELECT li.price::text FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id WHERE li.location_id = ${L.harborGrill} AND d.din = ${kept.din} AND d.distributor_id = ${D.harborline}`,
    );
    expect(price.price).not.toBe('77.70');

    // The day arrives: the queue hands the job over and it applies the guide.
    await runImportJob(
      { db: t.handle.db, jobs: t.app.jobs, store: createFileStore(resolveFilesDir(t.app.config)), log: t.app.log },
      { uploadId: upload.id },
    );
    const [after] = await queryRows<{ price: string }>(
      t.handle.db,
      sql`SELECT li.price::text FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id WHERE li.location_id = ${L.harborGrill} AND d.din = ${kept.din} AND d.distributor_id = ${D.harborline}`,
    );
    expect(after.price).toBe('77.70');
  });

  it("answers 404 for another location's order guide", async () => {
    const [guide] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM order_guides WHERE location_id = ${L.harborCatering} LIMIT 1`,
    );
    for (const url of [
      `/order-guides/${guide.id}/items`,
      `/order-guides/${guide.id}/download`,
      `/order-guides/${guide.id}/order-guide.csv`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(chef) });
      expect(response.statusCode).toBe(404);
    }
  });
});
