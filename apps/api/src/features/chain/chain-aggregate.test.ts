import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer, buildOrder, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { listEquivalentVariances, parseCents, sortChainVariances } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import * as repo from './chain.repo';
import { resolveChain } from './chain.service';
import { countVarianceComputations } from './chain-variance-cache';

/**
 * The chain view's maintained rollups (migration 0048) answer what the order lines say, before and
 * after new orders and receipts, over ranges that cut months, years and time zones. The oracle is
 * the pre-0048 path: every order line of the range read from scratch (repo.listBoughtOffers) and
 * priced by the domain, and the daily aggregate summed day by day.
 *
 * Fixtures in 2033 (no demo orders there). Harbor Grill Express keeps Los Angeles time, the others
 * New York's; 2033-02-01T06:30Z is 31 January in Los Angeles and 1 February in New York.
 */
let t: TestApp;
let owner: string;
let ownerId: number;
const L = DEMO_IDS.locations;
let oil: BuiltOffer;
let salt: BuiltOffer;

const RANGES: [string, string][] = [
  ['2033-01-01', '2033-12-31'],
  ['2033-01-01', '2033-01-31'],
  ['2033-02-01', '2033-02-28'],
  ['2033-01-15', '2033-02-10'],
  ['2033-01-31', '2033-02-01'],
  ['2032-12-20', '2033-01-20'],
  ['2033-01-01', '2033-03-03'],
];

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

const query = (start: string, end: string) => `filter_type=CUSTOM&start_date=${start}&end_date=${end}`;

