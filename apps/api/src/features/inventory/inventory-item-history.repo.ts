/** SQL of a group's catalogue item's history: its counts in past inventories. Every statement names the location, so a list, group or item of another location is never read or
 * written. */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

/** A catalogue item of a group, by its item-distributor id (the id of `…/item/{itemId}` paths). */
export async function findGroupOffer(
  db: Database,
  locationId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<{ id: number; itemDistributorId: number } | undefined> {
  const [row] = await queryRowsPrepared<{ id: number; itemDistributorId: number }>(
    db,
    sql`SELECT id, item_distributor_id AS "itemDistributorId" FROM inventory_group_items
        WHERE location_id = ${locationId} AND group_id = ${groupId} AND kind = 'item' AND item_distributor_id = ${itemDistributorId}`,
  );
  return row;
}

export interface HistoricRow {
  startDate: string;
  onHand: string;
  ordered: string;
}

/**
 * An item's count in each completed inventory that holds it, newest first, at most `limit`, with
 * the cases of that offer ordered (not cancelled) from the inventory's start day up to the next
 * one's (the latest: up to today), days read in the location's time zone.
 */
export function selectHistoricInventory(
  db: Database,
  locationId: number,
  timezone: string,
  item: { id: number; itemDistributorId: number },
  limit: number,
): Promise<HistoricRow[]> {
  return queryRowsPrepared<HistoricRow>(
    db,
    sql`WITH counts AS (
          SELECT i.id, i.start_date, s.total_on_hand,
                 lead(i.start_date) OVER (ORDER BY i.start_date, i.id) AS next_start
          FROM inventories i
          JOIN inventory_snapshot_items s ON s.location_id = i.location_id AND s.inventory_id = i.id AND s.group_item_id = ${item.id}
          WHERE i.location_id = ${locationId} AND i.status = 'completed'
        )
        SELECT c.start_date::text AS "startDate", c.total_on_hand::text AS "onHand",
               coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
                         WHERE oi.location_id = ${locationId} AND oi.item_distributor_id = ${item.itemDistributorId}
                           AND o.status <> 'cancelled'
                           AND o.created_at >= c.start_date::timestamp AT TIME ZONE ${timezone}
                           AND (c.next_start IS NULL OR o.created_at < c.next_start::timestamp AT TIME ZONE ${timezone})), 0)::text AS ordered
        FROM counts c
        ORDER BY c.start_date DESC, c.id DESC
        LIMIT ${limit}`,
  );
}
