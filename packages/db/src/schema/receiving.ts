import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { orders } from './ordering';

/**
 * An invoice photo or file of an order (doc 3 §3 "Invoice image"). The bytes live in the file store
 * under DATA_DIR (outside the web root); only the metadata is here, and the file is served only to
 * the order's location.
 */
export const orderInvoiceImages = pgTable(
  'order_invoice_images',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Null for a photo or PDF that arrived by e-mail (migration 0052): the mail names no order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Path inside the file store, e.g. invoices/12/345/7f3a….png. */
    storagePath: text('storage_path').notNull(),
    fileName: text('file_name').notNull(),
    /** Detected from the file's first bytes, never from its name. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Who e-mailed it (From, else MAIL FROM, lower-cased); null for an upload. */
    senderEmail: text('sender_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_invoice_images_order_idx').on(t.locationId, t.orderId, t.id)],
);

/** The receiving check survey of an order (doc 3 §3 "Receiving check"), one per order, last answer kept. */
export const orderReceivingChecks = pgTable(
  'order_receiving_checks',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    question1: smallint('question_1').notNull(),
    question2: smallint('question_2').notNull(),
    question3: smallint('question_3').notNull(),
    question4: smallint('question_4').notNull(),
    question5: smallint('question_5').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_receiving_checks_order_idx').on(t.locationId, t.orderId)],
);
