import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import {
  buildInventoryGroup,
  buildInventoryList,
  buildLocation,
  buildOffer,
  buildOrder,
  type BuiltOffer,
} from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  analyticsResponseSchema,
  chainSummarySchema,
  chainVarianceRowSchema,
  getPriceVariance,
  sumChainFigures,
  type LocationPurchase,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/**
 * The chain view over real PostgreSQL (issue 39). Fixtures in 2031 (no demo orders there):
 *
 * - Week 2031-03-10 (Mon) – 2031-03-16. Harbor Grill Express moves to America/Los_Angeles.
 *   G1 Harbor Grill 2031-03-10T04:30Z = Mon 00:30 EDT: in the week ($30.00).
 *   E1 Express 2031-03-10T06:30Z = Sun 03/09 23:30 PDT (Monday in UTC and in New York): NOT in the week ($40.00).
 *   E2 Express 2031-03-17T06:30Z = Sun 03/16 23:30 PDT (Monday in UTC): in the week ($50.00).
 *   F1 a location the owner does not belong to, 2031-03-11, $999.00: never counted.
 * - April 2031, the price variance of one item-distributor V (one pack): Grill 2 cases at $10.00,
 *   Express 3 at $12.50 and 1 at $11.00, Catering 1 at $12.50, a foreign location 5 at $1.00.
 *   Lowest $10.00 (Grill), highest $12.50 (Express, the lower id of the two), would have saved
 *   (12.50 − 10) × 3 + (11 − 10) × 1 + (12.50 − 10) × 1 = $11.00. W: same price everywhere, not listed.
 */
let t: TestApp;
let owner: string;
let chef: string;
let solo: string;
const L = DEMO_IDS.locations;
let foreign: number;
let v: BuiltOffer;
let w: BuiltOffer;

