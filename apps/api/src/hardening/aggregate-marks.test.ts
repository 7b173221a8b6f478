/**
 * The derived tables' marks under a concurrent refresh (issue 38, migration 0062). A write whose
 * key was already marked, still open while a refresh takes that older mark, must leave a mark of its
 * own once it commits: the refresh built without it. With keyed marks inserted ON CONFLICT DO
 * NOTHING it left none, and the read model showed the older name until another write came.
 * Two connections of their own; PGlite has one, so this runs on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsStaleSql,
  openDatabase,
  queryRows,
  recipeCostsStaleSql,
  refreshAnalyticsDays,
  refreshLocationReadModel,
  refreshRecipeCosts,
  refreshSuggestionDays,
  suggestionDaysStaleSql,
  type Database,
  type DatabaseHandle,
} from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { createTestApp, type TestApp } from '../test-support/test-app';

const GRILL = DEMO_IDS.locations.harborGrill;
const isServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let own: DatabaseHandle;
const db = (): Database => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  if (!isServer) return;
  const [{ name }] = await queryRows<{ name: string }>(db(), sql`SELECT current_database() AS name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  own = await openDatabase({ url: url.toString(), poolSize: 2 });
});
afterAll(async () => {
  await own?.close();
  await t?.close();
});

async function one<Row>(query: SQL): Promise<Row> {
  const [row] = await queryRows<Row>(db(), query);
  if (!row) throw new Error('the demo data has no row for this case');
  return row;
}

async function isStale(query: SQL): Promise<boolean> {
  return (await one<{ stale: boolean }>(sql`SELECT ${query} AS stale`)).stale;
}

/**
 * Commits `write(1)`, opens a transaction on the test's own connection that runs `write(2)`, runs
 * `refresh` on the app's connection while that write is open, then commits it.
 */
async function writeDuringRefresh(write: (round: number) => SQL, refresh: () => Promise<unknown>): Promise<void> {
  await db().execute(write(1));
  let written!: () => void;
  let refreshed!: () => void;
  const isWritten = new Promise<void>((resolve) => (written = resolve));
  const isRefreshed = new Promise<void>((resolve) => (refreshed = resolve));
  const open = own.db.transaction(async (tx) => {
    await tx.execute(write(2));
    written();
    await isRefreshed;
  });
  await isWritten;
  await refresh().finally(refreshed);
  await open;
}

describe.skipIf(!isServer)('a write open while a refresh takes its key’s older mark', () => {
  it('leaves the read model a mark of its own: the next refresh shows what it wrote', async () => {
    const offer = await one<{ id: number; itemId: number }>(
      sql`SELECT li.item_distributor_id AS id, d.item_id AS "itemId"
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} ORDER BY li.item_distributor_id LIMIT 1`,
    );
    const nameIn = async () =>
      (
        await one<{ name: string }>(
          sql`SELECT name FROM location_item_reads WHERE location_id = ${GRILL} AND item_distributor_id = ${offer.id}`,
        )
      ).name;
    await writeDuringRefresh(
      (round) => sql`UPDATE items SET name = ${`Race probe ${round}`} WHERE id = ${offer.itemId}`,
      () => refreshLocationReadModel(db(), GRILL),
    );
    // The refresh ran before the second name committed.
    expect(await nameIn()).toBe('Race probe 1');
    await refreshLocationReadModel(db(), GRILL);
    expect(await nameIn()).toBe('Race probe 2');
  });

  it('leaves the analytics and suggestion days a mark of their own (a received line changed twice)', async () => {
    const line = await one<{ id: number }>(
      sql`SELECT oi.id FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE o.location_id = ${GRILL} AND o.received_at IS NOT NULL ORDER BY oi.id LIMIT 1`,
    );
    const write = (round: number) => sql`UPDATE order_items SET quantity = quantity + ${round} WHERE id = ${line.id}`;
    await writeDuringRefresh(write, () => refreshAnalyticsDays(db(), GRILL));
    expect(await isStale(analyticsStaleSql(GRILL))).toBe(true);
    await refreshSuggestionDays(db(), GRILL);
    await writeDuringRefresh(write, () => refreshSuggestionDays(db(), GRILL));
    expect(await isStale(suggestionDaysStaleSql(GRILL))).toBe(true);
  });

  it('leaves the recipe costs a mark of their own (an ingredient changed twice)', async () => {
    const ingredient = await one<{ id: number }>(
      sql`SELECT i.id FROM recipe_ingredients i JOIN recipes r ON r.id = i.recipe_id
          WHERE r.location_id = ${GRILL} ORDER BY i.id LIMIT 1`,
    );
    await writeDuringRefresh(
      (round) => sql`UPDATE recipe_ingredients SET recipe_amount = recipe_amount + ${round} WHERE id = ${ingredient.id}`,
      () => refreshRecipeCosts(db(), GRILL),
    );
    const today = sql`(SELECT (now() AT TIME ZONE timezone)::date FROM locations WHERE id = ${GRILL})`;
    expect(await isStale(recipeCostsStaleSql(GRILL, today))).toBe(true);
  });
});

describe('a location probed for marks', () => {
  it.each(['suggestion_dirty_days', 'analytics_dirty_days', 'kept_read_marks'])(
    'is looked up in %s by its index, though the statistics saw one location holding thousands of marks',
    async (table) => {
      const day = table === 'kept_read_marks' ? '' : ', day';
      const source = table === 'suggestion_dirty_days' ? `, source` : '';
      await db().execute(
        sql.raw(`INSERT INTO ${table} (location_id${source}${day})
          SELECT ${GRILL}${source ? `, 'r'` : ''}${day ? `, date '2026-01-01' + (n % 300)` : ''} FROM generate_series(1, 20000) n`),
      );
      await db().execute(sql.raw(`ANALYZE ${table}`));
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db(),
        sql.raw(
          `EXPLAIN SELECT EXISTS (SELECT 1 FROM ${table} WHERE location_id = l.id) FROM locations l WHERE l.id = ${DEMO_IDS.locations.harborGrillExpress}`,
        ),
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text, text).toMatch(new RegExp(`Index (Only )?Scan[^\n]* on ${table}|Bitmap Index Scan on ${table}`));
      await db().execute(sql.raw(`DELETE FROM ${table} WHERE location_id = ${GRILL}`));
    },
  );
});
