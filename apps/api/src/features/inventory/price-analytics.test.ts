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

async function chickenGroup(): Promise<GenericGroup> {
  const response = await get(`comparison-views/${kitchen.id}/groups?analytics=1`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as GenericGroup[]).find((group) => group.name === 'Chicken breast')!;
}

describe('price analytics of generic groups (GET comparison-views/{id}/groups?analytics=1, doc 2 §7, §9)', () => {
  it('answers twelve 31-day windows per group, per case and per pound, each recomputed from the lines', async () => {
    const chicken = await chickenGroup();
    const [{ today, timezone }] = await queryRows<{ today: string; timezone: string }>(
      t.handle.db,
      sql`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today, timezone FROM locations WHERE id = ${L.harborGrill}`,
    );
    const starts = getPriceAnalyticsStarts(today);
    expect(chicken.analytics!.map((point) => point.startDate)).toEqual(starts);

    // By hand: every order line of the group's linked items (2/5 LB and 4/10 LB cases in the demo), bucketed here.
    const lines = await queryRows<{ day: string; quantity: number; price: string; pack_size: string }>(
      t.handle.db,
      sql`SELECT ((o.created_at AT TIME ZONE ${timezone})::date)::text AS day, coalesce(oi.received_quantity, oi.quantity) AS quantity,
                 oi.price::text AS price, oi.pack_size
          FROM inventory_group_items gi
          JOIN order_items oi ON oi.location_id = gi.location_id AND oi.item_distributor_id = gi.item_distributor_id
          JOIN orders o ON o.id = oi.order_id
          WHERE gi.location_id = ${L.harborGrill} AND gi.group_id = ${chicken.id} AND gi.kind = 'item'
            AND o.status <> 'cancelled' AND coalesce(oi.received_quantity, oi.quantity) > 0`,
    );
    const poundsPerCase = (pack: string) => {
      const [, count, size] = /^(\d+)\/(\d+) LB$/.exec(pack)!;
      return Number(count) * Number(size);
    };
    expect(new Set(lines.map((line) => poundsPerCase(line.pack_size))).size).toBeGreaterThan(1);
    // Paid over bought, half away from zero (amounts are positive), in integer cents.
    const expected = (per: (line: (typeof lines)[number]) => number) =>
      starts.map((start, index) => {
        const inWindow = lines.filter(
          (line) => line.day >= start && (index + 1 < starts.length ? line.day < starts[index + 1] : line.day <= today),
        );
        const bought = inWindow.reduce((sum, line) => sum + line.quantity * per(line), 0);
        if (bought === 0) return null;
        const paid = inWindow.reduce((sum, line) => sum + line.quantity * parseCents(line.price), 0);
        return Math.floor((2 * paid + bought) / (2 * bought));
      });
    // The demo counts chicken in pounds: a 10 lb and a 40 lb case averaged by content, per pound.
    const lb = chicken.units.find((unit) => unit.name === 'lb')!;
    expect(chicken.unitId).toBe(lb.id);
    const perPound = expected((line) => poundsPerCase(line.pack_size));
    expect(chicken.analytics!.map((point) => point.price)).toEqual(perPound);
    expect(perPound.some((price) => price !== null)).toBe(true);
    // Each lies between the cheapest and dearest line per pound.
    const linePrices = lines.map((line) => parseCents(line.price) / poundsPerCase(line.pack_size));
    for (const price of perPound.filter((p): p is number => p !== null)) {
      expect(price).toBeGreaterThanOrEqual(Math.floor(Math.min(...linePrices)));
      expect(price).toBeLessThanOrEqual(Math.ceil(Math.max(...linePrices)));
    }

    // Counted in cases, the same lines average per case.
    await t.handle.db.execute(
      sql`UPDATE inventory_groups SET unit_id = 1 WHERE id = ${chicken.id} AND location_id = ${L.harborGrill}`,
    );
    try {
      const inCases = await chickenGroup();
      expect(inCases.analytics!.map((point) => point.price)).toEqual(expected(() => 1));
    } finally {
      await t.handle.db.execute(
        sql`UPDATE inventory_groups SET unit_id = ${lb.id} WHERE id = ${chicken.id} AND location_id = ${L.harborGrill}`,
      );
    }
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
