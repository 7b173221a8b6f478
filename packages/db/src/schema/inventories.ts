import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { inventoryGroupItems } from './inventory';

/**
 * An inventory count (doc 2 §3 "Past inventory", §4 "Inventory lifecycle"): started on a date,
 * completed once counted. At most one is active per location (locations.active_inventory_id points
 * at it; the partial unique index holds it). total_on_hand_value is the snapshot's sum at completion.
 */
export const inventories = pgTable(
  'inventories',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'completed'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    completedDate: date('completed_date', { mode: 'string' }),
    totalOnHandValue: numeric('total_on_hand_value', { precision: 14, scale: 2 }).notNull().default('0'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventories_location_start_idx').on(t.locationId, t.startDate, t.id),
    uniqueIndex('inventories_one_active_idx')
      .on(t.locationId)
      .where(sql`${t.status} = 'active'`),
    check(
      'inventories_completed_check',
      sql`(${t.status} = 'active' AND ${t.completedDate} IS NULL) OR (${t.status} = 'completed' AND ${t.completedDate} IS NOT NULL)`,
    ),
  ],
);

/**
 * One item of a completed inventory, copied at completion (a snapshot: later price or count
 * changes do not alter it). Storage group (list) and comparison group names and orders are copied
 * too, so renaming or deleting them later leaves the past inventory as it was.
 */
export const inventorySnapshotItems = pgTable(
  'inventory_snapshot_items',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    /** The group item counted; kept as a plain id, the item may be deleted later. */
    groupItemId: integer('group_item_id').notNull(),
    listId: integer('list_id').notNull(),
    listName: text('list_name').notNull(),
    listSort: integer('list_sort').notNull(),
    groupId: integer('group_id').notNull(),
    groupName: text('group_name').notNull(),
    groupSort: integer('group_sort').notNull(),
    groupPurchased: numeric('group_purchased', { precision: 14, scale: 2 }).notNull().default('0'),
    itemSort: integer('item_sort').notNull(),
    description: text('description').notNull(),
    distributor: text('distributor').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    unitMeasure: text('unit_measure').notNull(),
    packSize: text('pack_size').notNull(),
    customPackSize: text('custom_pack_size'),
    packSizeUom: text('pack_size_uom').notNull(),
    unitQuantity: numeric('unit_quantity', { precision: 12, scale: 4 }).notNull(),
    unitSize: numeric('unit_size', { precision: 12, scale: 4 }).notNull(),
    onHand: numeric('on_hand', { precision: 12, scale: 2 }).notNull(),
    onHandPack: numeric('on_hand_pack', { precision: 12, scale: 2 }).notNull(),
    onHandUom: numeric('on_hand_uom', { precision: 12, scale: 2 }).notNull(),
    totalOnHand: numeric('total_on_hand', { precision: 14, scale: 4 }).notNull(),
    totalOnHandAmount: numeric('total_on_hand_amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('inventory_snapshot_items_inventory_idx').on(t.locationId, t.inventoryId, t.listSort, t.groupSort, t.itemSort)],
);

/**
 * Counts of an item that were replaced or lost a conflict (issue 16: "the later count wins and
 * the earlier is kept in the item's history"), and counts made against an active inventory.
 */
export const inventoryCountHistory = pgTable(
  'inventory_count_history',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    groupItemId: integer('group_item_id')
      .notNull()
      .references(() => inventoryGroupItems.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    onHand: numeric('on_hand', { precision: 12, scale: 2 }).notNull(),
    onHandPack: numeric('on_hand_pack', { precision: 12, scale: 2 }).notNull(),
    onHandUom: numeric('on_hand_uom', { precision: 12, scale: 2 }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    /** 'replaced': an earlier count a later one overwrote; 'superseded': a late-arriving older count. */
    reason: text('reason', { enum: ['replaced', 'superseded'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    batchId: text('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_count_history_item_idx').on(t.locationId, t.groupItemId, t.countedAt)],
);

/** Offline batches already applied (PATCH /comparison-views/update-item-batch is idempotent on retry). */
export const inventorySyncBatches = pgTable(
  'inventory_sync_batches',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inventory_sync_batches_location_batch_idx').on(t.locationId, t.batchId)],
);
