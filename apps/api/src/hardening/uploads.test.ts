/**
 * Hostile files (issue 14 "Uploads and exports"): the order guide upload (check-for-template and
 * front-upload) and the invoice upload get files whose content lies about their name, empty files,
 * files one byte over the limit, files cut short, and names with `../`, NUL and 300 characters.
 * Every refusal is a 400 with a message a person can act on — never a 5xx — and leaves nothing in
 * the file store or the database; a good file under a hostile name is kept under a clean name. (Zip
 * bombs on every route that opens a zip, and cut-off bodies, are in upload-bodies.test.ts.)
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, GUIDE_UPLOAD_MAX_BYTES, getIsoDateInTimeZone, INVOICE_FILE_MAX_BYTES } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { multipartForm as form } from '../test-support/multipart';

const GRILL = DEMO_IDS.locations.harborGrill;
const HARBORLINE = DEMO_IDS.distributors.harborline;

let t: TestApp;
let owner: string;
let filesDir: string;
let orderId: number;
const db = () => t.handle.db;
const today = () => getIsoDateInTimeZone(new Date(), 'America/New_York');

/** A whole 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
/** The structure of a JPEG: start, JFIF header, one scan, end of image. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
  0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0x56, 0x78, 0xff, 0x00, 0x9a, 0xff, 0xd9,
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SYSCO_HEADER =
  'F,SUPC,Case Qty,Split Qty,Code,Item Status,Replaced Item,Pack,Size,Unit,Brand,Mfr #,Desc,Cat,Case $,Split $,Per Lb,Market,Stock';
/** A Sysco guide the approved template reads. */
const GUIDE_CSV = `${SYSCO_HEADER}\nP,7001001,,,,A,,4,5LB,CS,House,,Hostile Test Flour,CAT,12.00,,,,Y\n`;
/** `../` twice, a NUL, a control character and 300 characters in all. */
const HOSTILE_NAME = `../../etc/${'x'.repeat(280)}\u0000\u0007passwd`;

function listFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...listFiles(full));
    else found.push(path.relative(filesDir, full));
  }
  return found.sort();
}

async function snapshot() {
  const [rows] = await queryRows<{ guides: number; uploads: number; images: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM order_guides) AS guides,
               (SELECT count(*)::int FROM order_guide_uploads) AS uploads,
               (SELECT count(*)::int FROM order_invoice_images) AS images`,
  );
  return { rows, files: listFiles(filesDir) };
}

const guideFields = () => ({
  distributor_id: String(HARBORLINE),
  merchantIds: JSON.stringify([GRILL]),
  // A later date: the upload is kept and scheduled, its import does not run in this suite.
  start_date: addDays(today(), 3),
  end_date: addDays(today(), 10),
});

function sendGuide(route: 'check-for-template' | 'front-upload', name: string, content: Buffer) {
  const body = form(route === 'front-upload' ? guideFields() : { distributor_id: String(HARBORLINE) }, {
    field: 'file',
    name,
    content,
  });
  return t.app.inject({
    method: 'POST',
    url: route === 'front-upload' ? '/api/v1/order-guides/front-upload' : '/api/v1/distributor-order-guides/check-for-template',
    headers: { ...bearer(owner), ...body.headers },
    payload: body.payload,
  });
}

function sendInvoice(name: string, content: Buffer) {
  const body = form({}, { field: 'image', name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/invoices-images`,
    headers: { ...bearer(owner), ...body.headers },
    payload: body.payload,
  });
}

