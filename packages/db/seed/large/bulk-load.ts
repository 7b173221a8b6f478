/**
 * The bulk-load choreography around COPY: secondary indexes and foreign keys of the loaded tables
 * are dropped before the load and rebuilt after it from their own catalogue definitions (a build
 * from sorted data is many times faster than maintaining a GIN index row by row, and one
 * set-based validation of a foreign key beats a lookup per row), then sequences, VACUUM ANALYZE
 * and checks of the data against the demo's rules.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/client';
import * as demoSeed from '../index';
import { applyOrderGuide } from '../order-guides';
import { queryRows } from '../sql-helpers';
import type { SqlRunner } from './copy-sink';

export interface DroppedObjects {
  indexes: { table: string; name: string; definition: string }[];
  foreignKeys: { table: string; name: string; definition: string }[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops the secondary indexes (not primary keys) and foreign keys of `tables`; returns how to rebuild them. */
export async function dropIndexesAndForeignKeys(runner: SqlRunner, tables: readonly string[]): Promise<DroppedObjects> {
  const indexes = await runner.query<{ table: string; name: string; definition: string }>(
    `SELECT t.relname AS table, i.relname AS name, pg_get_indexdef(ix.indexrelid) AS definition
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)
      ORDER BY t.relname, i.relname`,
    [tables],
  );
  const foreignKeys = await runner.query<{ table: string; name: string; definition: string }>(
    `SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND c.contype = 'f' AND t.relname = ANY($1)
      ORDER BY t.relname, c.conname`,
    [tables],
  );
  for (const fk of foreignKeys) await runner.query(`ALTER TABLE ${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
  for (const index of indexes) await runner.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return { indexes, foreignKeys };
}

/** Runs tasks over the runners, each runner taking the next task when it is free. */
async function runQueue<T>(runners: SqlRunner[], tasks: T[], run: (runner: SqlRunner, task: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    runners.map(async (runner) => {
      while (next < tasks.length) {
        const task = tasks[next];
        next += 1;
        await run(runner, task);
      }
    }),
  );
}

/**
 * Rebuilds what dropIndexesAndForeignKeys dropped: indexes in parallel (largest tables first),
 * foreign keys added NOT VALID (no scan) and then validated in parallel.
 */
export async function restoreIndexesAndForeignKeys(
  runners: SqlRunner[],
  dropped: DroppedObjects,
  log: (message: string) => void,
): Promise<{ indexMs: Record<string, number>; foreignKeyMs: number }> {
  const sizes = new Map(
    (
      await runners[0].query<{ table: string; bytes: string }>(
        `SELECT relname AS table, pg_relation_size(oid)::text AS bytes FROM pg_class WHERE relname = ANY($1) AND relkind = 'r'`,
        [[...new Set(dropped.indexes.map((i) => i.table))]],
      )
    ).map((row) => [row.table, Number(row.bytes)]),
  );
  // GIN indexes cost most; then by table size.
  const weight = (index: { table: string; definition: string }) =>
    (sizes.get(index.table) ?? 0) * (/USING gin/i.test(index.definition) ? 8 : 1);
  const ordered = [...dropped.indexes].sort((a, b) => weight(b) - weight(a));
  for (const runner of runners) await runner.query(`SET maintenance_work_mem = '1GB'`);
  const indexMs: Record<string, number> = {};
  await runQueue(runners, ordered, async (runner, index) => {
    const started = performance.now();
    await runner.query(index.definition);
    indexMs[index.name] = Math.round(performance.now() - started);
    log(`  index ${index.name}: ${(indexMs[index.name] / 1000).toFixed(1)} s`);
  });

  const started = performance.now();
  for (const fk of dropped.foreignKeys) {
    await runners[0].query(
      `ALTER TABLE ${quoteIdent(fk.table)} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition} NOT VALID`,
    );
  }
  await runQueue(runners, dropped.foreignKeys, async (runner, fk) => {
    await runner.query(`ALTER TABLE ${quoteIdent(fk.table)} VALIDATE CONSTRAINT ${quoteIdent(fk.name)}`);
  });
  return { indexMs, foreignKeyMs: Math.round(performance.now() - started) };
}

/** Moves each serial column's sequence past the ids written explicitly. */
export async function bumpSequences(runner: SqlRunner, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await runner.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce((SELECT max(id) FROM ${quoteIdent(table)}), 0) + 1, false)`,
      [table],
    );
  }
}

export async function vacuumAnalyze(runners: SqlRunner[], tables: readonly string[]): Promise<void> {
  await runQueue(runners, [...tables], async (runner, table) => {
    await runner.query(`VACUUM (ANALYZE) ${quoteIdent(table)}`);
  });
}