async function api(url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(owner) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The price variance as the pre-0048 service computed it: every order line of the range, priced by the domain. */
async function varianceFromScratch(start: string, end: string) {
  const { ranges } = await resolveChain(t.handle.db, ownerId, { filter_type: 'CUSTOM', start_date: start, end_date: end });
  const bought = await repo.listBoughtOffers(t.handle.db, ranges);
  const offers = new Map(bought.map((row) => [row.itemDistributorId, row]));
  const variances = listEquivalentVariances(
    [...offers.values()],
    bought.map((row) => ({ ...row, priceCents: parseCents(row.price) })),
  );
  return sortChainVariances(
    variances.map((v) => ({ ...v, name: offers.get(v.itemDistributorId)!.description })),
    '-would_have_saved',
  ).map(({ offerIds, ...v }) => ({
    ...v,
    offers: offerIds.map((id) => ({
      itemDistributorId: id,
      locationIds: [...new Set(bought.filter((b) => b.itemDistributorId === id).map((b) => b.locationId))].sort((a, b) => a - b),
    })),
  }));
}

/** Each location's figures summed day by day from analytics_days (the pre-0048 statement). */
async function summaryFromDays(start: string, end: string) {
  const { ranges } = await resolveChain(t.handle.db, ownerId, { filter_type: 'CUSTOM', start_date: start, end_date: end });
  const rows = [];
  for (const r of ranges) {
    const [row] = await queryRows<{ orders: number; purchases: string; savings: string }>(
      t.handle.db,
      sql`SELECT coalesce(sum(orders), 0)::int AS orders, round(coalesce(sum(purchases), 0) * 100)::bigint::text AS purchases,
                 (coalesce(sum(match_savings), 0) + round((coalesce(sum(rebates), 0) + coalesce(sum(distributor_savings), 0)
                   + coalesce(sum(inventory_view_savings), 0)) * 100))::bigint::text AS savings
          FROM analytics_days WHERE location_id = ${r.locationId} AND day BETWEEN ${r.startDate}::date AND ${r.endDate}::date`,
    );
    rows.push({
      locationId: r.locationId,
      totalOrders: row.orders,
      totalPurchases: Number(row.purchases),
      totalSavings: Number(row.savings),
    });
  }
  return rows.sort((a, b) => a.locationId - b.locationId);
}

async function expectRollupsMatchScratch() {
  let listed = 0;
  for (const [start, end] of RANGES) {
    const variance = await api(`chain/price-variance?${query(start, end)}&limit=100`);
    const expected = await varianceFromScratch(start, end);
    listed += expected.length;
    expect(
      variance.data.map((row: Record<string, unknown>) => ({
        ...row,
        distributor: undefined,
        din: undefined,
        packSize: undefined,
        offers: (row.offers as { itemDistributorId: number; locationIds: number[] }[]).map((o) => ({
          itemDistributorId: o.itemDistributorId,
          locationIds: o.locationIds,
        })),
      })),
      `${start}..${end}`,
    ).toEqual(expected.map((row) => ({ ...row, distributor: undefined, din: undefined, packSize: undefined })));
    // Buyers are read a page at a time (chain-variance-cache): pages of 3 rows, in any order, are
    // the same rows with the same buyers as the one page of 100.
    const pages = Math.ceil(variance.data.length / 3);
    const paged: unknown[][] = [];
    for (const page of Array.from({ length: pages }, (_, i) => pages - i)) {
      paged[page - 1] = (await api(`chain/price-variance?${query(start, end)}&limit=3&page=${page}`)).data;
    }
    expect(paged.flat(), `${start}..${end} in pages of 3`).toEqual(variance.data);
    const summary = await api(`chain/summary?${query(start, end)}`);
    const figures = summary.data.locations
      .map((l: Record<string, number>) => ({
        locationId: l.locationId,
        totalOrders: l.totalOrders,
        totalPurchases: l.totalPurchases,
        totalSavings: l.totalSavings,
      }))
      .sort((a: { locationId: number }, b: { locationId: number }) => a.locationId - b.locationId);
    expect(figures, `${start}..${end}`).toEqual(await summaryFromDays(start, end));
  }
  // Most ranges list a variance: the comparison is not of two empty answers.
  expect(listed).toBeGreaterThanOrEqual(RANGES.length);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  [{ id: ownerId }] = await queryRows<{ id: number }>(t.handle.db, sql`SELECT id FROM users WHERE email = 'owner@demo.test'`);
  await t.handle.db.execute(sql`UPDATE locations SET timezone = 'America/Los_Angeles' WHERE id = ${L.harborGrillExpress}`);
  oil = await buildOffer(t.handle.db, {
    locationId: L.harborGrill,
    item: { name: 'Rollup Oil' },
    offer: { description: 'Rollup Oil' },
  });
  salt = await buildOffer(t.handle.db, {
    locationId: L.harborGrill,
    distributorId: oil.distributorId,
    item: { name: 'Rollup Salt' },
    offer: { description: 'Rollup Salt' },
  });
  await order(L.harborGrill, oil, '2032-12-28T15:00:00Z', [{ quantity: 2, price: '9.00' }]);
  await order(L.harborGrill, oil, '2033-01-05T15:00:00Z', [{ quantity: 2, price: '10.00' }]);
  await order(L.harborGrillExpress, oil, '2033-01-20T15:00:00Z', [{ quantity: 3, price: '12.00' }]);
  // 31 January in Los Angeles, 1 February in UTC.
  await order(L.harborGrillExpress, oil, '2033-02-01T06:30:00Z', [{ quantity: 1, price: '14.00' }]);
  await order(L.harborCatering, oil, '2033-02-01T05:30:00Z', [{ quantity: 4, price: '11.50' }]);
  await order(L.harborCatering, salt, '2033-01-31T15:00:00Z', [{ quantity: 1, price: '3.00' }]);
  await order(L.harborGrill, salt, '2033-02-09T15:00:00Z', [{ quantity: 2, price: '3.25' }]);
  await order(L.harborGrill, salt, '2033-03-03T15:00:00Z', [{ quantity: 2, price: '2.75' }]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('chain rollups (migration 0048)', () => {
  it('answer as the order lines do, over ranges that cut months, years and time zones', async () => {
    await expectRollupsMatchScratch();
  }, 60_000);

  it('still do after new orders, receipts and a cancellation', async () => {
    await expectRollupsMatchScratch();
    // A new order on the boundary day; a receipt that keeps 1 of 3 cases; a cancelled order; a price raised.
    await order(L.harborGrillExpress, salt, '2033-02-01T07:30:00Z', [{ quantity: 5, price: '3.50' }]);
    const [line] = await queryRows<{ id: number; order_id: number }>(
      t.handle.db,
      sql`SELECT oi.id, oi.order_id FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.item_distributor_id = ${oil.id} AND o.location_id = ${L.harborGrillExpress} AND oi.quantity = 3`,
    );
    await t.handle.db.execute(sql`UPDATE order_items SET received_quantity = 1 WHERE id = ${line.id}`);
    await t.handle.db.execute(sql`UPDATE orders SET status = 'received' WHERE id = ${line.order_id}`);
    await t.handle.db.execute(
      sql`UPDATE orders SET status = 'cancelled' WHERE location_id = ${L.harborCatering} AND created_at = '2033-02-01T05:30:00Z'`,
    );
    await t.handle.db.execute(
      sql`UPDATE order_items SET price = 1.00 WHERE item_distributor_id = ${oil.id} AND location_id = ${L.harborGrill}
            AND order_id IN (SELECT id FROM orders WHERE created_at = '2033-01-05T15:00:00Z')`,
    );
    await expectRollupsMatchScratch();
    const [counts] = await queryRows<{ days: number; periods: number }>(
      t.handle.db,
      sql`SELECT (SELECT count(*)::int FROM chain_price_days WHERE day >= '2032-12-01') AS days,
                 (SELECT count(*)::int FROM chain_price_periods WHERE period_start >= '2032-12-01') AS periods`,
    );
    // The rollups hold rows for the fixtures (not an empty answer compared with an empty one).
    expect(counts.days).toBeGreaterThan(5);
    expect(counts.periods).toBeGreaterThan(5);
  }, 60_000);

  it('serve a kept answer only while nothing it was computed from changed (migration 0051)', async () => {
    const url = `chain/price-variance?${query('2033-01-01', '2033-12-31')}&limit=100`;
    const first = await api(url);
    const computed = countVarianceComputations();
    expect(await api(url), 'a repeat is served').toEqual(first);
    expect(await api(`${url}&sort=name`), 'another sort of the same answer').toHaveProperty('_meta', first._meta);
    expect(countVarianceComputations()).toBe(computed);
    // A catalogue change the variance shows (an offer's description) or groups by (a pack) is a new answer.
    await t.handle.db.execute(sql`UPDATE item_distributors SET description = 'Rollup Oil, renamed' WHERE id = ${oil.id}`);
    await t.handle.db.execute(sql`UPDATE item_distributors SET pack_size = '1/4 GAL' WHERE id = ${salt.id}`);
    await expectRollupsMatchScratch();
    expect(countVarianceComputations()).toBeGreaterThan(computed);
    expect(JSON.stringify((await api(url)).data)).toContain('Rollup Oil, renamed');
    // A price update in the catalogue is not read by the variance: still served.
    const afterRename = countVarianceComputations();
    await t.handle.db.execute(sql`UPDATE item_distributors SET price = price + 1 WHERE id = ${oil.id}`);
    await api(url);
    expect(countVarianceComputations()).toBe(afterRename);
    // A new order and a changed line price in one location: recomputed, and equal to the order lines' answer.
    await order(L.harborCatering, oil, '2033-04-02T15:00:00Z', [{ quantity: 2, price: '8.00' }]);
    await expectRollupsMatchScratch();
    expect(countVarianceComputations()).toBeGreaterThan(afterRename);
    const afterOrder = countVarianceComputations();
    await t.handle.db.execute(
      sql`UPDATE order_items SET price = 20.00 WHERE item_distributor_id = ${oil.id} AND location_id = ${L.harborCatering}
            AND order_id IN (SELECT id FROM orders WHERE created_at = '2033-04-02T15:00:00Z')`,
    );
    await expectRollupsMatchScratch();
    expect(countVarianceComputations()).toBeGreaterThan(afterOrder);
  }, 60_000);
});
