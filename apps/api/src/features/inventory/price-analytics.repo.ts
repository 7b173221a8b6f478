import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import { PRICE_ANALYTICS_TICK_DAYS } from '@stockpot/domain';
import { intArray } from '../catalog/catalog.repo';

export interface GroupPriceRow {
  groupId: number;
  startDate: string;
  /** Dollars, exact (numeric division in PostgreSQL), rounded to cents. */
  price: string;
}

/**
 * The average price paid per case for each group's linked items (or for one of them), per window starting at one of
 * `starts` (the location's calendar, its time zone), weighted by quantity; windows without orders
 * have no row. Cancelled orders are left out.
 */
export async function selectGroupPriceHistory(
  db: Database,
  locationId: number,
  timezone: string,
  groupIds: readonly number[],
  starts: readonly string[],
  /** Only this group item (an item's own chart). */
  groupItemId?: number,
): Promise<GroupPriceRow[]> {
  if (groupIds.length === 0 || starts.length === 0) return [];
  return queryRowsPrepared<GroupPriceRow>(
    db,
    sql`WITH w AS (SELECT s.start_date FROM unnest(${`{${starts.join(',')}}`}::date[]) AS s(start_date)),
        lines AS (
          SELECT gi.group_id, oi.quantity, oi.price, (o.created_at AT TIME ZONE ${timezone})::date AS day
          FROM inventory_group_items gi
          JOIN order_items oi ON oi.location_id = gi.location_id AND oi.item_distributor_id = gi.item_distributor_id
          JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
          WHERE gi.location_id = ${locationId} AND gi.group_id = ANY(${intArray(groupIds)}) AND gi.kind = 'item'
            AND (${groupItemId ?? null}::int IS NULL OR gi.id = ${groupItemId ?? null}::int)
            AND o.status <> 'cancelled' AND oi.quantity > 0
            AND o.created_at >= (${starts[0]}::date - 1)::timestamp AT TIME ZONE ${timezone})
        SELECT l.group_id AS "groupId", w.start_date::text AS "startDate",
               round(sum(l.quantity * l.price) / sum(l.quantity), 2)::text AS price
        FROM lines l JOIN w ON l.day >= w.start_date AND l.day < w.start_date + ${PRICE_ANALYTICS_TICK_DAYS}::int
        GROUP BY l.group_id, w.start_date`,
  );
}
