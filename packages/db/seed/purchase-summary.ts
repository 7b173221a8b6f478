import { sql } from 'drizzle-orm';
import type { Database } from '../src/client';

/**
 * Recomputes the purchase summary of the given locations' items from their orders, in one
 * statement: quantity bought on orders that were not cancelled, and the date (in the order's time
 * zone), quantity and price of the latest purchase. Items never bought go back to 0 and nulls.
 */
export async function refreshPurchaseSummary(db: Database, locationIds: number[]): Promise<void> {
  if (locationIds.length === 0) return;
  const ids = `{${locationIds.map((id) => Math.trunc(id)).join(',')}}`;
  await db.execute(sql`
    WITH bought AS (
      SELECT o.location_id, oi.item_distributor_id,
             sum(oi.quantity)::int AS quantity,
             (array_agg((o.created_at AT TIME ZONE o.timezone)::date ORDER BY o.created_at DESC, o.id DESC, oi.id DESC))[1] AS last_date,
             (array_agg(oi.quantity ORDER BY o.created_at DESC, o.id DESC, oi.id DESC))[1] AS last_qty,
             (array_agg(oi.price ORDER BY o.created_at DESC, o.id DESC, oi.id DESC))[1] AS last_price
      FROM orders o
      JOIN order_items oi ON oi.order_id = o.id
      WHERE o.location_id = ANY(${ids}::int[]) AND o.status <> 'cancelled' AND oi.item_distributor_id IS NOT NULL
      GROUP BY o.location_id, oi.item_distributor_id
    )
    UPDATE location_items li SET
      purchased_quantity = coalesce(b.quantity, 0),
      last_purchased_date = b.last_date,
      last_purchased_qty = b.last_qty,
      last_purchased_price = b.last_price
    FROM location_items cur
    LEFT JOIN bought b ON b.location_id = cur.location_id AND b.item_distributor_id = cur.item_distributor_id
    WHERE cur.location_id = ANY(${ids}::int[])
      AND li.location_id = cur.location_id AND li.item_distributor_id = cur.item_distributor_id`);
}
