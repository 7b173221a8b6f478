/**
 * Sales-rep routes with a real rep sign-in (issue 33, "Cases never tried"): the demo rep
 * (rep@demo.test, Northeast Provisions' rep at the three locations with unlimited, limited and no
 * access) signs in and sees only its accounts and their guides, updates prices only where its
 * access type allows it today (doc 3 §6), gets 404 on every other rep's account, and gets no answer
 * with data from any buyer route of the OpenAPI document. Other reps' accounts tried: a sample in
 * the quick profile, all in the full one (HARDENING_PROFILE=full).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, getIsoDateInTimeZone, repAccountSchema, type RepAccount, type RepItem } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { byProfile, checkAnswer, checkLogs, fillPath, listApiRoutes, LogCapture, SUITE_TIMEOUT } from './hardening-support';

const NEP = DEMO_IDS.distributors.northeastProvisions;
const OTHER_ACCOUNTS = byProfile(8, Number.POSITIVE_INFINITY);
const url = (path: string) => `/api/v1${path}`;
const today = () => getIsoDateInTimeZone(new Date(), 'America/New_York');

let t: TestApp;
let rep: string;
const logs = new LogCapture();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: logs });
  rep = await signInAs(t.app, 'rep@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string) => t.app.inject({ method: 'GET', url: url(path), headers: bearer(rep) });
const setPrices = (repId: number, prices: { din: string; price: string }[]) =>
  t.app.inject({ method: 'PATCH', url: url(`/sales-rep/accounts/${repId}/prices`), headers: bearer(rep), payload: { prices } });

interface RepRow {
  id: number;
  locationId: number;
  accessType: 'unlimited' | 'limited' | 'none';
}
const ownRows = () =>
  queryRows<RepRow>(
    t.handle.db,
    sql`SELECT id, location_id AS "locationId", access_type AS "accessType" FROM sales_reps
        WHERE user_id = ${DEMO_IDS.users.rep} ORDER BY location_id`,
  );
const setRep = (id: number, change: ReturnType<typeof sql>) =>
  t.handle.db.execute(sql`UPDATE sales_reps SET ${change} WHERE id = ${id}`);

/** The DINs and prices (cents) of the location's latest guide from Northeast Provisions. */
async function latestGuide(locationId: number): Promise<{ id: number; lines: Map<string, number> }> {
  const rows = await queryRows<{ id: number; din: string; cents: number }>(
    t.handle.db,
    sql`WITH guide AS (SELECT id FROM order_guides WHERE location_id = ${locationId} AND distributor_id = ${NEP}
                       ORDER BY created_at DESC, id DESC LIMIT 1)
        SELECT g.id, d.din, (ogi.price * 100)::int AS cents FROM guide g
        JOIN order_guide_items ogi ON ogi.order_guide_id = g.id AND ogi.location_id = ${locationId}
        JOIN item_distributors d ON d.id = ogi.item_distributor_id`,
  );
  return { id: rows[0]?.id ?? 0, lines: new Map(rows.map((row) => [row.din, row.cents])) };
}

