import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { PastOrderOption } from '@stockpot/domain';

/** How many past orders the filters modal offers. */
export const PAST_ORDER_OPTIONS = 50;

/** The location's latest orders, newest first, dated in the location's time zone (MM/DD/YYYY). */
export async function selectPastOrderOptions(db: Database, locationId: number): Promise<PastOrderOption[]> {
  return queryRows<PastOrderOption>(
    db,
    sql`SELECT o.id, to_char(o.created_at AT TIME ZONE l.timezone, 'MM/DD/YYYY') AS "createTimeDisplay", dist.nickname AS distributor
        FROM orders o
        JOIN locations l ON l.id = o.location_id
        JOIN distributors dist ON dist.id = o.distributor_id
        WHERE o.location_id = ${locationId}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${PAST_ORDER_OPTIONS}`,
  );
}
