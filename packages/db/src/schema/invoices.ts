import {
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { distributors } from './catalog';
import { orderItems, orders } from './ordering';
import { orderInvoiceImages } from './receiving';

/**
 * A distributor's invoice imported against one of the location's orders (issue 36): from an X12
 * 810, a CSV or an xlsx file. Keyed by location, distributor and invoice number, so the same
 * invoice imported twice changes nothing the second time.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    poNumber: text('po_number'),
    poDate: date('po_date'),
    /** The 810's ITD terms as read (typeCode, discountPercent, discountDays, netDays, description). */
    terms: jsonb('terms'),
    /** x12-810, csv or xlsx. */
    format: text('format').notNull(),
    /** po-number or distributor-date: how the order was found. */
    matchedBy: text('matched_by').notNull(),
    /** The invoice's own total (TDS), checked equal to the sum of its lines. */
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    fileName: text('file_name').notNull().default(''),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    /** The From address of the e-mail the invoice came in (issue 36, second slice); null for an upload. */
    senderEmail: text('sender_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_location_distributor_number_idx').on(t.locationId, t.distributorId, t.invoiceNumber),
    index('invoices_location_order_idx').on(t.locationId, t.orderId),
  ],
);

/** One billed line of an imported invoice, and the order line it matched (null: listed as unmatched). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemNumber: text('item_number'),
    upc: text('upc'),
    description: text('description').notNull().default(''),
    /** Cases, or pounds on a catch-weight line (X12 unit code 31). */
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCode: text('unit_code').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    /** quantity × unit price, rounded to the cent. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** item-number or upc; null when unmatched. */
    matchedBy: text('matched_by'),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNumber] })],
);

/**
 * What OCR read on one invoice photo or PDF of an order (issue 36, migration 0047): suggestions the
 * receiver confirms, never applied by themselves. `suggestion` holds the parsed invoice (cents).
 */
export const invoiceOcrReadings = pgTable(
  'invoice_ocr_readings',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Null for a photo or PDF that arrived by e-mail (migration 0052). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    invoiceImageId: integer('invoice_image_id')
      .notNull()
      .references(() => orderInvoiceImages.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    progress: smallint('progress').notNull().default(0),
    suggestion: jsonb('suggestion'),
    error: text('error'),
    /** The electronic invoice this photo is a copy of (migration 0049, one invoice not two); null while it waits. */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** invoice-number, or total-date when OCR read no number. */
    copyMatchedBy: text('copy_matched_by', { enum: ['invoice-number', 'total-date'] }),
    /** Dismissed from the waiting list: not an invoice we expect an electronic copy for (migration 0052). */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_ocr_readings_image_idx').on(t.invoiceImageId),
    index('invoice_ocr_readings_order_idx').on(t.locationId, t.orderId, t.id),
    index('invoice_ocr_readings_invoice_idx').on(t.locationId, t.invoiceId),
  ],
);

/** Raw file bytes (PostgreSQL bytea), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Several hundred invoices imported at once (issue 36, migration 0049): one batch, each file its own job. */
export const invoiceImportBatches = pgTable(
  'invoice_import_batches',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The distributor chosen for invoices without one of our PO numbers. */
    distributorId: integer('distributor_id').references(() => distributors.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_import_batches_location_idx').on(t.locationId, t.id)],
);

/** One file of a batch: queued until its job imports it (one transaction), then its outcome; the bytes go once read. */
export const invoiceImportFiles = pgTable(
  'invoice_import_files',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => invoiceImportBatches.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** x12-810, csv or xlsx, detected from the content at upload. */
    kind: text('kind').notNull(),
    content: bytea('content'),
    status: text('status', { enum: ['queued', 'imported', 'already-imported', 'failed'] })
      .notNull()
      .default('queued'),
    /** The import's answer (InvoiceImportResult, cents) once imported. */
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_import_files_batch_idx').on(t.locationId, t.batchId, t.id)],
);
