/**
 * SQL of the inventory lifecycle. Every statement names the location, so another location's
 * inventory, item or batch is never read or written.
 */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database, type InventorySnapshotRow as SnapshotRow } from '@stockpot/db';

export interface InventoryRow {
  id: number;
  status: 'active' | 'completed';
  startDate: string;
  completedDate: string | null;
  totalOnHandValue: string;
}

const inventoryColumns = sql`i.id, i.status, i.start_date::text AS "startDate", i.completed_date::text AS "completedDate",
  i.total_on_hand_value::text AS "totalOnHandValue"`;

export async function findLocationFlags(
  db: Database,
  locationId: number,
  lock = false,
): Promise<{ displayInventory: boolean; activeInventoryId: number | null } | undefined> {
  const [row] = await queryRowsPrepared<{ displayInventory: boolean; activeInventoryId: number | null }>(
    db,
    sql`SELECT display_inventory AS "displayInventory", active_inventory_id AS "activeInventoryId"
        FROM locations WHERE id = ${locationId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function findUserTitle(db: Database, userId: number): Promise<string> {
  const [row] = await queryRowsPrepared<{ title: string }>(db, sql`SELECT title FROM users WHERE id = ${userId}`);
  return row?.title ?? '';
}

export async function setActiveInventory(db: Database, locationId: number, inventoryId: number | null): Promise<void> {
  await db.execute(sql`UPDATE locations SET active_inventory_id = ${inventoryId} WHERE id = ${locationId}`);
}

export async function countInventories(db: Database, locationId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM inventories WHERE location_id = ${locationId}`,
  );
  return row.count;
}

/** Newest first: start date, then id. */
export function selectInventories(
  db: Database,
  locationId: number,
  page: { limit: number; offset: number },
): Promise<InventoryRow[]> {
  return queryRowsPrepared<InventoryRow>(
    db,
    sql`SELECT ${inventoryColumns} FROM inventories i WHERE i.location_id = ${locationId}
        ORDER BY i.start_date DESC, i.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function findInventory(
  db: Database,
  locationId: number,
  inventoryId: number,
  lock = false,
): Promise<InventoryRow | undefined> {
  const [row] = await queryRowsPrepared<InventoryRow>(
    db,
    sql`SELECT ${inventoryColumns} FROM inventories i WHERE i.location_id = ${locationId} AND i.id = ${inventoryId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function insertInventory(db: Database, locationId: number, userId: number, startDate: string): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventories (location_id, status, start_date, started_by)
        VALUES (${locationId}, 'active', ${startDate}::date, ${userId}) RETURNING id`,
  );
  return row.id;
}

export async function markCompleted(
  db: Database,
  locationId: number,
  inventoryId: number,
  userId: number,
  completedDate: string,
  totalDollars: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE inventories SET status = 'completed', completed_date = ${completedDate}::date, completed_by = ${userId},
               total_on_hand_value = ${totalDollars}::numeric, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${inventoryId}`,
  );
}

export async function markReopened(db: Database, locationId: number, inventoryId: number): Promise<void> {
  await db.execute(
    sql`UPDATE inventories SET status = 'active', completed_date = NULL, completed_by = NULL, total_on_hand_value = 0,
               updated_at = now()
        WHERE location_id = ${locationId} AND id = ${inventoryId}`,
  );
  await db.execute(sql`DELETE FROM inventory_snapshot_items WHERE location_id = ${locationId} AND inventory_id = ${inventoryId}`);
}

/** Starting and completing clear every on-hand value of the location (doc 2 §4). */
export async function zeroOnHand(db: Database, locationId: number): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items
        SET on_hand = 0, on_hand_pack = 0, on_hand_uom = 0, total_on_hand = 0, total_on_hand_amount = 0, updated_at = now()
        WHERE location_id = ${locationId}
          AND (on_hand <> 0 OR on_hand_pack <> 0 OR on_hand_uom <> 0 OR total_on_hand <> 0 OR total_on_hand_amount <> 0)`,
  );
}

/** Reopening puts the inventory's counts back on the items that still exist. */
export async function restoreCounts(db: Database, locationId: number, inventoryId: number): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items gi
        SET on_hand = s.on_hand, on_hand_pack = s.on_hand_pack, on_hand_uom = s.on_hand_uom,
            total_on_hand = s.total_on_hand, total_on_hand_amount = s.total_on_hand_amount, updated_at = now()
        FROM inventory_snapshot_items s
        WHERE s.location_id = ${locationId} AND s.inventory_id = ${inventoryId}
          AND gi.location_id = ${locationId} AND gi.id = s.group_item_id`,
  );
}

/** The snapshot row and its writer are @stockpot/db's: the demo seed writes past inventories through them too. */
export { insertInventorySnapshot as insertSnapshot, type InventorySnapshotRow as SnapshotRow } from '@stockpot/db';

