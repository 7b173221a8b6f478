import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { itemDistributors } from './catalog';

/**
 * A barcode a buyer linked to one of the location's offers (issue 40). Kept per location: one
 * restaurant's links never answer another's scans. `lookup_key` is the 12 digits a case GTIN-14
 * and the unit GTIN-12/13 inside it share (packages/domain barcodes/gtin.rules.ts), so either
 * scan finds the offer; one offer per key and location.
 */
export const itemBarcodes = pgTable(
  'item_barcodes',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    lookupKey: text('lookup_key').notNull(),
    /** The code as it was linked: 12, 13 or 14 digits. */
    gtin: text('gtin').notNull(),
    itemDistributorId: integer('item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('item_barcodes_location_key_idx').on(t.locationId, t.lookupKey),
    index('item_barcodes_location_offer_idx').on(t.locationId, t.itemDistributorId),
  ],
);
