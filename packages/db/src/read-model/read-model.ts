/**
 * The place-order list's read model (issue 13, migration `location_item_reads`): per location and
 * offer, the effective price, the sort keys of every sort of doc 1 §9, the tag flags, the purchase
 * statistics and the best-match summary (its search columns have their own table, search-rows.ts),
 * so that a page of any sort is an index range and `_meta` totals are read from maintained counts.
 *
 * `refreshLocationReadModel` is the one maintenance function. A write calls it in its own
 * transaction with the location and the offers it changed (order-guide prices applied, an order
 * placed, a swap or a reject, a custom order). Triggers on location_items, item_swaps, items and
 * item_distributors mark every changed offer in `location_item_read_dirty`, so a write that forgets
 * the call, or SQL run by hand, is caught up by the next read (`isReadModelStale`) instead of being
 * lost. Effective prices turn when an end date passes: the rows priced on an earlier date are
 * refreshed by the nightly job (`refreshAllReadModels`) and, should it not have run, at read time.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '../client';
import { intArray } from '../sql-arrays';
import { effectivePriceSql, matchSummaryCtes } from './item-sql';
import { syncLocationSearches } from './search-rows';

/** Columns of location_item_reads, in the order the upsert writes them. */
const COLUMNS = [
  'location_id',
  'item_distributor_id',
  'distributor_id',
  'name',
  'name_key',
  'generic',
  'code',
  'din',
  'effective_price',
  'unit_price',
  'end_date',
  'purchased_quantity',
  'last_purchased_date',
  'last_purchased_qty',
  'last_purchased_price',
  'sort_index',
  'is_purchased',
  'is_punched_out',
  'is_on_order_guide',
  'is_from_invoice',
  'is_price_outdated',
  'match_id',
  'match_is_exact',
  'best_savings',
  'saving_items',
  'best_saving_id',
] as const;

/**
 * The rows of the read model for the location's offers listed by `targets` (a query of
 * item_distributor_id), computed from scratch from the source tables: what the upsert writes and
 * what the property test compares the maintained table with.
 */
export function readModelRowsSql(locationId: number, today: string, targets: SQL): SQL {
  return sql`WITH ${matchSummaryCtes(locationId, today, targets, 'ms')}
    SELECT li.location_id, li.item_distributor_id, li.distributor_id, i.name, lower(i.name) COLLATE "C" AS name_key,
           lower(btrim(i.generic_name)) AS generic, lower(btrim(i.manufacturer_code)) AS code, d.din,
           ${effectivePriceSql('li', today)} AS effective_price, li.unit_price, li.end_date,
           li.purchased_quantity, li.last_purchased_date, li.last_purchased_qty, li.last_purchased_price, li.sort_index,
           li.purchased_quantity > 0 AS is_purchased, li.is_punched_out,
           li.order_guide_id IS NOT NULL AND NOT li.is_punched_out AS is_on_order_guide,
           li.purchased_price IS NOT NULL AND li.invoice_date IS NOT NULL AS is_from_invoice, li.is_price_outdated,
           ms.match_id, ms.match_is_exact, coalesce(ms.best_savings, 0)::int AS best_savings,
           coalesce(ms.saving_items, 0)::int AS saving_items, ms.best_saving_id
    FROM location_items li
    JOIN item_distributors d ON d.id = li.item_distributor_id
    JOIN items i ON i.id = d.item_id
    LEFT JOIN ms ON ms.id = li.item_distributor_id
    WHERE li.location_id = ${locationId} AND li.item_distributor_id IN (${targets})`;
}

/** The location's calendar date, YYYY-MM-DD (the effective-price rule compares end dates with it). */
export async function locationToday(db: Database, locationId: number): Promise<string | undefined> {
  const [row] = await queryRowsPrepared<{ today: string }>(
    db,
    sql`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today FROM locations WHERE id = ${locationId}`,
  );
  return row?.today;
}