export function selectSnapshot(db: Database, locationId: number, inventoryId: number): Promise<SnapshotRow[]> {
  return queryRowsPrepared<SnapshotRow>(
    db,
    sql`SELECT group_item_id AS "groupItemId", list_id AS "listId", list_name AS "listName", list_sort AS "listSort",
               group_id AS "groupId", group_name AS "groupName", group_sort AS "groupSort",
               group_purchased::text AS "groupPurchased", item_sort AS "itemSort", description, distributor,
               price::text AS price, unit_measure AS "unitMeasure", pack_size AS "packSize",
               custom_pack_size AS "customPackSize", pack_size_uom AS "packSizeUom", unit_quantity::text AS "unitQuantity",
               unit_size::text AS "unitSize", on_hand::text AS "onHand", on_hand_pack::text AS "onHandPack",
               on_hand_uom::text AS "onHandUom", total_on_hand::text AS "totalOnHand",
               total_on_hand_amount::text AS "totalOnHandAmount"
        FROM inventory_snapshot_items
        WHERE location_id = ${locationId} AND inventory_id = ${inventoryId}
        ORDER BY list_sort, list_id, group_sort, group_id, item_sort, id`,
  );
}

export interface CountedGroupItem {
  id: number;
  kind: 'item' | 'custom' | 'subrecipe';
  itemDistributorId: number | null;
  groupId: number;
  listId: number;
  onHand: string;
  onHandPack: string;
  onHandUom: string;
  updatedAt: string;
}

/** A group item of the location with its group and list; `groupId` narrows to that group when given. */
export async function findCountedItem(
  db: Database,
  locationId: number,
  itemId: number,
  groupId?: number,
  lock = false,
): Promise<CountedGroupItem | undefined> {
  const [row] = await queryRowsPrepared<CountedGroupItem>(
    db,
    sql`SELECT gi.id, gi.kind, gi.item_distributor_id AS "itemDistributorId", gi.group_id AS "groupId", g.inventory_list_id AS "listId", gi.on_hand::text AS "onHand",
               gi.on_hand_pack::text AS "onHandPack", gi.on_hand_uom::text AS "onHandUom",
               to_char(gi.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "updatedAt"
        FROM inventory_group_items gi
        JOIN inventory_groups g ON g.id = gi.group_id AND g.location_id = ${locationId}
        WHERE gi.location_id = ${locationId} AND gi.id = ${itemId}
          ${groupId === undefined ? sql`` : sql`AND gi.group_id = ${groupId}`}
        ${lock ? sql`FOR UPDATE OF gi` : sql``}`,
  );
  return row;
}

/**
 * Locks a batch's items in id order before any is read: two devices syncing the same items in
 * different orders otherwise lock them crosswise, and PostgreSQL ends one sync with a deadlock.
 */
export async function lockCountedItems(db: Database, locationId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const ids = sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`SELECT id FROM inventory_group_items WHERE location_id = ${locationId} AND id IN (${ids})
        ORDER BY id FOR UPDATE`,
  );
}

export async function setCountedAt(db: Database, locationId: number, itemId: number, countedAt: string): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items SET updated_at = ${countedAt}::timestamptz WHERE location_id = ${locationId} AND id = ${itemId}`,
  );
}

export async function insertHistory(
  db: Database,
  entry: {
    locationId: number;
    groupItemId: number;
    inventoryId: number | null;
    onHand: string;
    onHandPack: string;
    onHandUom: string;
    countedAt: string;
    reason: 'replaced' | 'superseded';
    userId: number;
    batchId: string | null;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO inventory_count_history (location_id, group_item_id, inventory_id, on_hand, on_hand_pack, on_hand_uom,
                                             counted_at, reason, user_id, batch_id)
        VALUES (${entry.locationId}, ${entry.groupItemId}, ${entry.inventoryId}, ${entry.onHand}::numeric,
                ${entry.onHandPack}::numeric, ${entry.onHandUom}::numeric, ${entry.countedAt}::timestamptz, ${entry.reason},
                ${entry.userId}, ${entry.batchId})`,
  );
}

/** Claims a batch id; false when the batch was applied before. */
export async function claimBatch(db: Database, locationId: number, userId: number, batchId: string): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_sync_batches (location_id, batch_id, user_id, result)
        VALUES (${locationId}, ${batchId}, ${userId}, '{}'::jsonb)
        ON CONFLICT (location_id, batch_id) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export async function saveBatchResult(db: Database, locationId: number, batchId: string, result: object): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_sync_batches SET result = ${JSON.stringify(result)}::jsonb
        WHERE location_id = ${locationId} AND batch_id = ${batchId}`,
  );
}

export async function findBatchResult(db: Database, locationId: number, batchId: string): Promise<unknown> {
  const [row] = await queryRowsPrepared<{ result: unknown }>(
    db,
    sql`SELECT result FROM inventory_sync_batches WHERE location_id = ${locationId} AND batch_id = ${batchId}`,
  );
  return row?.result;
}

export async function clearOnInventory(db: Database, locationId: number, listId: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`UPDATE inventory_lists SET on_inventory = false WHERE location_id = ${locationId} AND id = ${listId} RETURNING id`,
  );
  return rows.length > 0;
}
