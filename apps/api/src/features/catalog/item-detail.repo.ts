/** SQL of one item's page (GET /items/{id}): its source for the item projection and its order history. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { LocationContext } from './item-rows.repo';

/** The source of one item of the location, for GET /items/{id}. */
export function singleItemSource(ctx: LocationContext, itemDistributorId: number): SQL {
  return sql`SELECT li.item_distributor_id, 0 AS ord FROM location_items li
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ${itemDistributorId}`;
}

export interface ItemAnalyticsRow {
  orderCount: number;
  totalQuantity: number;
  totalSpent: string;
  firstOrderedDate: string | null;
  lastOrderedDate: string | null;
}

/** The location's orders of one item (cancelled ones left out), with dates in the location's time zone. */
export async function selectItemAnalytics(
  db: Database,
  ctx: LocationContext,
  itemDistributorId: number,
): Promise<ItemAnalyticsRow> {
  const [row] = await queryRows<ItemAnalyticsRow>(
    db,
    sql`SELECT count(DISTINCT o.id)::int AS "orderCount", coalesce(sum(oi.quantity), 0)::int AS "totalQuantity",
               coalesce(sum(oi.quantity * oi.price), 0)::numeric(14, 2)::text AS "totalSpent",
               min((o.created_at AT TIME ZONE ${ctx.timezone})::date)::text AS "firstOrderedDate",
               max((o.created_at AT TIME ZONE ${ctx.timezone})::date)::text AS "lastOrderedDate"
        FROM order_items oi
        JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
        WHERE oi.location_id = ${ctx.locationId} AND oi.item_distributor_id = ${itemDistributorId} AND o.status <> 'cancelled'`,
  );
  return row;
}
