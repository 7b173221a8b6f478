/**
 * The mark tables: every write inserts a row (migrations 0028, 0059, 0062) and every refresh deletes
 * the location's rows, so they are all churn. PGlite has no autovacuum, and a server's may be off or
 * late: left alone, their dead rows made a one-location EXISTS probe read 1,309 pages (stale
 * statistics chose a sequential scan) or thousands of dead index entries, 4–17 ms instead of 0.02.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export const MARK_TABLES = [
  'location_item_read_dirty',
  'analytics_dirty_days',
  'suggestion_dirty_days',
  'recipe_cost_dirty',
  'inventory_view_dirty',
  'kept_read_marks',
] as const;

/** Vacuums and analyzes the mark tables (the scheduled refresh, after it has taken their marks). Not in a transaction. */
export async function vacuumMarkTables(db: Database): Promise<void> {
  await db.execute(sql.raw(`VACUUM (ANALYZE) ${MARK_TABLES.join(', ')}`));
}
