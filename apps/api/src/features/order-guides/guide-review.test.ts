import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, getIsoDateInTimeZone, guideUploadSchema, type GuideUpload } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { multipartForm as form } from '../../test-support/multipart';

/**
 * Issue 31 "An import a buyer can trust" and "Layouts without a template": every row checked, a
 * refused file changes nothing, a preview before applying, and a buyer's own column mapping.
 */
const D = DEMO_IDS.distributors;
const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let filesDir: string;
const today = () => getIsoDateInTimeZone(new Date(), 'America/New_York');

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'stockpot-guide-review-'));
  t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5 });
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
  await rm(filesDir, { recursive: true, force: true });
});

const post = (url: string, body: ReturnType<typeof form>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...bearer(owner), ...body.headers }, payload: body.payload });
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner) });
const postJson = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(owner), ...(payload ? { payload } : {}) });

async function upload(csv: string, distributorId: number, fields: Record<string, string> = {}): Promise<number> {
  const response = await post(
    '/order-guides/front-upload',
    form(
      {
        distributor_id: String(distributorId),
        merchantIds: JSON.stringify([L.harborGrill]),
        start_date: today(),
        end_date: addDays(today(), 7),
        ...fields,
      },
      { name: 'guide.csv', content: csv },
    ),
  );
  expect(response.statusCode, response.body).toBe(202);
  return response.json().data.id;
}

/** Polls the upload until the job leaves it in one of `states`. */
async function settle(id: number, states: GuideUpload['status'][]): Promise<GuideUpload> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const data = guideUploadSchema.parse((await get(`/order-guides/uploads/${id}`)).json().data);
    if (states.includes(data.status)) return data;
    if (Date.now() > deadline) throw new Error(`upload ${id} stayed ${data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const DONE: GuideUpload['status'][] = ['ready', 'applied', 'refused', 'failed', 'cancelled'];

/** What the location has from a distributor: its guides and its items' prices, to see that nothing changed. */
async function snapshot(distributorId: number) {
  const guides = await queryRows<{ count: number }>(
    t.handle.db,
    sql`SELECT count(*)::int AS count FROM order_guides WHERE location_id = ${L.harborGrill} AND distributor_id = ${distributorId}`,
  );
  const items = await queryRows<{ id: number; price: string; punched: boolean }>(
    t.handle.db,
    sql`SELECT item_distributor_id AS id, price::text AS price, is_punched_out AS punched FROM location_items
        WHERE location_id = ${L.harborGrill} AND distributor_id = ${distributorId} ORDER BY item_distributor_id`,
  );
  const offers = await queryRows<{ count: number }>(
    t.handle.db,
    sql`SELECT count(*)::int AS count FROM item_distributors WHERE distributor_id = ${distributorId}`,
  );
  return { guides: guides[0].count, items, offers: offers[0].count };
}

const CATEGORIES = ['BAKING', 'CANNED', 'DAIRY', 'PRODUCE', 'MEAT', 'SEAFOOD', 'FROZEN', 'DRY GOODS', 'PAPER', 'CHEMICAL'];

describe('a misaligned guide (issue 31, the reported bug)', () => {
  // Stockpot's own layout with a category column; the exporter dropped the name, so each row is one cell short.
  const csv = [
    'din,name,category,brand,pack_size,unit_measure,price',
    ...CATEGORIES.map((category, i) => `MIS-${i},${category},Gold Medal,1/50 LB,CS,${20 + i}.50`),
  ].join('\r\n');

  it('is refused row by row, with each row number and reason, and nothing is applied', async () => {
    const before = await snapshot(D.harborline);
    // Without a preview (the spec's upload), as the buyer who saw "applied: 10 items" sent it.
    const refused = await settle(await upload(csv, D.harborline), DONE);
    expect(refused.status).toBe('refused');
    expect(refused.refusedCount).toBe(10);
    expect(refused.message).toBe(
      '10 rows of your order guide could not be read, so nothing was applied. Fix the rows listed and upload the file again.',
    );
    expect(refused.errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(refused.errors[0].message).toBe('Row 2 has 6 cells but the header has 7: its cells do not line up with the columns.');
    expect(await snapshot(D.harborline)).toEqual(before);
    const named = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM item_distributors WHERE din LIKE 'MIS-%'`,
    );
    expect(named[0].count).toBe(0);

    const rowsCsv = await get(`/order-guides/uploads/${refused.id}/refused-rows.csv`);
    expect(rowsCsv.headers['content-type']).toContain('text/csv');
    const lines = rowsCsv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Row,Reason');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('2,Row 2 has 6 cells but the header has 7: its cells do not line up with the columns.');

    const apply = await postJson(`/order-guides/uploads/${refused.id}/apply`);
    expect(apply.statusCode).toBe(400);
    expect(apply.json().message).toBe(
      'This order guide was refused, so it cannot be applied. Fix the rows listed and upload it again.',
    );
  });

  it('refuses a file in which no row has a price, naming the column read', async () => {
    const before = await snapshot(D.harborline);
    const noPrices = [
      'din,name,brand,pack_size,unit_measure,price',
      'NP-1,Flour,GM,1/50 LB,CS,',
      'NP-2,Sugar,C&H,1/25 LB,CS,',
    ].join('\n');
    const refused = await settle(await upload(noPrices, D.harborline, { preview: '1' }), DONE);
    expect(refused.status).toBe('refused');
    expect(refused.message).toBe(
      'No row has a price in the column read for prices, "price" (column F). Check that this column holds the prices, or download the guide with prices.',
    );
    expect(refused.preview?.counts).toMatchObject({ new: 2, refused: 0 });
    expect(await snapshot(D.harborline)).toEqual(before);
  });
});

