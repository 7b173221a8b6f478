import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { CASE_UNIT, findUnitById, parseCents, type OrderInventoryItem } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import { listOrderInventoryItems } from './order-inventory.repo';

/** GET /orders/{id}/inventory-items (doc 3 §3 "Order inventory item"): 404 for another location's order. */
export async function getOrderInventoryItems(db: Database, locationId: number, orderId: number): Promise<OrderInventoryItem[]> {
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
  if (!order) throw notFound('Order');
  const rows = await listOrderInventoryItems(db, locationId, orderId);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    imageUrl: row.image_url,
    // Counts and par levels are quantities with decimals, not money. The par level is in the group's
    // 'Show Items in' unit; on hand is the item's cases, packs and units combined into cases.
    parLevel: Number(row.par_level),
    parLevelUnit: findUnitById(row.unit_id)?.name ?? CASE_UNIT.name,
    onHand: Number(row.on_hand),
    onHandAmount: parseCents(row.on_hand_amount),
    updateTime: row.update_time,
    din: row.din,
    brand: row.brand,
    distributor: row.distributor,
    unitMeasure: row.unit_measure,
    packSize: row.pack_size,
    comparisonView: row.comparison_view,
  }));
}
