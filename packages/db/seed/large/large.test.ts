import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../../src/client';
import { computeRecipeCosts } from '../../src/recipe-costs/recipe-costs';
import * as schema from '../../src/schema/index';
import { computeUnitPriceE4 } from '../pricing';
import { planChain } from './chain-plan';
import { copyRow } from './copy-sink';
import { openPgliteSink, seedLarge } from './index';
import { generateLargeCatalog, OFFER_FLAGS } from './large-catalog';

describe('large data set plan', () => {
  it('has at least 50 distributors with distinct ids, and every location buys from a national house', () => {
    const chain = planChain({ locationCount: 40, regionCount: 10, firstLocationId: 4, firstUserId: 4 });
    expect(chain.distributors.length).toBeGreaterThanOrEqual(50);
    expect(new Set(chain.distributors.map((d) => d.id)).size).toBe(chain.distributors.length);
    for (const location of chain.locations) {
      const accounts = chain.accounts.filter((a) => a.locationId === location.id);
      const kinds = accounts.map((a) => chain.distributors.find((d) => d.id === a.distributorId)!.kind);
      expect(kinds).toContain('national');
    }
    expect(new Set(chain.users.map((u) => u.email)).size).toBe(chain.users.length);
  });

  it('generates the same catalogue for the same seed, priced by the unit-price rule', () => {
    const { distributors } = planChain({ locationCount: 4, regionCount: 2, firstLocationId: 4, firstUserId: 4 });
    const options = { seed: 7, targetOffers: 5_000, firstItemId: 101, firstOfferId: 201, distributors };
    const a = generateLargeCatalog(options);
    const b = generateLargeCatalog(options);
    expect(a.offerCount).toBeGreaterThanOrEqual(5_000);
    expect(Array.from(a.offerPrice.subarray(0, a.offerCount))).toEqual(Array.from(b.offerPrice.subarray(0, b.offerCount)));
    expect(a.itemName).toEqual(b.itemName);
    for (let offer = 0; offer < a.offerCount; offer += 1) {
      const unitMeasure = a.offerFlags[offer] & OFFER_FLAGS.catchWeight ? 'LB' : 'CS';
      expect(a.offerUnitPrice[offer]).toBe(computeUnitPriceE4(a.offerPrice[offer], a.packs[a.offerPack[offer]], unitMeasure));
    }
  });

  it('escapes COPY text', () => {
    expect(copyRow(['a\tb', null, true, 3, 'back\\slash\nline'])).toBe('a\\tb\t\\N\tt\t3\tback\\\\slash\\nline\n');
  });
});

