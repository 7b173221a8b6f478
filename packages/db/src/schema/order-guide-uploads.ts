import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    status: text('status', {
      enum: ['queued', 'processing', 'scheduled', 'ready', 'applying', 'applied', 'refused', 'cancelled', 'failed'],
    })
      .notNull()
      .default('queued'),
    /** Rows read so far and rows in the file (progress indicator). */
    progress: integer('progress').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    message: text('message').notNull().default(''),
    /** Rows that could not be read: [{ row, message }] (first 100). */
    rowErrors: jsonb('row_errors').notNull().default([]),
    /** Issue 31: stop after reading, show what was read, apply only when the buyer says so. */
    needsReview: boolean('needs_review').notNull().default(false),
    /** What was read (GuidePreview), once the file is read. */
    preview: jsonb('preview'),
    /** Every refused row (row_errors keeps the first 10,000). */
    refusedCount: integer('refused_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('order_guide_uploads_location_idx').on(t.locationId, t.createdAt)],
);

/**
 * A column layout a platform operator mapped from a template request (`npm run template`): read
 * like the built-in templates, for the distributor's order guides. `columns` maps a field to the
 * header names that hold it; `required` lists the fields a file must have.
 */
export const orderGuideTemplates = pgTable(
  'order_guide_templates',
  {
    id: serial('id').primaryKey(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    /** A buyer's own column mapping is its location's (issue 31); null: the operator's, for every location. */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    columns: jsonb('columns').notNull(),
    required: jsonb('required').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_guide_templates_distributor_idx').on(t.distributorId),
    index('order_guide_templates_location_idx').on(t.locationId, t.distributorId),
  ],
);

/**
 * A Request Template (doc 3 §5 not-found modal): the file no approved template reads, kept for the
 * operator who maps it; `header_rows` are its first rows, so the mapping needs no file access.
 */
export const orderGuideTemplateRequests = pgTable(
  'order_guide_template_requests',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    merchantIds: integer('merchant_ids').array().notNull(),
    fileName: text('file_name').notNull(),
    storedAs: text('stored_as').notNull(),
    fileKind: text('file_kind', { enum: ['xlsx', 'xls', 'csv'] }).notNull(),
    headerRows: jsonb('header_rows').notNull().default([]),
    status: text('status', { enum: ['requested', 'approved'] })
      .notNull()
      .default('requested'),
    templateId: integer('template_id').references(() => orderGuideTemplates.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_guide_template_requests_location_idx').on(t.locationId, t.createdAt)],
);