const get = async (token: string, url: string, location?: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { ...bearer(token), ...(location ? { 'x-location-id': String(location) } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
};

async function order(locationId: number, offer: BuiltOffer, at: string, lines: { quantity: number; price: string }[]) {
  const total = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0) / 100;
  const built = await buildOrder(t.handle.db, {
    locationId,
    distributorId: offer.distributorId,
    lines: [],
    order: { total: total.toFixed(2), subtotal: total.toFixed(2), createdAt: new Date(at), lineItems: lines.length },
  });
  for (const line of lines) {
    await t.handle.db.execute(
      sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, description, pack_size, quantity, price)
          VALUES (${built.id}, ${locationId}, ${offer.id}, ${offer.name}, ${offer.packSize}, ${line.quantity}, ${line.price})`,
    );
  }
  return built.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  const [ownerRow] = await queryRows<{ id: number; company_id: number }>(
    t.handle.db,
    sql`SELECT id, company_id FROM users WHERE email = 'owner@demo.test'`,
  );
  // A user of one location: no chain.
  const [soloRow] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO users (company_id, email, password_hash, first_name, last_name, active_location_id)
        SELECT company_id, 'solo@chain.test', password_hash, 'Solo', 'Cook', ${L.harborGrill} FROM users WHERE id = ${ownerRow.id}
        RETURNING id`,
  );
  await t.handle.db.execute(sql`INSERT INTO user_locations (user_id, location_id) VALUES (${soloRow.id}, ${L.harborGrill})`);
  solo = await signInAs(t.app, 'solo@chain.test');
  foreign = (await buildLocation(t.handle.db, { companyId: ownerRow.company_id, nickname: 'Not Yours Diner' })).id;

  await t.handle.db.execute(sql`UPDATE locations SET timezone = 'America/Los_Angeles' WHERE id = ${L.harborGrillExpress}`);
  v = await buildOffer(t.handle.db, {
    locationId: L.harborGrill,
    item: { name: 'Chain Test Olive Oil' },
    offer: { description: 'Chain Test Olive Oil' },
  });
  w = await buildOffer(t.handle.db, {
    locationId: L.harborGrill,
    distributorId: v.distributorId,
    item: { name: 'Chain Test Anchovies' },
    offer: { description: 'Chain Test Anchovies' },
  });
  await order(L.harborGrill, v, '2031-03-10T04:30:00Z', [{ quantity: 3, price: '10.00' }]);
  await order(L.harborGrillExpress, v, '2031-03-10T06:30:00Z', [{ quantity: 4, price: '10.00' }]);
  await order(L.harborGrillExpress, v, '2031-03-17T06:30:00Z', [{ quantity: 5, price: '10.00' }]);
  await order(foreign, v, '2031-03-11T15:00:00Z', [{ quantity: 1, price: '999.00' }]);

  await order(L.harborGrill, v, '2031-04-02T15:00:00Z', [{ quantity: 2, price: '10.00' }]);
  await order(L.harborGrillExpress, v, '2031-04-03T15:00:00Z', [
    { quantity: 3, price: '12.50' },
    { quantity: 1, price: '11.00' },
  ]);
  await order(L.harborCatering, v, '2031-04-04T15:00:00Z', [{ quantity: 1, price: '12.50' }]);
  await order(foreign, v, '2031-04-04T15:00:00Z', [{ quantity: 5, price: '1.00' }]);
  // W: every location paid the same.
  await order(L.harborGrill, w, '2031-04-05T15:00:00Z', [{ quantity: 1, price: '12.50' }]);
  await order(L.harborCatering, w, '2031-04-05T15:00:00Z', [{ quantity: 2, price: '12.50' }]);
  // A cancelled order of V at $0.50 is no purchase.
  const cancelled = await order(L.harborCatering, v, '2031-04-06T15:00:00Z', [{ quantity: 9, price: '0.50' }]);
  await t.handle.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${cancelled}`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** GET analytics of one location (as its tab would ask) for the same range. */
async function analyticsOf(location: number, query: string) {
  const { status, body } = await get(owner, `analytics?${query}`, location);
  expect(status).toBe(200);
  const data = analyticsResponseSchema.parse(body.data);
  return {
    totalPurchases: data.total_purchases.total,
    totalOrders: data.total_orders.total,
    totalSavings: data.total_savings.total,
  };
}

describe('GET chain/summary', () => {
  it.each([
    ['the fixture week across a time-zone boundary', 'filter_type=CUSTOM&start_date=2031-03-10&end_date=2031-03-16'],
    ['a week of the demo data', 'filter_type=CUSTOM&start_date=2026-10-26&end_date=2026-11-01'],
    ['this week', 'filter_type=WEEKLY'],
    ['this month', 'filter_type=MONTHLY'],
    ['this year', 'filter_type=YEARLY'],
  ])('totals %s equal the sum of each location’s GET analytics', async (_label, query) => {
    const { status, body } = await get(owner, `chain/summary?${query}`);
    expect(status).toBe(200);
    const summary = chainSummarySchema.parse(body.data);
    expect(summary.locations.map((l) => l.locationId).sort()).toEqual(
      [L.harborGrill, L.harborGrillExpress, L.harborCatering].sort(),
    );
    const perLocation = [];
    for (const location of summary.locations) {
      const analytics = await analyticsOf(location.locationId, query);
      expect({ ...location, startDate: undefined, endDate: undefined, locationId: undefined, name: undefined }).toEqual({
        ...analytics,
        startDate: undefined,
        endDate: undefined,
        locationId: undefined,
        name: undefined,
      });
      perLocation.push(analytics);
    }
    expect(summary.totals).toEqual(sumChainFigures(perLocation));
  });

  it('counts an order on the day of the location’s own calendar', async () => {
    const { body } = await get(owner, 'chain/summary?filter_type=CUSTOM&start_date=2031-03-10&end_date=2031-03-16');
    const byId = new Map(chainSummarySchema.parse(body.data).locations.map((l) => [l.locationId, l]));
    expect(byId.get(L.harborGrill)).toMatchObject({ totalPurchases: 3000, totalOrders: 1 });
    // E1 (Sunday evening in Los Angeles) is out, E2 (Sunday 03/16 evening) is in.
    expect(byId.get(L.harborGrillExpress)).toMatchObject({ totalPurchases: 5000, totalOrders: 1 });
    expect(byId.get(L.harborCatering)).toMatchObject({ totalPurchases: 0, totalOrders: 0 });
    expect(chainSummarySchema.parse(body.data).totals).toMatchObject({ totalPurchases: 8000, totalOrders: 2 });
  });

  it('lists only the caller’s locations: a chef sees two, a foreign location never', async () => {
    const { status, body } = await get(chef, 'chain/summary?filter_type=CUSTOM&start_date=2031-03-10&end_date=2031-03-16');
    expect(status).toBe(200);
    const summary = chainSummarySchema.parse(body.data);
    expect(summary.locations.map((l) => l.name)).toEqual(['Harbor Grill', 'Harbor Grill Express']);
    expect(summary.totals.totalPurchases).toBe(8000);
    const ownerView = await get(owner, 'chain/summary?filter_type=CUSTOM&start_date=2031-03-10&end_date=2031-03-16');
    expect(JSON.stringify(ownerView.body)).not.toContain('Not Yours Diner');
    expect(ownerView.body.data.locations.some((l: { locationId: number }) => l.locationId === foreign)).toBe(false);
  });

  it('refuses a user of one location with a 403 that says why', async () => {
    const { status, body } = await get(solo, 'chain/summary');
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('two or more locations') });
    expect((await get(solo, 'chain/price-variance')).status).toBe(403);
  });

  it('answers 400 with a message a person can act on', async () => {
    const bad = await get(owner, 'chain/summary?filter_type=DAILY');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('WEEKLY, MONTHLY, YEARLY or CUSTOM');
    const custom = await get(owner, 'chain/summary?filter_type=CUSTOM&start_date=2031-03-10');
    expect(custom.status).toBe(400);
    expect(custom.body.message).toMatch(/end_date/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chain/summary' })).statusCode).toBe(401);
  });
});

describe('GET chain/price-variance', () => {
  const april = 'filter_type=CUSTOM&start_date=2031-04-01&end_date=2031-04-30';

  it('lists an item bought at different prices, with the saving the domain rule gives', async () => {
    const { status, body } = await get(owner, `chain/price-variance?${april}`);
    expect(status).toBe(200);
    const rows = body.data.map((row: unknown) => chainVarianceRowSchema.parse(row));
    expect(rows.map((r: { itemDistributorId: number }) => r.itemDistributorId)).toEqual([v.id]);
    const purchases: LocationPurchase[] = [
      { locationId: L.harborGrill, unitPrice: 100_000, quantity: 2 },
      { locationId: L.harborGrillExpress, unitPrice: 125_000, quantity: 3 },
      { locationId: L.harborGrillExpress, unitPrice: 110_000, quantity: 1 },
      { locationId: L.harborCatering, unitPrice: 125_000, quantity: 1 },
    ];
    const expected = getPriceVariance(purchases)!;
    expect(rows[0]).toMatchObject({ ...expected, name: 'Chain Test Olive Oil' });
    expect(rows[0]).toMatchObject({
      lowestUnitPrice: 100_000,
      lowestLocationId: L.harborGrill,
      highestUnitPrice: 125_000,
      highestLocationId: Math.min(L.harborGrillExpress, L.harborCatering),
      quantity: 7,
      totalPaid: 2000 + 3750 + 1100 + 1250,
      wouldHaveSaved: 1100,
    });
    expect(rows[0]).toMatchObject({ unit: 'CS', unitsBought: 7, costAtLowest: 7000, offers: [{ itemDistributorId: v.id }] });
    // Recomputable from the row: what was paid less the lowest price for every case.
    expect(rows[0].totalPaid - (rows[0].lowestUnitPrice / 100) * rows[0].quantity).toBe(rows[0].wouldHaveSaved);
    expect(body._meta).toEqual({ pageCount: 1, currentPage: 1, totalCount: 1 });
  });

  it('makes one row of matched equivalents, normalised per FL OZ, and its saving recomputes from the purchases', async () => {
    // Two items of one generic product from two distributors, in packs written differently.
    const canola = (packSize: string, unitQuantity: number, unitSize: string, packSizeUom: string) =>
      buildOffer(t.handle.db, {
        locationId: L.harborGrill,
        item: { name: 'Chain Test Canola Oil', genericName: 'chain test canola oil' },
        offer: { description: `Chain Test Canola Oil ${packSize}`, packSize, unitQuantity, unitSize, packSizeUom },
      });
    const a = await canola('4/1 GAL', 4, '1', 'GAL');
    const b = await canola('6/3 L', 6, '3', 'L');
    await order(L.harborGrill, a, '2031-05-02T15:00:00Z', [{ quantity: 2, price: '51.20' }]);
    await order(L.harborGrillExpress, b, '2031-05-03T15:00:00Z', [{ quantity: 1, price: '60.00' }]);
    await order(L.harborCatering, b, '2031-05-04T15:00:00Z', [{ quantity: 1, price: '63.00' }]);

    const { status, body } = await get(
      owner,
      'chain/price-variance?filter_type=CUSTOM&start_date=2031-05-01&end_date=2031-05-31',
    );
    expect(status).toBe(200);
    const rows = body.data.map((row: unknown) => chainVarianceRowSchema.parse(row));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    // The purchases, recomputed here in exact integers: millilitres a case (1 GAL = 3785.411784 ml).
    // Millionths of a ml: 4 GAL, and 6 × 3 L.
    const mlA = 4n * 3_785_411_784n;
    const mlB = 18_000n * 1_000_000n;
    const purchases = [
      { location: L.harborGrill, cents: 5120n, cases: 2n, ml: mlA },
      { location: L.harborGrillExpress, cents: 6000n, cases: 1n, ml: mlB },
      { location: L.harborCatering, cents: 6300n, cases: 1n, ml: mlB },
    ];
    // The lowest price per ml (cross-multiplied): Express's $60.00 for 18 L.
    const lowest = purchases.reduce((low, p) => (p.cents * low.ml < low.cents * p.ml ? p : low));
    expect(lowest.location).toBe(L.harborGrillExpress);
    const paid = purchases.reduce((sum, p) => sum + p.cents * p.cases, 0n);
    const ml = purchases.reduce((sum, p) => sum + p.ml * p.cases, 0n);
    // Cost of every ml at the lowest price per ml, rounded half up to the cent.
    const atLowest = (2n * lowest.cents * ml + lowest.ml) / (2n * lowest.ml);
    expect(row).toMatchObject({
      itemDistributorId: b.id,
      name: 'Chain Test Canola Oil 6/3 L',
      packSize: '6/3 L',
      unit: 'FL OZ',
      lowestLocationId: L.harborGrillExpress,
      highestLocationId: L.harborCatering,
      lowestUnitPrice: 986, // 6000¢ ÷ 18,000 ml × 29.5735295625 ml = $0.0986 / FL OZ
      highestUnitPrice: 1035,
      quantity: 4,
      totalPaid: Number(paid),
      costAtLowest: Number(atLowest),
      wouldHaveSaved: Number(paid - atLowest),
    });
    expect(row.wouldHaveSaved).toBe(446);
    // 66,283.294272 ml ÷ 29.5735295625 ml a FL OZ, to 2 decimals.
    expect(row.unitsBought).toBe(2241.3);
    expect(
      row.offers.map((o: { itemDistributorId: number; locationIds: number[] }) => [o.itemDistributorId, o.locationIds]),
    ).toEqual([
      [b.id, [L.harborGrillExpress, L.harborCatering].sort((x, y) => x - y)],
      [a.id, [L.harborGrill]],
    ]);
    // Beside it on screen: units bought at the lowest unit price make the cost at lowest (to the rounding of each).
    expect(Math.abs((row.lowestUnitPrice / 100) * row.unitsBought - row.costAtLowest)).toBeLessThan(row.unitsBought / 200 + 1);

    // The chef's chain has no Harbor Catering: Grill's gallons are now the dearest.
    const chef2 = await get(chef, 'chain/price-variance?filter_type=CUSTOM&start_date=2031-05-01&end_date=2031-05-31');
    expect(chef2.body.data).toHaveLength(1);
    expect(chef2.body.data[0]).toMatchObject({
      itemDistributorId: b.id,
      highestLocationId: L.harborGrill,
      highestUnitPrice: 1000,
    });
  });

  it('for the chef, leaves Harbor Catering’s purchases out', async () => {
    const { body } = await get(chef, `chain/price-variance?${april}`);
    expect(body.data[0]).toMatchObject({ itemDistributorId: v.id, quantity: 6, wouldHaveSaved: 850 });
  });

  it('pages and sorts the demo year', async () => {
    const year = 'filter_type=CUSTOM&start_date=2025-11-01&end_date=2026-11-02';
    const all = await get(owner, `chain/price-variance?${year}&limit=100`);
    expect(all.status).toBe(200);
    const rows = all.body.data as { name: string; itemDistributorId: number; wouldHaveSaved: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const savings = rows.map((r) => r.wouldHaveSaved);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    for (const r of rows) expect(r.wouldHaveSaved).toBeGreaterThan(0);

    const first = await get(owner, `chain/price-variance?${year}&limit=1&page=1`);
    const second = await get(owner, `chain/price-variance?${year}&limit=1&page=2`);
    expect(first.body.data[0].itemDistributorId).toBe(rows[0].itemDistributorId);
    expect(second.body.data[0].itemDistributorId).toBe(rows[1].itemDistributorId);
    const total = all.body._meta.totalCount as number;
    expect(all.body._meta).toEqual({ pageCount: Math.ceil(total / 100), currentPage: 1, totalCount: total });
    expect(first.body._meta).toEqual({ pageCount: total, currentPage: 1, totalCount: total });
    const past = await get(owner, `chain/price-variance?${year}&limit=1&page=${total + 1}`);
    expect(past.body).toEqual({ data: [], _meta: { pageCount: total, currentPage: total + 1, totalCount: total } });

    const byName = await get(owner, `chain/price-variance?${year}&limit=100&sort=name`);
    const names = byName.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const ascending = await get(owner, `chain/price-variance?${year}&limit=100&sort=would_have_saved`);
    const up = ascending.body.data.map((r: { wouldHaveSaved: number }) => r.wouldHaveSaved);
    expect(up).toEqual([...up].sort((a: number, b: number) => a - b));
    expect(up[0]).toBeLessThanOrEqual(savings[savings.length - 1]);
  });

  it('refuses an unknown sort and an oversized page with a 400', async () => {
    const sort = await get(owner, `chain/price-variance?${april}&sort=price`);
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain('sort must be one of');
    const limit = await get(owner, `chain/price-variance?${april}&limit=1000`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toContain('limit must be at most 100');
  });
});

describe('GET chain/stock', () => {
  it('lists groups two locations share by name, with on-hand value and below par per location', async () => {
    const make = async (locationId: number, name: string, par: string, cases: string, value: string) => {
      const list = await buildInventoryList(t.handle.db, { locationId, name: `Chain Stock ${locationId}` });
      const group = await buildInventoryGroup(t.handle.db, {
        locationId,
        listId: list.id,
        itemDistributorIds: [v.id],
        group: { name, parLevel: par },
      });
      await t.handle.db.execute(
        sql`UPDATE inventory_group_items SET total_on_hand = ${cases}, total_on_hand_amount = ${value} WHERE group_id = ${group.id}`,
      );
    };
    await make(L.harborGrill, 'Chain Test Cream', '10', '3', '37.50');
    await make(L.harborGrillExpress, ' chain test cream', '2', '3', '30.00');
    await make(foreign, 'Chain Test Cream', '99', '0', '0');
    await make(L.harborCatering, 'Chain Test Only Here', '0', '1', '1.00');

    const { status, body } = await get(owner, 'chain/stock');
    expect(status).toBe(200);
    const row = body.data.find((r: { name: string }) => r.name.toLowerCase() === 'chain test cream');
    expect(row).toEqual({
      name: expect.stringMatching(/^chain test cream$/i),
      locations: [
        { locationId: L.harborGrill, groups: 1, onHandValue: 3750, isBelowPar: true },
        { locationId: L.harborGrillExpress, groups: 1, onHandValue: 3000, isBelowPar: false },
      ],
      totalOnHandValue: 6750,
      belowParLocations: 1,
    });
    expect(body.data.some((r: { name: string }) => r.name === 'Chain Test Only Here')).toBe(false);
    for (const r of body.data as { locations: { locationId: number }[] }[])
      for (const l of r.locations) expect([L.harborGrill, L.harborGrillExpress, L.harborCatering]).toContain(l.locationId);
    expect((await get(solo, 'chain/stock')).status).toBe(403);
  });

  it('pages the shared groups by name: the pages make the whole list, with _meta', async () => {
    const all = await get(owner, 'chain/stock?limit=100');
    expect(all.status).toBe(200);
    const total = all.body._meta.totalCount as number;
    expect(total).toBe(all.body.data.length);
    expect(total).toBeGreaterThanOrEqual(1);
    const pages = [];
    for (let page = 1; page <= total; page++) {
      const one = await get(owner, `chain/stock?limit=1&page=${page}`);
      expect(one.body._meta).toEqual({ pageCount: total, currentPage: page, totalCount: total });
      pages.push(...one.body.data);
    }
    expect(pages).toEqual(all.body.data);
    expect((await get(owner, `chain/stock?limit=1&page=${total + 1}`)).body.data).toEqual([]);
    const refused = await get(owner, 'chain/stock?limit=0');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('limit must be at least 1.');
  });
});

describe('exports (xlsx)', () => {
  const week = 'filter_type=CUSTOM&start_date=2031-03-10&end_date=2031-03-16';
  const april = 'filter_type=CUSTOM&start_date=2031-04-01&end_date=2031-04-30';

  async function readSheet(url: string, token = owner) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('writes the locations table with the same figures, and its total row sums them', async () => {
    const { body } = await get(owner, `chain/summary?${week}`);
    const rows = await readSheet(`chain/summary.xlsx?${week}`);
    expect(rows[0]).toEqual(['Location', 'From', 'To', 'Total purchases', 'Total orders', 'Total savings']);
    const data = rows.slice(1, -1);
    expect(data.map((r) => r[0])).toEqual(body.data.locations.map((l: { name: string }) => l.name));
    expect(data.map((r) => Math.round((r[3] as number) * 100))).toEqual(
      body.data.locations.map((l: { totalPurchases: number }) => l.totalPurchases),
    );
    const total = rows[rows.length - 1];
    expect(total[0]).toBe('Group total');
    expect(Math.round((total[3] as number) * 100)).toBe(data.reduce((s, r) => s + Math.round((r[3] as number) * 100), 0));
    expect(total[4]).toBe(body.data.totals.totalOrders);
  });

  it('keeps text that looks like a formula as text', async () => {
    await t.handle.db.execute(sql`UPDATE locations SET nickname = '=1+1 Catering' WHERE id = ${L.harborCatering}`);
    await t.handle.db.execute(sql`UPDATE item_distributors SET description = '@SUM(A1) Olive Oil' WHERE id = ${v.id}`);
    for (const url of [`chain/summary.xlsx?${week}`, `chain/price-variance.xlsx?${april}`, 'chain/stock.xlsx']) {
      const rows = await readSheet(url);
      for (const row of rows)
        for (const cell of row) {
          expect(typeof cell === 'object' && cell !== null && 'formula' in cell).toBe(false);
          if (typeof cell === 'string') expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
        }
      expect(rows.flat()).toEqual(expect.arrayContaining([expect.stringMatching(/^'(=1\+1 Catering|@SUM\(A1\) Olive Oil)$/)]));
    }
    const variance = await readSheet(`chain/price-variance.xlsx?${april}`);
    expect(variance[1]).toEqual([
      "'@SUM(A1) Olive Oil",
      expect.any(String),
      v.din,
      expect.any(String),
      10,
      'Harbor Grill',
      12.5,
      'Harbor Grill Express',
      'CS',
      7,
      7,
      81,
      70,
      11,
      1,
    ]);
  });

  it('writes the stock table: a value per location, the total and the locations below par', async () => {
    const rows = await readSheet('chain/stock.xlsx');
    // Harbor Catering was renamed '=1+1 Catering' by the test before: written as text.
    expect(rows[0]).toEqual([
      'Group',
      "'=1+1 Catering",
      'Harbor Grill',
      'Harbor Grill Express',
      'Total on hand',
      'Locations below par',
    ]);
    const cream = rows.find((r) => String(r[0]).toLowerCase() === 'chain test cream');
    expect(cream?.slice(2)).toEqual(['37.50 (below par)', 30, 67.5, 1]);
  });

  it('refuses a user of one location', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/chain/summary.xlsx?${week}`, headers: bearer(solo) });
    expect(response.statusCode).toBe(403);
  });
});
