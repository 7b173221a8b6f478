import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { itemDistributors } from './catalog';

/** An inventory list, the API's comparison view ("Kitchen", "Bar"), doc 2 §3 "Inventory list". */
export const inventoryLists = pgTable(
  'inventory_lists',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    onInventory: boolean('on_inventory').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inventory_lists_location_name_idx').on(t.locationId, sql`lower(${t.name})`)],
);

/**
 * A generic group of a list (doc 2 §3 "Generic group"): interchangeable items counted together.
 * `sort` is the custom order (0 first); `unit_id` the 'Show Items in' unit (units.rules ids, 1 = case).
 */
export const inventoryGroups = pgTable(
  'inventory_groups',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    inventoryListId: integer('inventory_list_id')
      .notNull()
      .references(() => inventoryLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    parLevel: numeric('par_level', { precision: 12, scale: 2 }).notNull().default('0'),
    unitId: integer('unit_id').notNull().default(1),
    expand: boolean('expand').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_groups_list_name_idx').on(t.inventoryListId, sql`lower(${t.name})`),
    index('inventory_groups_location_list_sort_idx').on(t.locationId, t.inventoryListId, t.sort),
    // The chain's stock page finds a page's names across locations (issue 39, 0054).
    index('inventory_groups_name_key_idx').on(sql`lower(btrim(${t.name}))`, t.locationId),
    check('inventory_groups_par_level_check', sql`${t.parLevel} >= 0`),
  ],
);

/**
 * An item of a group (doc 2 §3 "Group item"): a link to one of the location's catalogue offers
 * (kind 'item'), a custom item bought outside the catalogue (kind 'custom', its fields here), or a
 * sub-recipe (kind 'subrecipe', the recipe-costing area's seam). On-hand counts live on the row.
 */
export const inventoryGroupItems = pgTable(
  'inventory_group_items',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => inventoryGroups.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['item', 'custom', 'subrecipe'] }).notNull(),
    itemDistributorId: integer('item_distributor_id').references(() => itemDistributors.id),
    subRecipeId: integer('sub_recipe_id'),
    // Custom item fields (doc 2 §3 "Custom item form").
    description: text('description'),
    distributorName: text('distributor_name'),
    unitMeasure: text('unit_measure'),
    price: numeric('price', { precision: 12, scale: 2 }),
    din: text('din'),
    brand: text('brand'),
    /** The buyer's own pack size ('outer/inner UOM'), over the catalogue's; a custom item's pack. */
    customPackSize: text('custom_pack_size'),
    isPreferred: boolean('is_preferred').notNull().default(false),
    autoAdded: boolean('auto_added').notNull().default(false),
    onHand: numeric('on_hand', { precision: 12, scale: 2 }).notNull().default('0'),
    onHandPack: numeric('on_hand_pack', { precision: 12, scale: 2 }).notNull().default('0'),
    onHandUom: numeric('on_hand_uom', { precision: 12, scale: 2 }).notNull().default('0'),
    totalOnHand: numeric('total_on_hand', { precision: 14, scale: 4 }).notNull().default('0'),
    totalOnHandAmount: numeric('total_on_hand_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_group_items_group_item_idx')
      .on(t.groupId, t.itemDistributorId)
      .where(sql`${t.itemDistributorId} IS NOT NULL`),
    index('inventory_group_items_location_group_idx').on(t.locationId, t.groupId),
    index('inventory_group_items_location_item_idx').on(t.locationId, t.itemDistributorId),
    check(
      'inventory_group_items_kind_check',
      sql`(${t.kind} = 'item' AND ${t.itemDistributorId} IS NOT NULL) OR (${t.kind} = 'custom' AND ${t.description} IS NOT NULL) OR (${t.kind} = 'subrecipe' AND ${t.subRecipeId} IS NOT NULL)`,
    ),
  ],
);