export interface RefreshOptions {
  /** Offers the write changed (they and their savings peers are rewritten). */
  itemDistributorIds?: readonly number[];
  /** Rewrite every row of the location. */
  full?: boolean;
  /** The location's date; read from the location when absent. */
  today?: string;
  /**
   * Only when the location's read model exists: a loader writing a location from scratch builds it
   * once at the end (rebuildAllReadModels) instead of after every step.
   */
  ifBuilt?: boolean;
}

/**
 * Brings the location's read model up to date, in the caller's transaction (or its own): the offers
 * given, those marked dirty by the triggers, those whose effective price turned since the day the
 * rows were priced, and every offer of the location sharing a generic product or manufacturer code
 * with any of them (their savings matches compare with it). Removes rows of offers the location no
 * longer lists and recounts the totals of the distributors involved. Serialised per location.
 */
export async function refreshLocationReadModel(db: Database, locationId: number, options: RefreshOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await queryRowsPrepared(tx, sql`SELECT pg_advisory_xact_lock(741302, ${locationId})`);
    const today = options.today ?? (await locationToday(tx, locationId));
    if (!today) return;
    const [state] = await queryRowsPrepared<{ priced_on: string }>(
      tx,
      sql`SELECT priced_on::text AS priced_on FROM location_item_read_state WHERE location_id = ${locationId}`,
    );
    if (!state && options.ifBuilt) return;
    // Every write leaves its own mark (migration 0062): an offer written twice is marked twice.
    const dirty = new Set(
      (
        await queryRowsPrepared<{ id: number }>(
          tx,
          sql`DELETE FROM location_item_read_dirty WHERE location_id = ${locationId} RETURNING item_distributor_id AS id`,
        )
      ).map((row) => row.id),
    );
    // Many marked offers (a renumbering, a whole guide): rewriting the location is cheaper than
    // finding the savings peers of each.
    const [{ offers }] = await queryRowsPrepared<{ offers: number }>(
      tx,
      sql`SELECT coalesce(sum(offers), 0)::int AS offers FROM location_item_read_counts WHERE location_id = ${locationId}`,
    );
    const full = options.full || !state || dirty.size + (options.itemDistributorIds?.length ?? 0) > Math.max(50, offers / 4);
    if (full) {
      await tx.execute(sql`DELETE FROM location_item_reads WHERE location_id = ${locationId}`);
      await tx.execute(sql`INSERT INTO location_item_reads (${sql.raw(COLUMNS.join(', '))})
        ${readModelRowsSql(locationId, today, sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${locationId}`)}`);
      await tx.execute(sql`DELETE FROM location_item_read_counts WHERE location_id = ${locationId}`);
      await tx.execute(sql`INSERT INTO location_item_read_counts (location_id, distributor_id, offers, purchased)
        SELECT location_id, distributor_id, count(*), count(*) FILTER (WHERE is_purchased)
        FROM location_item_reads WHERE location_id = ${locationId} GROUP BY location_id, distributor_id`);
      await syncLocationSearches(tx, locationId);
    } else {
      const seeds = [...new Set([...(options.itemDistributorIds ?? []), ...dirty])];
      const dateTurned = state.priced_on !== today;
      if (seeds.length === 0 && !dateTurned) return;
      // The offers to rewrite: the seeds, the offers whose price may have turned between the two
      // dates (end date within them), and every offer of the location in the same savings group
      // (generic product or manufacturer code, as they were and as they are).
      const touched = await queryRows<{ id: number; distributor_id: number }>(
        tx,
        sql`WITH seed AS (
              SELECT unnest(${intArray(seeds)}) AS id
              UNION SELECT li.item_distributor_id FROM location_items li
              WHERE ${dateTurned} AND li.location_id = ${locationId}
                AND li.end_date BETWEEN least(${state.priced_on}::date, ${today}::date) AND greatest(${state.priced_on}::date, ${today}::date)),
            keys AS (
              SELECT r.generic, r.code FROM location_item_reads r JOIN seed ON seed.id = r.item_distributor_id
              WHERE r.location_id = ${locationId}
              UNION SELECT lower(btrim(i.generic_name)), lower(btrim(i.manufacturer_code))
              FROM seed JOIN item_distributors d ON d.id = seed.id JOIN items i ON i.id = d.item_id),
            ids AS (
              SELECT id FROM seed
              UNION SELECT r.item_distributor_id FROM location_item_reads r
              WHERE r.location_id = ${locationId} AND r.generic IN (SELECT generic FROM keys)
              UNION SELECT r.item_distributor_id FROM location_item_reads r
              WHERE r.location_id = ${locationId} AND r.code <> '' AND r.code IN (SELECT code FROM keys WHERE code <> ''))
            SELECT ids.id, coalesce(li.distributor_id, r.distributor_id) AS distributor_id
            FROM ids
            LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = ids.id
            LEFT JOIN location_item_reads r ON r.location_id = ${locationId} AND r.item_distributor_id = ids.id
            WHERE li.item_distributor_id IS NOT NULL OR r.item_distributor_id IS NOT NULL`,
      );
      if (touched.length > 0) {
        const ids = touched.map((row) => row.id);
        await tx.execute(sql`DELETE FROM location_item_reads r WHERE r.location_id = ${locationId}
          AND r.item_distributor_id = ANY(${intArray(ids)})
          AND NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = r.location_id AND li.item_distributor_id = r.item_distributor_id)`);
        const updates = COLUMNS.filter((c) => c !== 'location_id' && c !== 'item_distributor_id').map(
          (c) => `${c} = EXCLUDED.${c}`,
        );
        await tx.execute(sql`INSERT INTO location_item_reads (${sql.raw(COLUMNS.join(', '))})
          ${readModelRowsSql(locationId, today, sql`SELECT unnest(${intArray(ids)})`)}
          ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET ${sql.raw(updates.join(', '))}`);
        await syncLocationSearches(tx, locationId, sql`SELECT unnest(${intArray(ids)})`);
        const distributors = [...new Set(touched.map((row) => row.distributor_id))];
        await tx.execute(sql`DELETE FROM location_item_read_counts
          WHERE location_id = ${locationId} AND distributor_id = ANY(${intArray(distributors)})`);
        await tx.execute(sql`INSERT INTO location_item_read_counts (location_id, distributor_id, offers, purchased)
          SELECT location_id, distributor_id, count(*), count(*) FILTER (WHERE is_purchased)
          FROM location_item_reads WHERE location_id = ${locationId} AND distributor_id = ANY(${intArray(distributors)})
          GROUP BY location_id, distributor_id`);
      }
    }
    await queryRowsPrepared(
      tx,
      sql`INSERT INTO location_item_read_state (location_id, priced_on) VALUES (${locationId}, ${today}::date)
      ON CONFLICT (location_id) DO UPDATE SET priced_on = EXCLUDED.priced_on`,
    );
  });
}

/**
 * The marks this transaction's own writes left (migration 0062's `writer`). A sync clears only
 * those: another writer's, committed after the refresh the sync follows, still wait for the next read.
 */
const OWN_MARKS = sql`writer = txid_current()`;

/**
 * After a custom-order change (doc 1 §4 "Drag reorder"), which writes only sort indexes: copies them
 * into the read model and clears the marks the triggers left. The caller refreshes the location
 * first in the same transaction, so no other change is waiting among its own marks.
 */
export async function syncCustomOrder(db: Database, locationId: number): Promise<void> {
  await db.execute(sql`UPDATE location_item_reads r SET sort_index = li.sort_index
    FROM location_items li
    WHERE r.location_id = ${locationId} AND li.location_id = ${locationId} AND li.item_distributor_id = r.item_distributor_id
      AND r.sort_index IS DISTINCT FROM li.sort_index`);
  await db.execute(sql`DELETE FROM location_item_read_dirty WHERE location_id = ${locationId} AND ${OWN_MARKS}`);
}

/**
 * After an order is placed, which changes only purchase statistics (doc 1 §9 Most Purchased, the
 * Purchased tag): copies them for the ordered offers, moves their distributors' purchased totals by
 * the offers that turned purchased and clears those offers' own marks, without recomputing savings
 * matches. The caller refreshes the location first in the same transaction (before recording the
 * purchases), holding its lock, so no other change is waiting among those marks.
 */
export async function syncPurchaseStatistics(
  db: Database,
  locationId: number,
  itemDistributorIds: readonly number[],
): Promise<void> {
  if (itemDistributorIds.length === 0) return;
  const ids = intArray(itemDistributorIds);
  // One statement: the rows as they were (every CTE reads the statement's snapshot), the update, and
  // each distributor's purchased count moved by the offers that turned purchased. Recounting the
  // distributors' rows instead read thousands of them on every order at chain scale (issue 38).
  await queryRowsPrepared(
    db,
    sql`WITH was AS (
      SELECT item_distributor_id, is_purchased FROM location_item_reads
      WHERE location_id = ${locationId} AND item_distributor_id = ANY(${ids})),
    updated AS (
      UPDATE location_item_reads r SET purchased_quantity = li.purchased_quantity, is_purchased = li.purchased_quantity > 0,
          last_purchased_date = li.last_purchased_date, last_purchased_qty = li.last_purchased_qty,
          last_purchased_price = li.last_purchased_price
        FROM location_items li
        WHERE r.location_id = ${locationId} AND li.location_id = ${locationId} AND li.item_distributor_id = r.item_distributor_id
          AND r.item_distributor_id = ANY(${ids})
        RETURNING r.item_distributor_id, r.distributor_id, r.is_purchased),
    turned AS (
      SELECT updated.distributor_id, sum(updated.is_purchased::int - was.is_purchased::int) AS purchased
      FROM updated JOIN was USING (item_distributor_id) GROUP BY updated.distributor_id)
    UPDATE location_item_read_counts c SET purchased = c.purchased + turned.purchased
    FROM turned
    WHERE c.location_id = ${locationId} AND c.distributor_id = turned.distributor_id AND turned.purchased <> 0`,
  );
  await queryRowsPrepared(
    db,
    sql`DELETE FROM location_item_read_dirty WHERE location_id = ${locationId} AND item_distributor_id = ANY(${ids}) AND ${OWN_MARKS}`,
  );
}

/**
 * SQL of a boolean: whether the location's read model must be refreshed before it is read (offers
 * marked by the triggers, or prices computed for another day than `today`). Two index probes.
 */
export function readModelStaleSql(locationId: SQL | number, today: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM location_item_read_dirty WHERE location_id = ${locationId})
    OR (SELECT priced_on FROM location_item_read_state WHERE location_id = ${locationId}) IS DISTINCT FROM ${today})`;
}

/**
 * The nightly job: refreshes every location whose rows were priced for another day than its
 * current date, or that has offers marked. Returns how many locations it refreshed.
 */
export async function refreshAllReadModels(db: Database): Promise<number> {
  const locations = await queryRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM locations l
        WHERE ${readModelStaleSql(sql`l.id`, sql`(now() AT TIME ZONE l.timezone)::date`)}
        ORDER BY l.id`,
  );
  for (const { id } of locations) await refreshLocationReadModel(db, id);
  return locations.length;
}

/** Rebuilds the read model of every location from scratch (seeds and loaders, after their bulk writes). */
export async function rebuildAllReadModels(db: Database): Promise<void> {
  const locations = await queryRows<{ id: number }>(db, sql`SELECT id FROM locations ORDER BY id`);
  for (const { id } of locations) await refreshLocationReadModel(db, id, { full: true });
}
