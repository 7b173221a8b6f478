import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './accounts';
import { itemDistributors } from './catalog';

/**
 * Accounting tags of doc 3 §3 ("Supplier", "Category", "GL code"), each a location's own list. A
 * name is unique per location ignoring case (doc 3 §5: a case-insensitive duplicate is not created).
 * Payable terms live on location_distributors.payable_terms (the location's account with the distributor).
 */
export const accountingSuppliers = pgTable(
  'accounting_suppliers',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounting_suppliers_location_name_idx').on(t.locationId, sql`lower(${t.name})`)],
);

export const accountingCategories = pgTable(
  'accounting_categories',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounting_categories_location_name_idx').on(t.locationId, sql`lower(${t.name})`)],
);

export const accountingGlCodes = pgTable(
  'accounting_gl_codes',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounting_gl_codes_location_code_idx').on(t.locationId, sql`lower(${t.code})`)],
);

/** An item-distributor's accounting tags at a location (doc 3 §3 "Accounting item": accountingId and the three tags). */
export const merchantAccountings = pgTable(
  'merchant_accountings',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    supplierId: integer('supplier_id').references(() => accountingSuppliers.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => accountingCategories.id, { onDelete: 'set null' }),
    glCodeId: integer('gl_code_id').references(() => accountingGlCodes.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_accountings_location_item_idx').on(t.locationId, t.itemDistributorId),
    index('merchant_accountings_supplier_idx').on(t.supplierId),
    index('merchant_accountings_category_idx').on(t.categoryId),
    index('merchant_accountings_gl_code_idx').on(t.glCodeId),
  ],
);
