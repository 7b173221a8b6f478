/**
 * The snapshot of a completed inventory (doc 2 §3 "Past inventory"): one row per counted item with
 * its list, group, price and counts as they stood. The API writes it when an inventory completes
 * and the demo seed writes its past inventories through it, so both keep one row shape.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** One item of an inventory snapshot; numerics as decimal text, as SQL gives them. */
export interface InventorySnapshotRow {
  groupItemId: number;
  listId: number;
  listName: string;
  listSort: number;
  groupId: number;
  groupName: string;
  groupSort: number;
  groupPurchased: string;
  itemSort: number;
  description: string;
  distributor: string;
  price: string;
  unitMeasure: string;
  packSize: string;
  customPackSize: string | null;
  packSizeUom: string;
  unitQuantity: string;
  unitSize: string;
  onHand: string;
  onHandPack: string;
  onHandUom: string;
  totalOnHand: string;
  totalOnHandAmount: string;
}

const SNAPSHOT_INSERT_BATCH = 500;

/** Writes the snapshot rows of one of the location's inventories, a few hundred rows a statement. */
export async function insertInventorySnapshot(
  db: Database,
  locationId: number,
  inventoryId: number,
  rows: readonly InventorySnapshotRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += SNAPSHOT_INSERT_BATCH) {
    const values = rows.slice(start, start + SNAPSHOT_INSERT_BATCH).map(
      (r) =>
        sql`(${locationId}, ${inventoryId}, ${r.groupItemId}, ${r.listId}, ${r.listName}, ${r.listSort}, ${r.groupId}, ${r.groupName},
               ${r.groupSort}, ${r.groupPurchased}::numeric, ${r.itemSort}, ${r.description}, ${r.distributor}, ${r.price}::numeric,
               ${r.unitMeasure}, ${r.packSize}, ${r.customPackSize}, ${r.packSizeUom}, ${r.unitQuantity}::numeric,
               ${r.unitSize}::numeric, ${r.onHand}::numeric, ${r.onHandPack}::numeric, ${r.onHandUom}::numeric,
               ${r.totalOnHand}::numeric, ${r.totalOnHandAmount}::numeric)`,
    );
    await db.execute(
      sql`INSERT INTO inventory_snapshot_items (location_id, inventory_id, group_item_id, list_id, list_name, list_sort, group_id,
            group_name, group_sort, group_purchased, item_sort, description, distributor, price, unit_measure, pack_size,
            custom_pack_size, pack_size_uom, unit_quantity, unit_size, on_hand, on_hand_pack, on_hand_uom, total_on_hand,
            total_on_hand_amount)
          VALUES ${sql.join(values, sql`, `)}`,
    );
  }
}