/**
 * The expression the item_distributors trigger computes search_text with, read from the trigger
 * function itself so a set-based fill cannot drift from it. Null when the function no longer has
 * the `SELECT <expression> INTO NEW.search_text FROM items i` shape.
 */
export async function readSearchTextExpression(runner: SqlRunner): Promise<string | null> {
  const [row] = await runner.query<{ source: string }>(
    `SELECT prosrc AS source FROM pg_proc WHERE proname = 'item_distributors_fill_search_text'`,
  );
  const match = row
    ? /SELECT\s+([\s\S]+?)\s+INTO\s+NEW\.search_text\s+FROM\s+items\s+i\s+WHERE\s+i\.id\s*=\s*NEW\.item_id\s*;/i.exec(row.source)
    : null;
  return match ? match[1].replace(/\bNEW\./g, 'd.') : null;
}

export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
}

/**
 * Checks the loaded data against the demo's rules, set-based over every row: unit prices, every
 * guide line on the location's items, punched-out flags against the latest guides, purchase
 * statistics against the order history, search_text against the trigger (on a sample), and one
 * location's guides replayed through applyOrderGuide itself.
 */
export async function verifyLargeData(runner: SqlRunner, db: Database, replayLocationId: number): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const countCheck = async (check: string, text: string) => {
    const [row] = await runner.query<{ bad: number; total: number }>(text);
    results.push({ check, ok: Number(row.bad) === 0, detail: `${row.bad} of ${row.total} rows differ` });
  };
  const unitPriceRule = (alias: string) =>
    `CASE WHEN d.unit_measure = 'CS' AND d.unit_quantity * d.unit_size > 0 THEN round(${alias}.price / (d.unit_quantity * d.unit_size), 4) ELSE ${alias}.price END`;
  await countCheck(
    'item_distributors.unit_price = price ÷ (outer × inner), 4 decimals',
    `SELECT count(*) FILTER (WHERE d.unit_price <> ${unitPriceRule('d')})::int AS bad, count(*)::int AS total FROM item_distributors d`,
  );
  await countCheck(
    'location_items.unit_price follows the guide price',
    `SELECT count(*) FILTER (WHERE li.unit_price <> ${unitPriceRule('li')})::int AS bad, count(*)::int AS total
       FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id`,
  );
  await countCheck(
    'every order-guide line has a location item',
    `SELECT count(*) FILTER (WHERE li.location_id IS NULL)::int AS bad, count(*)::int AS total
       FROM order_guide_items ogi
       LEFT JOIN location_items li ON li.location_id = ogi.location_id AND li.item_distributor_id = ogi.item_distributor_id`,
  );
  await countCheck(
    'punched out exactly when missing from the latest guide',
    `WITH latest AS (
       SELECT DISTINCT ON (location_id, distributor_id) id, location_id, distributor_id
         FROM order_guides ORDER BY location_id, distributor_id, created_at DESC, id DESC)
     SELECT count(*) FILTER (WHERE li.is_punched_out = (ogi.item_distributor_id IS NOT NULL))::int AS bad, count(*)::int AS total
       FROM location_items li
       JOIN latest g ON g.location_id = li.location_id AND g.distributor_id = li.distributor_id
       LEFT JOIN order_guide_items ogi ON ogi.order_guide_id = g.id AND ogi.item_distributor_id = li.item_distributor_id`,
  );
  await countCheck(
    'purchase statistics match the order history',
    `WITH bought AS (
       SELECT oi.location_id, oi.item_distributor_id, sum(oi.quantity)::int AS quantity,
              max((o.created_at AT TIME ZONE o.timezone)::date) AS last_date
         FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE o.status <> 'cancelled' AND oi.item_distributor_id IS NOT NULL GROUP BY 1, 2)
     SELECT count(*) FILTER (WHERE li.purchased_quantity <> coalesce(b.quantity, 0)
                               OR li.last_purchased_date IS DISTINCT FROM b.last_date)::int AS bad,
            count(*)::int AS total
       FROM location_items li
       LEFT JOIN bought b ON b.location_id = li.location_id AND b.item_distributor_id = li.item_distributor_id`,
  );

  // search_text: fire the trigger on a sample (an UPDATE of item_id) and compare, then roll back.
  // `runner` must be one session (not a pool) for BEGIN … ROLLBACK to hold.
  await runner.query('BEGIN');
  try {
    const [sample] = await runner.query<{ bad: number; total: number }>(`
      WITH sample AS (SELECT id, search_text FROM item_distributors WHERE id % 997 = 0),
           fired AS (UPDATE item_distributors d SET item_id = d.item_id FROM sample s WHERE d.id = s.id
                     RETURNING d.search_text = s.search_text AS same)
      SELECT count(*) FILTER (WHERE NOT same)::int AS bad, count(*)::int AS total FROM fired`);
    results.push({
      check: 'search_text equals what the trigger computes (sample)',
      ok: sample.bad === 0,
      detail: `${sample.bad} of ${sample.total} sampled rows differ`,
    });
  } finally {
    await runner.query('ROLLBACK');
  }

  results.push(await replayGuides(db, replayLocationId));
  results.push(await replayPurchaseSummary(db, replayLocationId));
  return results;
}

