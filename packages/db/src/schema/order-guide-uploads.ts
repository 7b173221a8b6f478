import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { distributors } from './catalog';

/**
 * An uploaded order guide file (doc 3 §4 "Order guide upload") and its import: parsed and applied
 * by a job, for each location named in merchant_ids. The uploader's active location owns the row.
 */
export const orderGuideUploads = pgTable(
  'order_guide_uploads',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The locations the guide is for (the active one and allowed children). */
    merchantIds: integer('merchant_ids').array().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    fileName: text('file_name').notNull(),
    /** Path in the file store. */
    storedAs: text('stored_as').notNull(),
    fileKind: text('file_kind', { enum: ['xlsx', 'xls', 'csv'] }).notNull(),
    templateKey: text('template_key').notNull(),
    status: text('status', { enum: ['queued', 'processing', 'scheduled', 'applied', 'failed'] })
      .notNull()
      .default('queued'),
    /** Rows read so far and rows in the file (progress indicator). */
    progress: integer('progress').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    message: text('message').notNull().default(''),
    /** Rows that could not be read: [{ row, message }] (first 100). */
    rowErrors: jsonb('row_errors').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('order_guide_uploads_location_idx').on(t.locationId, t.createdAt)],
);
