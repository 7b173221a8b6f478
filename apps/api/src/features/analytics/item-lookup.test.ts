import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  analyticsItemStatsSchema,
  analyticsLookupItemSchema,
  getLookupMatchRank,
  rankLookupItems,
  type AnalyticsLookupItem,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/** Item Lookup relevance on the demo data (issue 32): "shrimp" means shrimp before a brand's other fish. */
let t: TestApp;
let owner: string;
const L = DEMO_IDS.locations.harborGrill;

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** Every page of a lookup. */
async function lookupAll(query: string): Promise<AnalyticsLookupItem[]> {
  const items: AnalyticsLookupItem[] = [];
  for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
    const response = await get(`/analytics/lookup?${query}&limit=25&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    items.push(...response.json().data.map((row: unknown) => analyticsLookupItemSchema.parse(row)));
    pageCount = response.json()._meta.pageCount;
  }
  return items;
}

/** The whole year up to the location's today, read from the API's own YEARLY answer. */
async function yearRange(): Promise<{ start: string; end: string }> {
  const body = (await get('/analytics?filter_type=YEARLY')).json().data;
  return { start: body.start_date, end: body.end_date };
}

/** What the location spent on each offer in the range, cents: priced catalogue lines of orders not cancelled. */
async function spentByItem(range: { start: string; end: string }): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; spent: string }>(
    t.handle.db,
    sql`SELECT oi.item_distributor_id AS id, sum(oi.quantity * oi.price)::text AS spent
        FROM orders o JOIN locations l ON l.id = o.location_id JOIN order_items oi ON oi.order_id = o.id
        WHERE o.location_id = ${L} AND o.status <> 'cancelled' AND NOT oi.is_special AND NOT oi.is_market_price
          AND (o.created_at AT TIME ZONE l.timezone)::date BETWEEN ${range.start}::date AND ${range.end}::date
        GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.id, Math.round(Number(r.spent) * 100)]));
}

describe('Item Lookup relevance', () => {
  it('lists "shrimp" by name first, then by what the location spent in the period, then A–Z', async () => {
    const range = await yearRange();
    const found = await lookupAll(`search=shrimp&filter_type=CUSTOM&start_date=${range.start}&end_date=${range.end}`);
    const categories = new Map(
      (
        await queryRows<{ id: number; category: string }>(
          t.handle.db,
          sql`SELECT idd.id, it.category FROM item_distributors idd JOIN items it ON it.id = idd.item_id WHERE idd.id = ANY(${`{${found.map((i) => i.itemDistributorId).join(',')}}`}::int[])`,
        )
      ).map((r) => [r.id, r.category]),
    );
    const spent = await spentByItem(range);
    const candidates = found.map((i) => ({
      ...i,
      id: i.itemDistributorId,
      category: categories.get(i.itemDistributorId)!,
      spentCents: spent.get(i.itemDistributorId) ?? 0,
    }));
    const ranks = candidates.map((c) => getLookupMatchRank('shrimp', c));
    // The demo's brand "Gulf Shore Shrimp Co." brings other fish in: they come after every shrimp.
    expect(ranks).toContain(0);
    expect(ranks).toContain(1);
    expect(ranks).not.toContain(null);
    expect(found[0].description.toLowerCase()).toContain('shrimp');
    expect(ranks.indexOf(1)).toBe(ranks.lastIndexOf(0) + 1);
    // The API's order is the domain's rule applied to the same items.
    expect(found.map((i) => i.itemDistributorId)).toEqual(rankLookupItems('shrimp', candidates).map((c) => c.id));
    // The demo buys some shrimp in the year, so spending decides more than the name does.
    expect(candidates.some((c) => c.spentCents > 0 && ranks[candidates.indexOf(c)] === 0)).toBe(true);
  });

  it('keeps the A–Z and price sorts when asked, and refuses an unknown sort', async () => {
    const byName = await lookupAll('search=shrimp&sort=name');
    const names = byName.map((i) => i.description.toLowerCase());
    expect(byName.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const bad = await get('/analytics/lookup?search=shrimp&sort=spend');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sort must be one of relevance/);
    expect((await get('/analytics/lookup?search=shrimp&filter_type=CUSTOM&start_date=2026-02-01')).statusCode).toBe(400);
  });

  it('answers no purchase days for an item not bought in the period, which the page says in words', async () => {
    const [item] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          WHERE li.location_id = ${L}
            AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.location_id = ${L} AND oi.item_distributor_id = li.item_distributor_id)
          ORDER BY li.item_distributor_id LIMIT 1`,
    );
    const response = await get(`/analytics/lookup/statistics?item_distributor_id=${item.id}&filter_type=YEARLY`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = analyticsItemStatsSchema.parse(response.json().data);
    expect(stats.itemData).toMatchObject({ num_cases: 0, total_purchases: 0 });
    expect(stats.statistics.categories).toEqual([]);
  });

  it("answers 404 for another location's guide item of a distributor both buy from, and leaves it out of the lookup (issue 33, defect 4)", async () => {
    const [shared] = await queryRows<{ distributor_id: number }>(
      t.handle.db,
      sql`SELECT distributor_id FROM location_distributors WHERE location_id = ${L} ORDER BY distributor_id LIMIT 1`,
    );
    const foreign = await buildOffer(t.handle.db, {
      locationId: DEMO_IDS.locations.harborCatering,
      distributorId: shared.distributor_id,
      item: { name: 'Catering only saffron' },
      offer: { description: 'Catering only saffron', brand: 'Catering Brand' },
    });
    const stats = await get(`/analytics/lookup/statistics?item_distributor_id=${foreign.id}&filter_type=YEARLY`);
    expect(stats.statusCode).toBe(404);
    expect(stats.body).not.toContain('Catering');
    expect(await lookupAll('search=Catering%20only%20saffron')).toEqual([]);
    // The same item, once on the location's own guide, is looked up like any other.
    await t.handle.db.execute(
      sql`INSERT INTO location_items (location_id, item_distributor_id, distributor_id, price, unit_price)
          VALUES (${L}, ${foreign.id}, ${shared.distributor_id}, 12.00, 2.0000)`,
    );
    expect((await lookupAll('search=Catering%20only%20saffron')).map((row) => row.itemDistributorId)).toEqual([foreign.id]);
  });
});