class Rollback extends Error {}

/**
 * Recomputes one location's purchase summary with the demo's own refreshPurchaseSummary (when the
 * demo seed has it) in a transaction that is rolled back, and compares it with the generated one.
 */
async function replayPurchaseSummary(db: Database, locationId: number): Promise<CheckResult> {
  const check = `location ${locationId}: purchase summary recomputed by the demo's refreshPurchaseSummary is the same`;
  const refresh = (demoSeed as Record<string, unknown>).refreshPurchaseSummary as
    ((db: Database, locationIds: number[]) => Promise<void>) | undefined;
  if (typeof refresh !== 'function') return { check, ok: true, detail: 'skipped: the demo seed has no refreshPurchaseSummary' };
  let detail = '';
  let ok = false;
  const read = (tx: Database) =>
    queryRows<{ key: string }>(
      tx,
      sql`SELECT concat_ws('|', item_distributor_id, purchased_quantity, last_purchased_date, last_purchased_qty, last_purchased_price) AS key
            FROM location_items WHERE location_id = ${locationId} ORDER BY item_distributor_id`,
    );
  try {
    await db.transaction(async (tx) => {
      const before = (await read(tx)).map((row) => row.key);
      await refresh(tx, [locationId]);
      const after = new Set((await read(tx)).map((row) => row.key));
      const differing = before.filter((key) => !after.has(key)).length;
      ok = differing === 0;
      detail = `${differing} of ${before.length} rows differ`;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) detail = `replay failed: ${(error as Error).message}`;
  }
  return { check, ok, detail };
}

/** Re-applies one location's guides with applyOrderGuide in a transaction that is rolled back, and compares. */
async function replayGuides(db: Database, locationId: number): Promise<CheckResult> {
  const check = `location ${locationId}: guides replayed through applyOrderGuide give the same items`;
  let detail = '';
  let ok = false;
  try {
    await db.transaction(async (tx) => {
      type Row = {
        distributor_id: number;
        item_distributor_id: number;
        price: string;
        unit_price: string;
        end_date: string;
        is_punched_out: boolean;
      };
      const before = await queryRows<Row>(
        tx,
        sql`SELECT distributor_id, item_distributor_id, price::text, unit_price::text, end_date::text, is_punched_out
              FROM location_items WHERE location_id = ${locationId} ORDER BY item_distributor_id`,
      );
      const guides = await queryRows<{
        id: number;
        distributor_id: number;
        start_date: string;
        end_date: string;
        created_at: Date;
      }>(
        tx,
        sql`SELECT id, distributor_id, start_date::text, end_date::text, created_at FROM order_guides
             WHERE location_id = ${locationId} ORDER BY created_at, id`,
      );
      const ownEndDate = new Map(before.map((row) => [row.item_distributor_id, row.end_date]));
      await tx.execute(sql`DELETE FROM location_items WHERE location_id = ${locationId}`);
      for (const guide of guides) {
        const lines = await queryRows<{ item_distributor_id: number; price: string }>(
          tx,
          sql`SELECT item_distributor_id, price::text FROM order_guide_items WHERE order_guide_id = ${guide.id} ORDER BY item_distributor_id`,
        );
        await applyOrderGuide(tx, {
          locationId,
          distributorId: guide.distributor_id,
          startDate: guide.start_date,
          endDate: guide.end_date,
          createdAt: new Date(guide.created_at),
          lines: lines.map((line) => {
            const own = ownEndDate.get(line.item_distributor_id);
            return own && own !== guide.end_date && own < guide.end_date
              ? { itemDistributorId: line.item_distributor_id, price: line.price, endDate: own }
              : { itemDistributorId: line.item_distributor_id, price: line.price };
          }),
        });
      }
      const after = await queryRows<Row>(
        tx,
        sql`SELECT distributor_id, item_distributor_id, price::text, unit_price::text, end_date::text, is_punched_out
              FROM location_items WHERE location_id = ${locationId} ORDER BY item_distributor_id`,
      );
      const key = (row: Row) => `${row.item_distributor_id}|${row.price}|${row.unit_price}|${row.end_date}|${row.is_punched_out}`;
      const expected = new Set(before.map(key));
      const differing = after.filter((row) => !expected.has(key(row))).length + Math.abs(before.length - after.length);
      ok = differing === 0;
      detail = `${differing} of ${before.length} rows differ`;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      ok = false;
      detail = `replay failed: ${(error as Error).message}`;
    }
  }
  return { check, ok, detail };
}