describe('preview, then apply or cancel (issue 31)', () => {
  it('shows the first rows and the counts; cancel applies nothing; apply replaces the previous items', async () => {
    const current = await queryRows<{ din: string; price: string; pack: string; name: string }>(
      t.handle.db,
      sql`SELECT d.din, ogi.price::text AS price, d.pack_size AS pack, d.description AS name
          FROM order_guide_items ogi JOIN item_distributors d ON d.id = ogi.item_distributor_id
          WHERE ogi.order_guide_id = (SELECT id FROM order_guides WHERE location_id = ${L.harborGrill}
                                      AND distributor_id = ${D.northeastProvisions} ORDER BY created_at DESC, id DESC LIMIT 1)
          ORDER BY d.din LIMIT 3`,
    );
    expect(current).toHaveLength(3);
    const [same, dearer, gone] = current;
    const raised = (Number(dearer.price) + 1).toFixed(2);
    const csv = [
      'din,name,brand,pack_size,unit_measure,price',
      `${same.din},"${same.name}",House,${same.pack},CS,${same.price}`,
      `${dearer.din},"${dearer.name}",House,${dearer.pack},CS,${raised}`,
      'PV-NEW-1,Smoked Paprika Ground,McCormick,1/16 OZ,CS,$23.10',
    ].join('\r\n');
    const before = await snapshot(D.northeastProvisions);
    const countBefore = (
      await queryRows<{ count: number }>(
        t.handle.db,
        sql`SELECT item_count AS count FROM order_guides WHERE location_id = ${L.harborGrill} AND distributor_id = ${D.northeastProvisions}
            ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
    )[0].count;

    const first = await settle(await upload(csv, D.northeastProvisions, { preview: '1' }), DONE);
    expect(first).toMatchObject({ status: 'ready', needsReview: true, refusedCount: 0 });
    expect(first.preview?.counts).toEqual({ new: 1, changed: 1, unchanged: 1, refused: 0, removed: countBefore - 2 });
    expect(first.preview?.rows[2]).toEqual({
      row: 4,
      din: 'PV-NEW-1',
      name: 'Smoked Paprika Ground',
      packSize: '1/16 OZ',
      priceCents: 2310,
      unitMeasure: 'CS',
      isMarketPrice: false,
    });
    // Read but not applied: nothing changed yet.
    expect(await snapshot(D.northeastProvisions)).toMatchObject({ guides: before.guides, items: before.items });

    const cancelled = await postJson(`/order-guides/uploads/${first.id}/cancel`);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect((await postJson(`/order-guides/uploads/${first.id}/apply`)).statusCode).toBe(400);
    expect(await snapshot(D.northeastProvisions)).toEqual(before);

    const second = await settle(await upload(csv, D.northeastProvisions, { preview: '1' }), DONE);
    expect(second.status).toBe('ready');
    const applying = await postJson(`/order-guides/uploads/${second.id}/apply`);
    expect(applying.statusCode).toBe(200);
    const applied = await settle(second.id, ['applied', 'failed']);
    expect(applied).toMatchObject({ status: 'applied', message: 'Your order guide was applied: 3 items.' });
    const live = await queryRows<{ din: string; price: string; punched: boolean }>(
      t.handle.db,
      sql`SELECT d.din, li.price::text AS price, li.is_punched_out AS punched FROM location_items li
          JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND li.distributor_id = ${D.northeastProvisions} AND d.din IN (${dearer.din}, ${gone.din}, 'PV-NEW-1')
          ORDER BY d.din`,
    );
    expect(live).toEqual(
      [
        { din: dearer.din, price: raised, punched: false },
        { din: gone.din, price: expect.any(String), punched: true },
        { din: 'PV-NEW-1', price: '23.10', punched: false },
      ].sort((a, b) => a.din.localeCompare(b.din)),
    );
  });

  it('two Apply clicks at once apply the guide once', async () => {
    const csv = ['din,name,brand,pack_size,unit_measure,price', 'TWICE-1,Sea Scallops U10,Bayside,1/5 LB,CS,129.00'].join('\n');
    const ready = await settle(await upload(csv, D.baysideSeafood, { preview: '1' }), DONE);
    const answers = await Promise.all([1, 2].map(() => postJson(`/order-guides/uploads/${ready.id}/apply`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await settle(ready.id, ['applied', 'failed'])).toMatchObject({ status: 'applied' });
    const guides = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM order_guides g JOIN order_guide_items ogi ON ogi.order_guide_id = g.id
          JOIN item_distributors d ON d.id = ogi.item_distributor_id
          WHERE g.location_id = ${L.harborGrill} AND d.din = 'TWICE-1'`,
    );
    expect(guides[0].count).toBe(1);
  });

  it('a reviewed guide dated later is read now and, once applied, waits for its date', async () => {
    const before = await snapshot(D.baysideSeafood);
    const tomorrow = addDays(today(), 1);
    const csv = ['din,name,brand,pack_size,unit_measure,price', 'LATER-1,Halibut Fillet,Bayside,1/10 LB,CS,189.00'].join('\n');
    const ready = await settle(
      await upload(csv, D.baysideSeafood, { preview: '1', start_date: tomorrow, end_date: addDays(tomorrow, 7) }),
      DONE,
    );
    expect(ready.status).toBe('ready');
    const applied = await postJson(`/order-guides/uploads/${ready.id}/apply`);
    expect(applied.json().data).toMatchObject({ status: 'scheduled' });
    expect(applied.json().data.message).toMatch(
      /^Your order guide was received\. Its prices take effect on \d\d\/\d\d\/\d{4}\.$/,
    );
    expect(await snapshot(D.baysideSeafood)).toEqual(before);
    expect((await postJson(`/order-guides/uploads/${ready.id}/cancel`)).statusCode).toBe(400);
  });

  it('a newer guide describes the items an earlier upload created: a wrong name does not linger', async () => {
    const wrong = ['din,name,brand,pack_size,unit_measure,price', 'LN-1,BAKING,GM,1/50 LB,CS,24.50'].join('\n');
    await settle(await upload(wrong, D.coastalProduce), ['applied']);
    const right = ['din,name,brand,pack_size,unit_measure,price', 'LN-1,Flour All Purpose,Gold Medal,1/25 LB,CS,14.50'].join(
      '\n',
    );
    await settle(await upload(right, D.coastalProduce), ['applied']);
    const [offer] = await queryRows<{ description: string; pack: string; name: string }>(
      t.handle.db,
      sql`SELECT d.description, d.pack_size AS pack, i.name FROM item_distributors d JOIN items i ON i.id = d.item_id
          WHERE d.distributor_id = ${D.coastalProduce} AND d.din = 'LN-1'`,
    );
    expect(offer).toEqual({ description: 'Flour All Purpose', pack: '1/25 LB', name: 'Flour All Purpose' });
  });
});

describe("a buyer's own column mapping (issue 31)", () => {
  const layout = (rows: string[]) =>
    ['Harbor Grill order guide,,,,,', 'Item No.,Item Description,Label,Pack Size,Case Cost,Lb Cost', ...rows].join('\r\n');
  const file = (csv: string) => ({ name: 'guide.csv', content: csv });

  it('is saved as the location template for the distributor, so the next upload of the layout needs nothing', async () => {
    const first = layout(['CM-1,Ribeye Choice,Prime,2/12 LB,,12.99', 'CM-2,Chicken Wings,Tyson,4/10 LB,58.00,']);
    const check = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.primeCutMeats) }, file(first)),
    );
    expect(check.json().data).toEqual({ found: false, template: null });

    const header = await post(
      '/distributor-order-guides/read-header',
      form({ distributor_id: String(D.primeCutMeats) }, file(first)),
    );
    expect(header.json().data).toEqual({
      headers: ['Item No.', 'Item Description', 'Label', 'Pack Size', 'Case Cost', 'Lb Cost'],
      headerRow: 2,
      sample: [
        ['CM-1', 'Ribeye Choice', 'Prime', '2/12 LB', '', '12.99'],
        ['CM-2', 'Chicken Wings', 'Tyson', '4/10 LB', '58.00', ''],
      ],
    });
    const headers = header.json().data.headers;
    const incomplete = await postJson('/distributor-order-guides/column-mapping', {
      distributor_id: D.primeCutMeats,
      headers,
      mapping: { din: 'Item No.', name: 'Item Description', pack: 'Pack Size' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Choose the column that holds the case price or the per-pound price.');

    const saved = await postJson('/distributor-order-guides/column-mapping', {
      distributor_id: D.primeCutMeats,
      headers,
      mapping: {
        din: 'Item No.',
        name: 'Item Description',
        brand: 'Label',
        pack: 'Pack Size',
        price: 'Case Cost',
        lb_price: 'Lb Cost',
      },
    });
    expect(saved.statusCode).toBe(201);
    const template = saved.json().data.template;
    expect(template.key).toMatch(/^custom-\d+$/);

    const applied = await settle(await upload(first, D.primeCutMeats), DONE);
    expect(applied).toMatchObject({ status: 'applied', message: 'Your order guide was applied: 2 items.' });

    // The next file of the same layout: found at once, read with the saved mapping.
    const next = layout(['CM-1,Ribeye Choice,Prime,2/12 LB,,13.49', 'CM-3,Pork Belly,Duroc,1/10 LB,,4.25']);
    const again = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.primeCutMeats) }, file(next)),
    );
    expect(again.json().data).toEqual({ found: true, template });
    const preview = await settle(await upload(next, D.primeCutMeats, { preview: '1' }), DONE);
    expect(preview.status).toBe('ready');
    expect(preview.preview?.rows).toEqual([
      {
        row: 3,
        din: 'CM-1',
        name: 'Ribeye Choice',
        packSize: '2/12 LB',
        priceCents: 1349,
        unitMeasure: 'LB',
        isMarketPrice: false,
      },
      { row: 4, din: 'CM-3', name: 'Pork Belly', packSize: '1/10 LB', priceCents: 425, unitMeasure: 'LB', isMarketPrice: false },
    ]);
    expect(preview.preview?.counts).toEqual({ new: 1, changed: 1, unchanged: 0, refused: 0, removed: 1 });

    // Another distributor of the location does not read with it.
    const other = await post(
      '/distributor-order-guides/check-for-template',
      form({ distributor_id: String(D.harborline) }, file(next)),
    );
    expect(other.json().data.found).toBe(false);

    // Nor does another location buying from the same distributor: the mapping is Harbor Grill's.
    const catering = await signInAs(t.app, 'owner@demo.test');
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(catering),
      payload: { id: DEMO_IDS.users.owner, active_location_id: L.harborCatering },
    });
    expect(switched.statusCode).toBe(200);
    const body = form({ distributor_id: String(D.primeCutMeats) }, file(next));
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/distributor-order-guides/check-for-template',
      headers: { ...bearer(catering), ...body.headers },
      payload: body.payload,
    });
    expect(elsewhere.json().data).toEqual({ found: false, template: null });
  });

  it('refuses a mapping without a header row with a message', async () => {
    const response = await postJson('/distributor-order-guides/column-mapping', {
      distributor_id: D.primeCutMeats,
      headers: [],
      mapping: { din: 'a' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The header row is empty.');
  });

  it('answers 404 for a distributor the location does not buy from', async () => {
    const response = await postJson('/distributor-order-guides/column-mapping', {
      distributor_id: 999_999,
      headers: ['a'],
      mapping: { din: 'a' },
    });
    expect(response.statusCode).toBe(404);
  });
});
