/**
 * The pattern both history aggregates share (analytics days, issue 13; suggestion days, issue 37):
 * triggers on the history mark the (location, day) pairs whose sums changed in a `*_dirty_days`
 * table; a read that finds its location marked rewrites just those days first. The marks are taken
 * and the days rewritten in one transaction under a per-location advisory lock, so two readers never
 * rewrite the same days twice and a write committed meanwhile leaves its own mark for the next read:
 * the marks are unkeyed (migration 0062), so a write whose day was already marked still adds a row
 * that a rewrite's DELETE cannot take before the write commits.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from './client';

export interface MarkedDaysTable {
  /** The table the triggers mark days in: `(location_id, day, …)`. */
  name: 'analytics_dirty_days' | 'suggestion_dirty_days';
  /** The first key of the advisory lock that serialises one location's rewrites. */
  lockNamespace: number;
}

/** Whether the location has days waiting to be rewritten (one index probe). */
export function markedDaysExistSql(table: MarkedDaysTable, locationId: SQL | number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${sql.raw(table.name)} WHERE location_id = ${locationId})`;
}

/**
 * Takes the location's marks (the columns `returning` names) and hands them to `rewrite`, in one
 * transaction under the location's lock. Returns how many distinct marks there were (0: the aggregate was current).
 */
export async function rewriteMarkedDays<Mark extends Record<string, unknown>>(
  db: Database,
  table: MarkedDaysTable,
  locationId: number,
  returning: SQL,
  rewrite: (tx: Database, marks: Mark[]) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${table.lockNamespace}, ${locationId})`);
    // The pool's connections force generic plans (client.ts), and PostgreSQL applies that to
    // unnamed statements too: planned without the location and its days, the analytics rewrite took
    // 2.8 s for one location's year instead of 72 ms. Custom plans for this transaction only.
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
    const taken = await queryRows<Mark>(
      tx,
      sql`DELETE FROM ${sql.raw(table.name)} WHERE location_id = ${locationId} RETURNING ${returning}`,
    );
    // Every write leaves its own mark (migration 0062), so a day written twice is marked twice.
    const marks = [...new Map(taken.map((mark) => [JSON.stringify(mark), mark])).values()];
    if (marks.length > 0) await rewrite(tx, marks);
    return marks.length;
  });
}

/** The locations with marked days (seeds and loaders top them all up after their bulk writes). */
export async function listMarkedLocations(db: Database, table: MarkedDaysTable): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT DISTINCT location_id AS id FROM ${sql.raw(table.name)} ORDER BY 1`);
  return rows.map((row) => row.id);
}

/** Refreshes every location with marked days, one after another; returns how many there were. */
export async function refreshEveryMarkedLocation(
  db: Database,
  table: MarkedDaysTable,
  refresh: (db: Database, locationId: number) => Promise<unknown>,
): Promise<number> {
  const locations = await listMarkedLocations(db, table);
  for (const id of locations) await refresh(db, id);
  return locations.length;
}
