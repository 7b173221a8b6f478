import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { itemDetailSchema, parseCents, type ListItem } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getItemsPage } from './catalog.test-support';

const L = DEMO_IDS.locations;
let t: TestApp;
let chef: string;

beforeAll(async () => {
  t = await createTestApp();
  chef = await signInAs(t.app, 'chef@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const getDetail = (id: number | string, query = '', token: string | null = chef) =>
  t.app.inject({ method: 'GET', url: `/api/v1/items/${id}${query}`, headers: token ? bearer(token) : {} });

interface HistoryRow {
  itemDistributorId: number;
  orderCount: number;
  totalQuantity: number;
  totalSpent: string;
  firstDate: string;
  lastDate: string;
}

describe('GET items/{id} (doc 1 §7 item detail)', () => {
  it('answers the item as the list shows it, without analytics unless asked', async () => {
    const list: ListItem[] = (await getItemsPage(t.app, chef, { sort: 'a-z' }, 2, 100)).data;
    const item = list[50];
    const response = await getDetail(item.itemDistributorId);
    expect(response.statusCode).toBe(200);
    const detail = itemDetailSchema.strict().parse(response.json().data);
    expect(detail).toEqual({ ...item, analytics: null });
  });

  it('adds the purchase history of the location with analytics=1, cancelled orders left out', async () => {
    const [history] = await queryRows<HistoryRow>(
      t.handle.db,
      sql`SELECT oi.item_distributor_id AS "itemDistributorId", count(DISTINCT o.id)::int AS "orderCount",
                 sum(oi.quantity)::int AS "totalQuantity", sum(oi.quantity * oi.price)::numeric(14, 2)::text AS "totalSpent",
                 min((o.created_at AT TIME ZONE 'America/New_York')::date)::text AS "firstDate",
                 max((o.created_at AT TIME ZONE 'America/New_York')::date)::text AS "lastDate"
          FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE o.location_id = ${L.harborGrill} AND o.status <> 'cancelled' AND oi.item_distributor_id IS NOT NULL
          GROUP BY oi.item_distributor_id
          ORDER BY count(DISTINCT o.id) DESC, oi.item_distributor_id
          LIMIT 1`,
    );
    expect(history.orderCount).toBeGreaterThan(1);
    const response = await getDetail(history.itemDistributorId, '?analytics=1');
    expect(response.statusCode).toBe(200);
    const { analytics } = itemDetailSchema.strict().parse(response.json().data);
    const totalSpent = parseCents(history.totalSpent);
    expect(analytics).toEqual({
      orderCount: history.orderCount,
      totalQuantity: history.totalQuantity,
      totalSpent,
      averagePrice: Math.round(totalSpent / history.totalQuantity),
      firstOrderedDate: history.firstDate,
      lastOrderedDate: history.lastDate,
    });
  });

  it('gives zeros for an item never ordered', async () => {
    const [never] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          WHERE li.location_id = ${L.harborGrill}
            AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.location_id = li.location_id AND oi.item_distributor_id = li.item_distributor_id)
          ORDER BY li.item_distributor_id LIMIT 1`,
    );
    const response = await getDetail(never.id, '?analytics=1');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.analytics).toEqual({
      orderCount: 0,
      totalQuantity: 0,
      totalSpent: 0,
      averagePrice: null,
      firstOrderedDate: null,
      lastOrderedDate: null,
    });
  });

  it("answers 404 for another location's item and an unknown id", async () => {
    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT d.id FROM item_distributors d
          WHERE NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = ${L.harborGrill} AND li.item_distributor_id = d.id)
          ORDER BY d.id LIMIT 1`,
    );
    expect((await getDetail(foreign.id)).statusCode).toBe(404);
    expect((await getDetail(99_999_999)).statusCode).toBe(404);
  });

  it('refuses a bad id or analytics value with a message, and asks for a key', async () => {
    const badId = await getDetail('abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id must be a number/);
    const badFlag = await getDetail(1, '?analytics=yes');
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().message).toMatch(/analytics must be 0 or 1/);
    expect((await getDetail(1, '', null)).statusCode).toBe(401);
  });

  it('keeps the fixed /items/… paths working next to /items/{id}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/items/get-last-purchased', headers: bearer(chef) });
    expect(response.statusCode).toBe(200);
    expect(response.json()._meta).toBeDefined();
  });
});
