import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { approveTemplateRequest, DEMO_IDS, listTemplateRequests } from '@stockpot/db/seed';
import { addDays, getIsoDateInTimeZone } from '@stockpot/domain';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { multipartForm, type MultipartFile } from '../../test-support/multipart';

const D = DEMO_IDS.distributors;
const L = DEMO_IDS.locations;
const SUPPORT = 'templates@stockpot.test';
let t: TestApp;
let owner: string;
let chef: string;
let inbox: SmtpInbox;
let filesDir: string;
let offer: { din: string; name: string };

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'stockpot-templates-'));
  inbox = await startSmtpInbox();
  t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5, SMTP_URL: inbox.url, SUPPORT_EMAIL: SUPPORT });
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  [offer] = await queryRows<{ din: string; name: string }>(
    t.handle.db,
    sql`SELECT d.din, d.description AS name FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND li.distributor_id = ${D.harborline} AND NOT li.is_punched_out AND d.unit_measure = 'CS'
        ORDER BY d.id LIMIT 1`,
  );
  // Migrating and seeding a fresh database is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** A layout no built-in template reads: a title row, then the distributor's own headers. */
const customCsv = (price: string) =>
  `Harborline price list,,,\r\nItem #,Description,Pack Size,Case Price\r\n${offer.din},${offer.name.replace(/,/g, ' ')},4/5 LB,${price}\r\n`;

/** Every file of these requests goes out as CSV. */
const form = (fields: Record<string, string>, file?: MultipartFile) =>
  multipartForm(fields, file && { ...file, contentType: 'text/csv' });

const post = (url: string, body: ReturnType<typeof form>, token = owner) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
const requestTemplate = (fields: Record<string, string>, content: Buffer | string = customCsv('42.50'), token = owner) =>
  post(`/distributor-order-guides/upload-template/${D.harborline}`, form(fields, { name: 'prices.csv', content }), token);
const check = (content: string) =>
  post(
    '/distributor-order-guides/check-for-template',
    form({ distributor_id: String(D.harborline) }, { name: 'p.csv', content }),
  );

let requestId: number;

describe('Request Template', () => {
  it('refuses what a person can fix, and another location or distributor with 404', async () => {
    const noLocations = await requestTemplate({});
    expect(noLocations.statusCode).toBe(400);
    expect(noLocations.json().message).toMatch(/merchantIds is required/);
    const notSheet = await requestTemplate({ merchantIds: `[${L.harborGrill}]` }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]));
    expect(notSheet.statusCode).toBe(400);
    const foreignLocation = await requestTemplate({ merchantIds: `[${L.harborCatering}]` }, customCsv('1.00'), chef);
    expect(foreignLocation.statusCode).toBe(404);
    const foreignDistributor = await post(
      '/distributor-order-guides/upload-template/2000000',
      form({ merchantIds: `[${L.harborGrill}]` }, { name: 'p.csv', content: customCsv('1.00') }),
    );
    expect(foreignDistributor.statusCode).toBe(404);
    expect(await listTemplateRequests(t.handle.db)).toEqual([]);
  });

  it('stores the request and e-mails support, which a real SMTP server receives', async () => {
    const found = await check(customCsv('42.50'));
    expect(found.json().data.found).toBe(false);
    const response = await requestTemplate({ merchantIds: `[${L.harborGrill}]` });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ id: expect.any(Number), message: 'Successful request' });
    requestId = response.json().data.id;
    const mail = await inbox.waitFor(SUPPORT);
    expect(mail.text).toContain(`Harbor Grill asks for an order guide template for Harborline Foodservice.`);
    expect(mail.text).toContain('Its header row looks like: Item # | Description | Pack Size | Case Price');
    expect(mail.text).toContain(`npm run template -- approve ${requestId}`);
    expect(await listTemplateRequests(t.handle.db)).toEqual([
      expect.objectContaining({
        id: requestId,
        location: 'Harbor Grill',
        distributorId: D.harborline,
        fileName: 'prices.csv',
        status: 'requested',
        header: ['Item #', 'Description', 'Pack Size', 'Case Price'],
      }),
    ]);
  });

  it('maps the columns once; the next check finds the approved template and the upload goes through', async () => {
    await expect(
      approveTemplateRequest(t.handle.db, {
        requestId,
        name: 'Harborline price list',
        mapping: { din: 'Item', name: 'Description' },
      }),
    ).rejects.toThrow(/din: "Item" is not a header of the file/);
    const { templateId } = await approveTemplateRequest(t.handle.db, {
      requestId,
      name: 'Harborline price list',
      mapping: { din: 'Item #', name: 'Description', pack_size: 'Pack Size', price: 'Case Price' },
    });
    await expect(approveTemplateRequest(t.handle.db, { requestId, name: 'Again', mapping: { din: 'Item #' } })).rejects.toThrow(
      /already approved/,
    );
    expect(await listTemplateRequests(t.handle.db)).toEqual([]);

    const found = await check(customCsv('43.75'));
    expect(found.json().data).toEqual({ found: true, template: { key: `custom-${templateId}`, name: 'Harborline price list' } });

    const today = getIsoDateInTimeZone(new Date(), 'America/New_York');
    const upload = await post(
      '/order-guides/front-upload',
      form(
        {
          distributor_id: String(D.harborline),
          merchantIds: `[${L.harborGrill}]`,
          start_date: today,
          end_date: addDays(today, 7),
        },
        { name: 'prices.csv', content: customCsv('43.75') },
      ),
    );
    expect(upload.statusCode).toBe(202);
    const uploadId = upload.json().data.id;
    const deadline = Date.now() + 20_000;
    let status: { status: string; message: string } | undefined;
    while (Date.now() < deadline) {
      status = (
        await t.app.inject({ method: 'GET', url: `/api/v1/order-guides/uploads/${uploadId}`, headers: bearer(owner) })
      ).json().data;
      if (status?.status === 'applied' || status?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toMatchObject({ status: 'applied', message: 'Your order guide was applied: 1 items.' });
    const [price] = await queryRows<{ price: string }>(
      t.handle.db,
      sql`SELECT li.price::text AS price FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND d.distributor_id = ${D.harborline} AND d.din = ${offer.din}`,
    );
    expect(price.price).toBe('43.75');
  });
});
