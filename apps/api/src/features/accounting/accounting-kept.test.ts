/**
 * The accounting list as a kept read (issue 38, migration 0060): a kept page is sent again until a
 * write it reads marks the location, and what is sent is always what is computed from scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { accountingFilterOptionsSchema } from '@stockpot/domain';
import { expectKeptRead, getBodies } from '../../test-support/kept-read-checks';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { listAccountingItems } from './accounting-items.service';

const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The pages compared: most purchased (page 1), by name (page 2), by distributor, and a search. */
const shapes = [
  { filter: {}, page: 1 },
  { filter: { sort: 'name' }, page: 2 },
  { filter: { sort: 'distributor' }, page: 1 },
  { filter: { search: 'probe' }, page: 1 },
];

const urls = shapes.map(
  (shape) => `merchant-accounting?filterOptions=${encodeURIComponent(JSON.stringify(shape.filter))}&page=${shape.page}`,
);

async function fresh(): Promise<string[]> {
  const bodies: string[] = [];
  for (const shape of shapes) {
    const filter = accountingFilterOptionsSchema.parse(shape.filter);
    bodies.push(JSON.stringify(await listAccountingItems(t.handle.db, GRILL, filter, shape.page)));
  }
  return bodies;
}

describe('GET merchant-accounting as a kept read', () => {
  it('is sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    // The most purchased item carries a supplier, a category and a GL code of its own.
    const [top] = JSON.parse((await fresh())[0]).data as { itemDistributorId: number }[];
    const id = top.itemDistributorId;
    const [tags] = await queryRows<{ supplier: number; category: number; code: number }>(
      db,
      sql`WITH s AS (INSERT INTO accounting_suppliers (location_id, name) VALUES (${GRILL}, 'Probe supplier') RETURNING id),
               c AS (INSERT INTO accounting_categories (location_id, name) VALUES (${GRILL}, 'Probe category') RETURNING id),
               g AS (INSERT INTO accounting_gl_codes (location_id, code) VALUES (${GRILL}, 'PROBE-1') RETURNING id)
          SELECT (SELECT id FROM s) AS supplier, (SELECT id FROM c) AS category, (SELECT id FROM g) AS code`,
    );
    await db.execute(sql`DELETE FROM merchant_accountings WHERE location_id = ${GRILL} AND item_distributor_id = ${id}`);
    await db.execute(sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, supplier_id, category_id, gl_code_id)
                         VALUES (${GRILL}, ${id}, ${tags.supplier}, ${tags.category}, ${tags.code})`);
    expect((await fresh())[3]).toContain('Probe supplier');
    await expectKeptRead({
      db,
      locationId: GRILL,
      served: () => getBodies(t, owner, urls),
      fresh,
      unmarkedWrite: sql`UPDATE accounting_suppliers SET name = 'Probe supplier, renamed' WHERE id = ${tags.supplier}`,
      writes: [
        sql`UPDATE accounting_suppliers SET name = 'Probe supplier, again' WHERE id = ${tags.supplier}`,
        sql`UPDATE accounting_categories SET name = 'Probe category, renamed' WHERE id = ${tags.category}`,
        sql`UPDATE accounting_gl_codes SET code = 'PROBE-2' WHERE id = ${tags.code}`,
        sql`UPDATE merchant_accountings SET gl_code_id = NULL WHERE location_id = ${GRILL} AND item_distributor_id = ${id}`,
        sql`DELETE FROM merchant_accountings WHERE location_id = ${GRILL} AND item_distributor_id = ${id}`,
        sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, category_id) VALUES (${GRILL}, ${id}, ${tags.category})`,
        sql`UPDATE location_items SET price = price + 1 WHERE location_id = ${GRILL} AND item_distributor_id = ${id}`,
        sql`UPDATE location_items SET purchased_quantity = purchased_quantity + 1000 WHERE location_id = ${GRILL}
              AND item_distributor_id = (SELECT item_distributor_id FROM location_items WHERE location_id = ${GRILL}
                                          ORDER BY purchased_quantity, item_distributor_id LIMIT 1)`,
        sql`UPDATE item_distributors SET brand = 'Probe brand' WHERE id = ${id}`,
        sql`UPDATE items SET name = name || ' (probe)' WHERE id = (SELECT item_id FROM item_distributors WHERE id = ${id})`,
        sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = (SELECT distributor_id FROM item_distributors WHERE id = ${id})`,
      ],
    });

    // Accounting turned off: refused at once, not the kept page; on again, the page is back.
    await db.execute(sql`UPDATE locations SET display_accounting = false WHERE id = ${GRILL}`);
    try {
      const off = await t.app.inject({ method: 'GET', url: `/api/v1/${urls[0]}`, headers: bearer(owner) });
      expect(off.statusCode).toBe(403);
    } finally {
      await db.execute(sql`UPDATE locations SET display_accounting = true WHERE id = ${GRILL}`);
    }
    expect(await getBodies(t, owner, urls)).toEqual(await fresh());
  });
});