/** A name that could leave its folder or hide characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[/\\\u0000-\u001f]|\.\./;

/** A refusal: 400 (or 413) with a message, no stack or SQL, and nothing kept. */
async function expectRefused(send: () => Promise<{ statusCode: number; body: string }>, what: string) {
  const before = await snapshot();
  const response = await send();
  expect([400, 413], `${what}: ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  const body = JSON.parse(response.body) as { message?: string };
  expect(typeof body.message === 'string' && body.message.length > 5, `${what}: a message`).toBe(true);
  expect(response.body, what).not.toMatch(/\bat \S+:\d+:\d+|SELECT |INSERT |node_modules/);
  expect(await snapshot(), `${what}: nothing kept`).toEqual(before);
  return body.message!;
}

let goodXlsx: Buffer;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-uploads-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await signInAs(t.app, 'owner@demo.test');
  const [order] = await queryRows<{ id: number }>(
    db(),
    sql`SELECT id FROM orders WHERE location_id = ${GRILL} ORDER BY id LIMIT 1`,
  );
  orderId = order.id;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guide');
  for (const line of GUIDE_CSV.trim().split('\n')) sheet.addRow(line.split(','));
  goodXlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  // Migrating and seeding a fresh database is slow on a busy shared machine.
}, 600_000);

afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('hostile files to the order guide upload', () => {
  const hostile: [string, string, () => Buffer][] = [
    ['a PNG named .xlsx', 'guide.xlsx', () => PNG],
    ['a PDF named .csv', 'guide.csv', () => Buffer.concat([PDF, Buffer.from([0, 1, 2])])],
    ['random bytes named .xls', 'guide.xls', () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0, 9, 9])],
    ['an empty file', 'guide.csv', () => Buffer.alloc(0)],
    ['a file one byte over the limit', 'guide.csv', () => Buffer.alloc(GUIDE_UPLOAD_MAX_BYTES + 1, 'a')],
    ['an .xlsx cut in half', 'guide.xlsx', () => goodXlsx.subarray(0, Math.floor(goodXlsx.length / 2))],
    ['an .xlsx cut to its zip header', 'guide.xlsx', () => goodXlsx.subarray(0, 30)],
    ['a file with a hostile name and no template', HOSTILE_NAME, () => Buffer.from('Item,Cost\na,1\n')],
  ];
  for (const route of ['check-for-template', 'front-upload'] as const) {
    for (const [what, name, content] of hostile) {
      // check-for-template answers 200 { found: false } for a readable file no template reads.
      if (route === 'check-for-template' && what.endsWith('no template')) continue;
      it(`${route}: ${what} is refused with a 400 and nothing kept`, async () => {
        await expectRefused(() => sendGuide(route, name, content()), `${route} ${what}`);
      });
    }
  }

  it('front-upload: a good guide under a hostile name is kept under a clean name, stored where the server chose', async () => {
    const before = await snapshot();
    const response = await sendGuide('front-upload', HOSTILE_NAME, Buffer.from(GUIDE_CSV));
    expect(response.statusCode, response.body).toBe(202);
    const [upload] = await queryRows<{ file_name: string; stored_as: string }>(
      db(),
      sql`SELECT file_name, stored_as FROM order_guide_uploads WHERE id = ${response.json().data.id}`,
    );
    expect(upload.file_name).not.toMatch(UNSAFE_NAME);
    expect(upload.file_name.length).toBeLessThanOrEqual(200);
    expect(upload.file_name.startsWith('x')).toBe(true);
    expect(upload.stored_as).toMatch(new RegExp(`^order-guides/${GRILL}/[\\w-]+\\.csv$`));
    expect((await snapshot()).files).toEqual([...before.files, upload.stored_as].sort());
  });
});

describe('hostile files to the invoice upload', () => {
  const hostile: [string, string, () => Buffer][] = [
    ['a GIF named .png', 'invoice.png', () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
    ['an HTML page named .pdf', 'invoice.pdf', () => Buffer.from('<html><script>alert(1)</script></html>')],
    ['an empty file', 'invoice.jpg', () => Buffer.alloc(0)],
    [
      'a file one byte over the limit',
      'invoice.png',
      () => Buffer.concat([PNG, Buffer.alloc(INVOICE_FILE_MAX_BYTES - PNG.length + 1)]),
    ],
    ['a PNG cut short', 'invoice.png', () => PNG.subarray(0, PNG.length - 20)],
    ['a PNG of its signature only', 'invoice.png', () => PNG.subarray(0, 8)],
    ['a JPEG cut in its scan', 'invoice.jpg', () => JPEG.subarray(0, JPEG.length - 4)],
    ['a JPEG without a scan', 'invoice.jpg', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0xff, 0xd9])],
    ['a PDF cut short', 'invoice.pdf', () => PDF.subarray(0, 20)],
    ['a cut PNG under a hostile name', HOSTILE_NAME, () => PNG.subarray(0, 30)],
  ];
  for (const [what, name, content] of hostile) {
    it(`${what} is refused with a 400 and nothing kept`, async () => {
      await expectRefused(() => sendInvoice(name, content()), what);
    });
  }

  it('a whole PNG, JPEG and PDF are kept; a hostile name is kept clean', async () => {
    for (const [name, content, type] of [
      ['invoice.png', PNG, 'image/png'],
      ['scan.jpg', JPEG, 'image/jpeg'],
      ['invoice.pdf', PDF, 'application/pdf'],
      [HOSTILE_NAME, PNG, 'image/png'],
    ] as const) {
      const response = await sendInvoice(name, content);
      expect(response.statusCode, `${name.slice(0, 20)}: ${response.body}`).toBe(201);
      const image = response.json().data as { fileName: string; contentType: string };
      expect(image.contentType).toBe(type);
      expect(image.fileName).not.toMatch(UNSAFE_NAME);
      expect(image.fileName.length).toBeLessThanOrEqual(120);
    }
    for (const file of listFiles(filesDir).filter((f) => f.startsWith('invoices'))) {
      expect(file).toMatch(new RegExp(`^invoices/${GRILL}/${orderId}/[0-9a-f]{24}\\.(png|jpg|pdf)$`));
    }
  });
});
