import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { itemDistributors } from './catalog';

/** A named list of items a location buys together ("Weekly produce", "Bar"), doc 1 §3 "Shopping list". */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shopping_lists_location_name_idx').on(t.locationId, sql`lower(${t.name})`)],
);

/** An item-distributor on a list, in the list's own order. Deleting a list never touches the catalogue. */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    id: serial('id').primaryKey(),
    shoppingListId: integer('shopping_list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    sortIndex: integer('sort_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopping_list_items_list_item_idx').on(t.shoppingListId, t.itemDistributorId),
    index('shopping_list_items_list_sort_idx').on(t.shoppingListId, t.sortIndex),
    index('shopping_list_items_location_item_idx').on(t.locationId, t.itemDistributorId),
  ],
);
