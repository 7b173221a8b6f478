import { sql, type SQL } from 'drizzle-orm';
import { readModelStaleSql } from '@stockpot/db';

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
   * The generation the location's kept list pages must carry to be served (migration 0059), or
   * null while a write has marked the location since (or before its first kept page).
   */
  listGeneration: string | null;
}

/** One row of LocationContextRow's columns for the location `locationId` (none when it does not exist). */
export function locationContextSql(locationId: SQL | number): SQL {
  return sql`SELECT l.id AS "locationId", l.timezone, to_char(t.today, 'YYYY-MM-DD') AS today,
               l.display_match AS "displayMatch", l.display_rebate AS "displayRebate",
               ${readModelStaleSql(sql`l.id`, sql`t.today`)} AS "readModelStale",
               CASE WHEN EXISTS (SELECT 1 FROM list_view_dirty m WHERE m.location_id = l.id) THEN NULL
                    ELSE (SELECT g.generation::text FROM list_view_generations g WHERE g.location_id = l.id) END AS "listGeneration"
        FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) t
        WHERE l.id = ${locationId}`;
}
