/**
 * Issue 33, defects 1 and 2: every route that opens a zip refuses a zip bomb before any reader
 * inflates it (the accounting bulk upload once inflated a 400 MB sheet), and every upload route
 * answers a multipart body cut off before its end with a 400 that says so (it was a logged 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { multipartForm } from '../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { buildZip } from '../test-support/zip-builder';
import { UPLOAD_CUT_SHORT_MESSAGE } from '../platform/multipart-errors';

const HARBORLINE = String(DEMO_IDS.distributors.harborline);
const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let owner: string;
let orderId: number;
/** An invoice batch of Harbor Grill (issue 36), for its add-a-file route. */
let batchId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  const [order] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`SELECT id FROM orders WHERE location_id = ${GRILL} ORDER BY id LIMIT 1`,
  );
  orderId = order.id;
  const [batch] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO invoice_import_batches (location_id) VALUES (${GRILL}) RETURNING id`,
  );
  batchId = batch.id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** Each upload route with the text fields it needs beside its file, and its file field's name. */
const UPLOAD_ROUTES: { url: () => string; fields: Record<string, string>; field?: string; opensZips: boolean }[] = [
  { url: () => '/api/v1/distributor-order-guides/check-for-template', fields: { distributor_id: HARBORLINE }, opensZips: true },
  { url: () => '/api/v1/distributor-order-guides/read-header', fields: { distributor_id: HARBORLINE }, opensZips: true },
  {
    url: () => '/api/v1/order-guides/front-upload',
    fields: {
      distributor_id: HARBORLINE,
      merchantIds: JSON.stringify([GRILL]),
      start_date: '2099-01-01',
      end_date: '2099-01-31',
    },
    opensZips: true,
  },
  {
    url: () => `/api/v1/distributor-order-guides/upload-template/${HARBORLINE}`,
    fields: { merchantIds: JSON.stringify([GRILL]) },
    opensZips: true,
  },
  { url: () => '/api/v1/pos/import', fields: {}, opensZips: true },
  { url: () => '/api/v1/merchant-accounting/upload', fields: {}, opensZips: true },
  { url: () => '/api/v1/invoices/import', fields: {}, opensZips: true },
  { url: () => `/api/v1/invoices/import-batches/${batchId}/files`, fields: {}, opensZips: true },
  { url: () => `/api/v1/orders/${orderId}/invoices-images`, fields: {}, field: 'image', opensZips: false },
];

const send = (url: string, headers: Record<string, string>, payload: Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(owner), ...headers }, payload });

describe('zip bombs on every route that opens a zip', () => {
  const sheet = 'xl/worksheets/sheet1.xml';
  const bombs: [string, string, () => Buffer][] = [
    // A few kilobytes on the wire that say (truthfully) they inflate to 400 MB.
    [
      'an .xlsx whose sheet inflates to 400 MB',
      'bomb.xlsx',
      () => buildZip([{ name: sheet, content: Buffer.alloc(400_000_000) }]),
    ],
    [
      'an .xlsx whose sheet lies about its size',
      'bomb.xlsx',
      () => buildZip([{ name: sheet, content: Buffer.alloc(50_000_000), declaredSize: 1_000 }]),
    ],
    [
      'an .ods of 3,000 parts',
      'bomb.ods',
      () => buildZip(Array.from({ length: 3_000 }, (_, i) => ({ name: `p${i}.xml`, content: Buffer.from('<a/>') }))),
    ],
  ];
  it('the invoice route is tried on a real order', () => expect(orderId).toBeGreaterThan(0));
  const built = new Map<string, Buffer>();
  const bytesOf = (what: string, make: () => Buffer) => built.get(what) ?? built.set(what, make()).get(what)!;

  for (const route of UPLOAD_ROUTES.filter((r) => r.opensZips)) {
    for (const [what, name, make] of bombs) {
      it(`${route.url().replace(/\/\d+$/, '/{id}')}: ${what} is refused as too large`, async () => {
        const body = multipartForm(route.fields, { field: route.field, name, content: bytesOf(what, make) });
        const response = await send(route.url(), body.headers, body.payload);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
        expect(response.json().code).toBe('payload_too_large');
      });
    }
  }
});

describe('multipart bodies cut off before their end', () => {
  const cutOffs: [string, string][] = [
    ['a file part with no content and no closing boundary', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n'],
    ['a file part cut in its content', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nItem,Co'],
    ['a body cut in its first header', '--x\r\nContent-Disp'],
  ];
  for (const route of UPLOAD_ROUTES) {
    for (const [what, body] of cutOffs) {
      it(`${route.url().replace(/\/\d+$/, '/{id}')}: ${what} is a 400 that says the upload was cut short`, async () => {
        const payload = Buffer.from(route.field ? body.replace('name="file"', `name="${route.field}"`) : body);
        const response = await send(route.url(), { 'content-type': 'multipart/form-data; boundary=x' }, payload);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
        expect(response.json()).toEqual({ message: UPLOAD_CUT_SHORT_MESSAGE, code: 'bad_request' });
      });
    }
  }
});
