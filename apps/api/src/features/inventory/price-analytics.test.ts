import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { getPriceAnalyticsStarts, parseCents, type GenericGroup, type InventoryList } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let kitchen: InventoryList;

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  kitchen = ((await get('comparison-views/all-views')).json().data as InventoryList[]).find((list) => list.name === 'Kitchen')!;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('price analytics of generic groups (GET comparison-views/{id}/groups?analytics=1, doc 2 §7, §9)', () => {
  it('answers twelve 31-day windows per group with the quantity-weighted price paid per case, computed by hand', async () => {
    const response = await get(`comparison-views/${kitchen.id}/groups?analytics=1`);
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json().data as GenericGroup[];
    const [{ today, timezone }] = await queryRows<{ today: string; timezone: string }>(
      t.handle.db,
      sql`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today, timezone FROM locations WHERE id = ${L.harborGrill}`,
    );
    const starts = getPriceAnalyticsStarts(today);
    const chicken = groups.find((group) => group.name === 'Chicken breast')!;
    expect(chicken.analytics!.map((point) => point.startDate)).toEqual(starts);

    // By hand: every order line of the group's linked items, bucketed and averaged here in integer cents.
    const lines = await queryRows<{ day: string; quantity: number; price: string }>(
      t.handle.db,
      sql`SELECT ((o.created_at AT TIME ZONE ${timezone})::date)::text AS day, oi.quantity, oi.price::text AS price
          FROM inventory_group_items gi
          JOIN order_items oi ON oi.location_id = gi.location_id AND oi.item_distributor_id = gi.item_distributor_id
          JOIN orders o ON o.id = oi.order_id
          WHERE gi.location_id = ${L.harborGrill} AND gi.group_id = ${chicken.id} AND gi.kind = 'item'
            AND o.status <> 'cancelled' AND oi.quantity > 0`,
    );
    const expected = starts.map((start, index) => {
      const end = starts[index + 1] ?? '9999-12-31';
      const inWindow = lines.filter(
        (line) => line.day >= start && (index + 1 < starts.length ? line.day < end : line.day <= today),
      );
      const quantity = inWindow.reduce((sum, line) => sum + line.quantity, 0);
      if (quantity === 0) return null;
      const paid = inWindow.reduce((sum, line) => sum + line.quantity * parseCents(line.price), 0);
      // Half away from zero, as PostgreSQL's round() does (amounts are positive).
      return Math.floor((2 * paid + quantity) / (2 * quantity));
    });
    expect(chicken.analytics!.map((point) => point.price)).toEqual(expected);
    expect(expected.some((price) => price !== null)).toBe(true);
  });

  it('leaves analytics out unless asked, and answers 404 for a list of another location', async () => {
    const plain = (await get(`comparison-views/${kitchen.id}/groups`)).json().data as GenericGroup[];
    expect(plain[0]).not.toHaveProperty('analytics');
    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM inventory_lists WHERE location_id <> ${L.harborGrill} ORDER BY id LIMIT 1`,
    );
    if (foreign) expect((await get(`comparison-views/${foreign.id}/groups?analytics=1`)).statusCode).toBe(404);
    expect((await get(`comparison-views/${kitchen.id}/groups?analytics=123456`)).statusCode).toBe(400);
  });
});
