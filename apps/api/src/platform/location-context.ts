import { sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, readModelStaleSql, refreshLocationReadModel, type Database } from '@stockpot/db';
import { notFound } from './errors';

/** What every item query of a location needs to know about it. */
export interface LocationContext {
  locationId: number;
  timezone: string;
  /** The location's calendar date, YYYY-MM-DD: the effective-price rule compares end dates with it. */
  today: string;
  displayMatch: boolean;
  displayRebate: boolean;
}

/**
 * What every item read of a location needs to know about it (its time zone, today there, its
 * display flags) and whether its item read model must be refreshed first. Read on its own by the
 * catalogue (findLocationContext), or with the session by requireAuth for the routes that ask for
 * it (`config: { locationContext: true }`): the list and its search then pay one round trip less.
 */
export interface LocationContextRow {
  locationId: number;
  timezone: string;
  /** The location's calendar date, YYYY-MM-DD. */
  today: string;
  displayMatch: boolean;
  displayRebate: boolean;
  readModelStale: boolean;
  /**
   * The generation the location's kept reads must carry to be served (kept-reads.ts, migration
   * 0059), or null while a write has marked the location since (or before its first kept read).
   */
  keptGeneration: string | null;
}

/** One row of LocationContextRow's columns for the location `locationId` (none when it does not exist). */
export function locationContextSql(locationId: SQL | number): SQL {
  return sql`SELECT l.id AS "locationId", l.timezone, to_char(t.today, 'YYYY-MM-DD') AS today,
               l.display_match AS "displayMatch", l.display_rebate AS "displayRebate",
               ${readModelStaleSql(sql`l.id`, sql`t.today`)} AS "readModelStale",
               CASE WHEN EXISTS (SELECT 1 FROM kept_read_marks m WHERE m.location_id = l.id) THEN NULL
                    ELSE (SELECT g.generation::text FROM kept_read_generations g WHERE g.location_id = l.id) END AS "keptGeneration"
        FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) t
        WHERE l.id = ${locationId}`;
}

/** The location's context, and whether its read model must be refreshed before it is read. */
export async function findLocationContext(db: Database, locationId: number): Promise<LocationContextRow | undefined> {
  const [row] = await queryRowsPrepared<LocationContextRow>(db, locationContextSql(locationId));
  return row;
}

/**
 * The active location's context (time zone, today, display flags) for every item query. Brings the
 * location's read model up to date first when offers were changed without refreshing it, or its
 * prices were computed for another day (the read-time check behind the nightly refresh).
 */
export async function getLocationContext(
  db: Database,
  locationId: number,
  /** The same row, already read with the session (requireAuth's `locationContext`). */
  prefetched?: LocationContextRow | null,
): Promise<LocationContext> {
  const found = prefetched?.locationId === locationId ? prefetched : await findLocationContext(db, locationId);
  if (!found) throw notFound('Location');
  const ctx = toLocationContext(found);
  if (found.readModelStale) await refreshLocationReadModel(db, locationId, { today: ctx.today });
  return ctx;
}

/** The context row without its freshness columns (what the item queries take). */
export function toLocationContext(row: LocationContextRow): LocationContext {
  const { readModelStale: _stale, keptGeneration: _generation, ...ctx } = row;
  return ctx;
}