// The test opens PGlite itself (not openDatabase) to hand the same client to the COPY sink.
describe('seedLarge on PGlite', () => {
  it('loads a small chain on top of the demo and passes every check against the demo rules', async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin } });
    try {
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder });
      const summary = await seedLarge(db as unknown as Database, openPgliteSink(client), {
        scale: { name: 'quick', targetOffers: 3_000, locations: 3, regions: 2, historyDays: 21 },
        today: '2026-11-02',
      });
      expect(summary.rows.item_distributors).toBeGreaterThanOrEqual(3_000);
      expect(summary.rows.orders).toBeGreaterThan(0);
      expect(summary.checks.length).toBeGreaterThanOrEqual(7);
      for (const check of summary.checks) expect(check, check.detail).toMatchObject({ ok: true });

      // The areas' data (issues 15, 16, 17, 21, 22): every location has lists and messages; the
      // per-area flags decide the rest, so count what the database holds for the chain's locations.
      const first = summary.firstChainLocationId;
      const count = async (table: string, where = 'TRUE') =>
        (
          await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE location_id >= $1 AND ${where}`, [
            first,
          ])
        ).rows[0].n;
      const flags = (
        await client.query<{ inv: number; rec: number; acc: number }>(
          `SELECT count(*) FILTER (WHERE display_inventory)::int AS inv, count(*) FILTER (WHERE display_recipe_costing)::int AS rec,
                  count(*) FILTER (WHERE display_accounting)::int AS acc FROM locations WHERE id >= $1`,
          [first],
        )
      ).rows[0];
      expect(await count('inventory_lists')).toBeGreaterThanOrEqual(3);
      expect(await count('inventory_groups')).toBeGreaterThan(0);
      expect(await count('inventory_group_items', "kind = 'item' AND total_on_hand > 0")).toBeGreaterThan(0);
      expect(await count('location_messages')).toBeGreaterThanOrEqual(9);
      expect(await count('location_message_reads')).toBeGreaterThan(0);
      expect((await count('inventories', "status = 'completed'")) > 0).toBe(flags.inv > 0);
      expect((await count('inventory_snapshot_items')) > 0).toBe(flags.inv > 0);
      expect((await count('recipe_ingredients')) > 0).toBe(flags.rec > 0);
      expect((await count('merchant_accountings')) > 0).toBe(flags.acc > 0);
      // Each snapshot's total is the sum of its rows, as completing an inventory stores it.
      const mismatched = await client.query(
        `SELECT i.id FROM inventories i JOIN inventory_snapshot_items s ON s.inventory_id = i.id
          WHERE i.location_id >= $1 GROUP BY i.id, i.total_on_hand_value HAVING i.total_on_hand_value <> sum(s.total_on_hand_amount)`,
        [first],
      );
      expect(mismatched.rows).toEqual([]);
      // Delivered orders carry their receiving state, as the demo's do.
      const received = (
        await client.query<{ orders: number; dated: number; credits: number }>(
          `SELECT count(*)::int AS orders, count(received_at)::int AS dated, count(*) FILTER (WHERE credit_refusal > 0)::int AS credits
             FROM orders WHERE location_id >= $1 AND status = 'received'`,
          [first],
        )
      ).rows[0];
      expect(received.orders).toBeGreaterThan(0);
      expect(received.dated).toBe(received.orders);
      expect(received.credits).toBeGreaterThan(0);
      // The analytics aggregate is built for the loaded orders: no day left marked, and every
      // location's purchases there equal its orders' received totals (ordered less credit, issue 32).
      expect(await count('analytics_dirty_days')).toBe(0);
      const unbalanced = await client.query(
        `SELECT o.location_id FROM orders o
          WHERE o.location_id >= $1 AND o.status <> 'cancelled' GROUP BY o.location_id
         HAVING sum(o.total - least(coalesce(o.credit_refusal, 0), o.total)) IS DISTINCT FROM (SELECT sum(a.purchases) FROM analytics_days a WHERE a.location_id = o.location_id)`,
        [first],
      );
      expect(unbalanced.rows).toEqual([]);
      // Spend by category adds up to the same purchases: each line by the one line rule in SQL
      // (catch weight at its weight, not a pound's price per case; issue 32).
      const categoriesUnbalanced = await client.query(
        `SELECT a.location_id FROM analytics_days a WHERE a.location_id >= $1 GROUP BY a.location_id
         HAVING sum(a.purchases) IS DISTINCT FROM (SELECT sum(c.amount) FROM analytics_day_categories c WHERE c.location_id = a.location_id)`,
        [first],
      );
      expect(categoriesUnbalanced.rows).toEqual([]);
      const weighed = await client.query<{ lines: number }>(
        `SELECT count(*)::int AS lines FROM order_items WHERE location_id >= $1 AND is_catch_weight AND received_weight IS NOT NULL`,
        [first],
      );
      expect(weighed.rows[0].lines).toBeGreaterThan(0);
      // Issue 32: each location's savings are the sum of their lines, and every line with a saving
      // compares prices per base unit of one kind (its alternative dearer for the same content).
      const savingsUnbalanced = await client.query(
        `SELECT a.location_id FROM analytics_days a WHERE a.location_id >= $1 GROUP BY a.location_id
         HAVING sum(a.distributor_savings + a.inventory_view_savings)
                IS DISTINCT FROM coalesce((SELECT sum(s.saving) FROM analytics_savings_lines s WHERE s.location_id = a.location_id), 0)`,
        [first],
      );
      expect(savingsUnbalanced.rows).toEqual([]);
      const lines = (
        await client.query<{ lines: number; dearer: number }>(
          `SELECT count(*)::int AS lines, count(*) FILTER (WHERE alt_price * unit_base <= price * alt_base)::int AS dearer
             FROM analytics_savings_lines WHERE location_id >= $1 AND saving > 0`,
          [first],
        )
      ).rows[0];
      expect(lines.lines).toBeGreaterThan(0);
      expect(lines.dearer).toBe(0);
      // The recipe list's stored costs (issue 17) are built: nothing left marked, and every
      // location's equal the costs computed from scratch.
      expect(await count('recipe_cost_dirty')).toBe(0);
      // The inventory view's stored pages (issue 15) start empty and unmarked: a first read fills them.
      expect(await count('inventory_view_answers')).toBe(0);
      expect(await count('inventory_view_dirty')).toBe(0);
      const costed = await client.query<{ id: number }>(
        `SELECT DISTINCT location_id AS id FROM recipes WHERE location_id >= $1 ORDER BY 1`,
        [first],
      );
      expect(costed.rows.length > 0).toBe(flags.rec > 0);
      for (const { id } of costed.rows) {
        const stored = await client.query<{ recipe_id: number; total_cost: number }>(
          `SELECT recipe_id, total_cost FROM recipe_costs WHERE location_id = $1`,
          [id],
        );
        expect(new Map(stored.rows.map((r) => [r.recipe_id, r.total_cost]))).toEqual(
          await computeRecipeCosts(db as unknown as Database, id),
        );
      }
      // The ids the generator handed out leave the sequences past them: a new row does not collide.
      await client.query(`INSERT INTO inventory_lists (location_id, name) VALUES ($1, 'Walk-in')`, [first]);
    } finally {
      await client.close();
    }
  }, 180_000);
});
