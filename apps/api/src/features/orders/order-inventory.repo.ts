import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { isoTimestamp } from '../../platform/sql';

export interface OrderInventoryRow {
  id: number;
  description: string;
  image_url: string;
  par_level: string;
  unit_id: number;
  on_hand: string;
  on_hand_amount: string;
  update_time: string;
  din: string;
  brand: string;
  distributor: string;
  unit_measure: string;
  pack_size: string;
  comparison_view: string;
}

/**
 * The inventory-list items linked to the catalogue offers of one order: an offer counted in two
 * lists gives two rows. Lines without a catalogue offer (special requests, lines added at receiving)
 * are on no list, so they are not here.
 */
export async function listOrderInventoryItems(db: Database, locationId: number, orderId: number): Promise<OrderInventoryRow[]> {
  return queryRows<OrderInventoryRow>(
    db,
    sql`SELECT gi.id, offer.description, offer.image_url, g.par_level::text AS par_level, g.unit_id, gi.total_on_hand::text AS on_hand,
               gi.total_on_hand_amount::text AS on_hand_amount, ${isoTimestamp(sql`gi.updated_at`)} AS update_time,
               offer.din, offer.brand, d.nickname AS distributor, offer.unit_measure,
               coalesce(nullif(gi.custom_pack_size, ''), offer.pack_size) AS pack_size, l.name AS comparison_view
        FROM inventory_group_items gi
        JOIN inventory_groups g ON g.id = gi.group_id AND g.location_id = ${locationId}
        JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = ${locationId}
        JOIN item_distributors offer ON offer.id = gi.item_distributor_id
        JOIN distributors d ON d.id = offer.distributor_id
        WHERE gi.location_id = ${locationId}
          AND gi.item_distributor_id IN (
            SELECT oi.item_distributor_id FROM order_items oi
            WHERE oi.location_id = ${locationId} AND oi.order_id = ${orderId} AND oi.item_distributor_id IS NOT NULL)
        ORDER BY l.sort, l.name, g.sort, offer.description, gi.id`,
  );
}
