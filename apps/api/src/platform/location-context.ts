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
}

/** One row of LocationContextRow's columns for the location `locationId` (none when it does not exist). */
export function locationContextSql(locationId: SQL | number): SQL {
  return sql`SELECT l.id AS "locationId", l.timezone, to_char(t.today, 'YYYY-MM-DD') AS today,
               l.display_match AS "displayMatch", l.display_rebate AS "displayRebate",
               ${readModelStaleSql(sql`l.id`, sql`t.today`)} AS "readModelStale"
        FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) t
        WHERE l.id = ${locationId}`;
}