async function readAllItems(repId: number): Promise<RepItem[]> {
  const items: RepItem[] = [];
  for (let page = 1; ; page++) {
    const response = await get(`/sales-rep/accounts/${repId}/items?limit=100&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    items.push(...(response.json().data as RepItem[]));
    if (page >= response.json()._meta.pageCount) return items;
  }
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('the demo sales rep signed in', () => {
  it('lists its three accounts, one per access type, and reads exactly each account’s latest guide', async () => {
    const rows = await ownRows();
    expect(rows.map((row) => row.accessType)).toEqual(['unlimited', 'limited', 'none']);
    const response = await get('/sales-rep/accounts');
    expect(response.statusCode, response.body).toBe(200);
    const accounts = repAccountSchema.array().parse(response.json().data) as RepAccount[];
    expect(accounts.map((a) => [a.salesRepId, a.location.id, a.distributor.id, a.accessType, a.canUpdatePrices]).sort()).toEqual(
      rows.map((row) => [row.id, row.locationId, NEP, row.accessType, row.accessType !== 'none']).sort(),
    );
    expect(accounts.find((a) => a.accessType === 'none')?.refusal).toBe(
      'Your access does not allow updating order guide prices.',
    );
    for (const row of rows) {
      const items = await readAllItems(row.id);
      const guide = await latestGuide(row.locationId);
      expect(items.length).toBeGreaterThan(0);
      expect(new Map(items.map((item) => [item.din, item.price]))).toEqual(guide.lines);
    }
  });

  it('updates prices only where its access type allows it today, and writes nothing where it does not', async () => {
    const rows = await ownRows();
    const tried: string[] = [];
    for (const row of rows) {
      const before = await latestGuide(row.locationId);
      const [din, cents] = [...before.lines][0];
      const response = await setPrices(row.id, [{ din, price: dollars(cents + 101) }]);
      const after = await latestGuide(row.locationId);
      tried.push(`${row.accessType}: ${response.statusCode}`);
      if (row.accessType === 'none') {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message).toBe('Your access does not allow updating order guide prices.');
        expect(after).toEqual(before);
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(after.id).toBe(response.json().data.orderGuideId);
        expect(after.lines.get(din)).toBe(cents + 101);
      }
    }
    // A DIN from another location's guide of the same distributor is not this account's to price.
    const [grill, express] = rows;
    const grillGuide = await latestGuide(grill.locationId);
    const foreign = [...(await latestGuide(express.locationId)).lines.keys()].find((din) => !grillGuide.lines.has(din));
    if (foreign) {
      const response = await setPrices(grill.id, [{ din: foreign, price: '1.00' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Not on the order guide: DIN ${foreign}.`);
      expect(await latestGuide(grill.locationId)).toEqual(grillGuide);
    }
    console.info(
      `sales rep: price updates by access type ${tried.join(', ')}; a foreign DIN ${foreign ? 'refused' : 'not found'}`,
    );
  });

  it('follows its limited window and a removal day by day', async () => {
    const [grill, express] = await ownRows();
    const day = today();
    const refusalOf = async (id: number) =>
      ((await get('/sales-rep/accounts')).json().data as RepAccount[]).find((a) => a.salesRepId === id)?.refusal;
    const tryPrice = async (row: RepRow) => {
      const guide = await latestGuide(row.locationId);
      const [din, cents] = [...guide.lines][0];
      const response = await setPrices(row.id, [{ din, price: dollars(cents + 7) }]);
      if (response.statusCode !== 200) expect(await latestGuide(row.locationId)).toEqual(guide);
      return response;
    };
    const us = (date: string) => {
      const [year, month, dayOfMonth] = date.split('-');
      return `${month}/${dayOfMonth}/${year}`;
    };

    await setRep(express.id, sql`start_date = ${addDays(day, -10)}, end_date = ${addDays(day, -1)}`);
    let response = await tryPrice(express);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(`Your access ended on ${us(addDays(day, -1))}.`);
    expect(await refusalOf(express.id)).toBe(response.json().message);

    await setRep(express.id, sql`start_date = ${addDays(day, 1)}, end_date = ${addDays(day, 9)}`);
    response = await tryPrice(express);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(`Your access starts on ${us(addDays(day, 1))}.`);

    // Both ends of the window are included.
    await setRep(express.id, sql`start_date = ${day}, end_date = ${day}`);
    expect((await tryPrice(express)).statusCode).toBe(200);

    await setRep(grill.id, sql`is_deleted = true`);
    response = await tryPrice(grill);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your sales rep access to this account was removed.');
    // A removed rep no longer reads the account's prices either.
    const read = await get(`/sales-rep/accounts/${grill.id}/items`);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Your sales rep access to this account was removed.');
    await setRep(grill.id, sql`is_deleted = false`);
  });

  it(
    "answers 404 on every other rep's account, reading or pricing",
    async () => {
      const others = await queryRows<{ id: number; locationId: number }>(
        t.handle.db,
        sql`SELECT id, location_id AS "locationId" FROM sales_reps
            WHERE user_id IS DISTINCT FROM ${DEMO_IDS.users.rep} ORDER BY id`,
      );
      // The same distributor's other reps first: the closest to the rep's own accounts.
      const tried = [...others.filter((o) => o.id % 2 === 0), ...others.filter((o) => o.id % 2 === 1)].slice(0, OTHER_ACCOUNTS);
      const guides = new Map<number, number>();
      for (const locationId of Object.values(DEMO_IDS.locations)) guides.set(locationId, (await latestGuide(locationId)).id);
      const missing = Math.max(...others.map((o) => o.id)) + 1000;
      for (const id of [...tried.map((o) => o.id), missing]) {
        const read = await get(`/sales-rep/accounts/${id}/items`);
        expect(read.statusCode, `GET account ${id}: ${read.body}`).toBe(404);
        const write = await setPrices(id, [{ din: 'X', price: '1.00' }]);
        expect(write.statusCode, `PATCH account ${id}: ${write.body}`).toBe(404);
      }
      for (const [locationId, guideId] of guides) expect((await latestGuide(locationId)).id).toBe(guideId);
      console.info(`sales rep: ${tried.length + 1} other accounts tried (of ${others.length}), all 404 reading and pricing`);
    },
    SUITE_TIMEOUT,
  );

  it(
    'gets no data from any buyer route of the OpenAPI document, even naming a location',
    async () => {
      // The routes a signed-in user has whatever its locations: its own user, session and password.
      const own = new Set([
        'GET /api/v1/users/current-user',
        'POST /api/v1/users/logout',
        'GET /api/v1/sales-rep/accounts',
        'GET /api/v1/sales-rep/accounts/{id}/items',
        'PATCH /api/v1/sales-rep/accounts/{id}/prices',
      ]);
      const routes = listApiRoutes(t.app).filter((route) => route.isSecured && !own.has(route.key));
      const answered: string[] = [];
      const problems: string[] = [];
      for (const route of routes) {
        // Id 1 exists in most tables and is Harbor Grill's where it is a location.
        const ids = Object.fromEntries(route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 1]));
        const response = await t.app.inject({
          method: route.method,
          url: fillPath(route.path, ids),
          headers: { ...bearer(rep), 'x-location-id': String(DEMO_IDS.locations.harborGrill) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        answered.push(`${route.key} ${response.statusCode}`);
        if (response.statusCode < 400) problems.push(`${route.key}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        for (const problem of checkAnswer(response)) problems.push(`${route.key}: ${problem}`);
      }
      problems.push(...checkLogs(logs));
      const byStatus = new Map<string, number>();
      for (const line of answered) {
        const status = line.slice(line.lastIndexOf(' ') + 1);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      }
      console.info(
        `sales rep: ${routes.length} buyer routes tried with Harbor Grill named: ${[...byStatus].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
      );
      expect(problems).toEqual([]);
    },
    SUITE_TIMEOUT,
  );
});
