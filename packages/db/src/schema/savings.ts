import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { itemDistributors } from './catalog';
import { orders } from './ordering';

/**
 * A buyer's decision on a suggested savings swap (doc 1 §3 "Savings match"): a swap replaced the
 * old item with the new one in the cart; a reject is remembered so the pair is not suggested again.
 * Accepted swaps that end up in a submitted order are the "match savings" analytics reports.
 */
export const itemSwaps = pgTable(
  'item_swaps',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    oldItemDistributorId: integer('old_item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    newItemDistributorId: integer('new_item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    type: text('type', { enum: ['swap', 'reject'] }).notNull(),
    reasonName: text('reason_name').notNull().default(''),
    /** Unit prices at decision time (1/10000 dollars), so the saving is what the buyer saw. */
    oldUnitPrice: numeric('old_unit_price', { precision: 14, scale: 4 }),
    newUnitPrice: numeric('new_unit_price', { precision: 14, scale: 4 }),
    /** Cents saved per case of the old item at decision time. */
    savingsPerCase: numeric('savings_per_case', { precision: 12, scale: 2 }).notNull().default('0'),
    quantity: integer('quantity').notNull().default(0),
    /** A swap's cart change, so 'Swap back' restores it: the old line's quantity and what the swap added to the new line. */
    originalQuantity: integer('original_quantity').notNull().default(0),
    swappedQuantity: integer('swapped_quantity').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open decision per pair; swaps that went out with an order stay as history beside it.
    uniqueIndex('item_swaps_location_open_pair_idx')
      .on(t.locationId, t.oldItemDistributorId, t.newItemDistributorId)
      .where(sql`${t.orderId} is null`),
    index('item_swaps_location_order_idx').on(t.locationId, t.orderId),
  ],
);

/** Mail kept when no SMTP_URL is set (ARCHITECTURE.md "mail"), and a log of what was sent when it is. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachments: text('attachments').array().notNull().default([]),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** The order a purchase order e-mail belongs to. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt), index('outbox_messages_order_idx').on(t.orderId)],
);
