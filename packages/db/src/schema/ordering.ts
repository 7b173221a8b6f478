import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { distributors, itemDistributors } from './catalog';

/** A submitted purchase order to one distributor (doc 3 §3 "Order (history)", "Order summary"). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** submitted, received, cancelled or electronically_received (doc 3 §4 "Order status display"). */
    status: text('status').notNull().default('submitted'),
    customInvoiceId: text('custom_invoice_id'),
    requestedDeliveryDate: date('requested_delivery_date'),
    requestedDeliveryTime: text('requested_delivery_time'),
    notes: text('notes').notNull().default(''),
    paymentType: text('payment_type', { enum: ['terms', 'card'] })
      .notNull()
      .default('terms'),
    paymentToken: text('payment_token'),
    lineItems: integer('line_items').notNull().default(0),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull().default('0'),
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull().default('0'),
    totalRebates: numeric('total_rebates', { precision: 12, scale: 2 }).notNull().default('0'),
    timezone: text('timezone').notNull().default('America/New_York'),
    idempotencyKey: text('idempotency_key'),
    purchaseOrderUrl: text('purchase_order_url'),
    purchaseOrderUrlExcel: text('purchase_order_url_excel'),
    /** The payment gateway's authorization of a card order. */
    paymentAuthorizationId: text('payment_authorization_id'),
    /** SHA-256 of the submitted payload: the same Idempotency-Key with another payload is refused. */
    requestHash: text('request_hash'),
    isSameDayDelivery: boolean('is_same_day_delivery').notNull().default(false),
    /** Where the purchase order e-mail to the distributor's primary rep stands: queued, sent or failed. */
    poStatus: text('po_status', { enum: ['queued', 'sent', 'failed'] }),
    poStatusAt: timestamp('po_status_at', { withTimezone: true }),
    /**
     * The purchase order PDF and Excel files, made by a background job after the order commits:
     * pending until the job has written them, then ready (or failed after its retries). Orders from
     * before the job queue are ready: their files are built on first download.
     */
    documentsStatus: text('documents_status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When receiving was completed (doc 3 §4 "Receiving"); null before. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** Completions of receiving so far: a save made from an older one is refused (issue 33). */
    receivingVersion: integer('receiving_version').notNull().default(0),
    /** Who completed receiving last. */
    receivedByUserId: integer('received_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Price of the rejected cases: the credit the distributor owes on this order. */
    creditRefusal: numeric('credit_refusal', { precision: 12, scale: 2 }).notNull().default('0'),
    /** none, open (credit owed) or closed (settled). */
    creditStatus: text('credit_status', { enum: ['none', 'open', 'closed'] })
      .notNull()
      .default('none'),
    /** The last pre-reject result (doc 3 §3 "Pre-reject result"), as answered. */
    preRejectResult: jsonb('pre_reject_result'),
    preRejectedAt: timestamp('pre_rejected_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_location_created_idx').on(t.locationId, t.createdAt),
    uniqueIndex('orders_idempotency_idx').on(t.locationId, t.idempotencyKey),
  ],
);

/** One line of an order, a copy of the item as it was bought so later catalogue changes do not rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id').references(() => itemDistributors.id),
    isSpecial: boolean('is_special').notNull().default(false),
    description: text('description').notNull(),
    din: text('din').notNull().default(''),
    brand: text('brand').notNull().default(''),
    packSize: text('pack_size').notNull().default(''),
    unitMeasure: text('unit_measure').notNull().default('CS'),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    isMarketPrice: boolean('is_market_price').notNull().default(false),
    rebate: numeric('rebate', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Pack details and unit price as they were at order time (doc 3 §3 "Order item (receiving)"). */
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }),
    unitQuantity: integer('unit_quantity'),
    unitSize: numeric('unit_size', { precision: 12, scale: 4 }),
    packSizeUom: text('pack_size_uom').notNull().default(''),
    isCatchWeight: boolean('is_catch_weight').notNull().default(false),
    /** Catch weight (issue 32): the average case weight in pounds at order time, the estimate's base. */
    averageWeight: numeric('average_weight', { precision: 12, scale: 4 }),
    /** Pounds actually received on the line (receiving); the amount is exact once set. */
    receivedWeight: numeric('received_weight', { precision: 12, scale: 4 }),
    imageUrl: text('image_url').notNull().default(''),
    /** Receiving state (doc 3 §3 "Order item (receiving)"): checked, accepted or rejected, how many and why. */
    receiveChecked: boolean('receive_checked').notNull().default(false),
    statusReceived: text('status_received', { enum: ['accepted', 'rejected'] }),
    qtyReduction: integer('qty_reduction').notNull().default(0),
    rejectReason: text('reject_reason'),
    rejectComment: text('reject_comment'),
    /** Cases received when receiving was completed: the base of the on-hand change when it is completed again. */
    receivedQuantity: integer('received_quantity'),
    /** The line as ordered, kept on the first edit at receiving (isEdited). */
    isEdited: boolean('is_edited').notNull().default(false),
    originalQuantity: integer('original_quantity'),
    originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
    /** A line added at receiving (Add New Item, or a new item after a reject). */
    isAddedAtReceiving: boolean('is_added_at_receiving').notNull().default(false),
    /** The distributor's invoice line as the buyer entered it for reconciliation (null until entered). */
    invoicedQuantity: integer('invoiced_quantity'),
    invoicedPrice: numeric('invoiced_price', { precision: 12, scale: 2 }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_location_item_idx').on(t.locationId, t.itemDistributorId),
  ],
);

/** The cart's version per location: its last change, compared against the client's lastModified. */
export const carts = pgTable('carts', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  lastModified: timestamp('last_modified', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
});

/** A cart line: a catalogue item-distributor, or a special request (free text for one distributor). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id').references(() => itemDistributors.id),
    quantity: integer('quantity').notNull(),
    searchText: text('search_text').notNull().default(''),
    /** Special request fields; null for catalogue lines. */
    specialDistributorId: integer('special_distributor_id').references(() => distributors.id),
    specialDescription: text('special_description'),
    specialUom: text('special_uom'),
    specialDin: text('special_din'),
    specialPackSize: text('special_pack_size'),
    swapAcceptId: integer('swap_accept_id'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_location_item_idx')
      .on(t.locationId, t.itemDistributorId)
      .where(sql`${t.itemDistributorId} is not null`),
    index('cart_items_location_idx').on(t.locationId),
  ],
);

/**
 * Lines a cart save deleted, kept so a later save from a client that loaded the cart before the
 * deletion is told (sameModifiedItems) instead of silently re-creating the line (doc 1 §4
 * "Simultaneous shopping"). deleted_at is the cart version of the deleting save. Kept 30 days.
 */
export const cartItemDeletions = pgTable(
  'cart_item_deletions',
  {
    /** The deleted cart_items.id (line ids are never reused). */
    cartItemId: integer('cart_item_id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id'),
    name: text('name').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [
    index('cart_item_deletions_location_item_idx').on(t.locationId, t.itemDistributorId),
    index('cart_item_deletions_location_deleted_idx').on(t.locationId, t.deletedAt),
  ],
);

/**
 * The claim of an order's purchase order e-mail (issue 33 defect 7): one row per order, so two
 * attempts of its job (a slow one and the queue's retry after expiry, or a re-run after a crash)
 * never both send. `sending` while an attempt holds it, kept fresh by that attempt's heartbeat;
 * `done` once handed to the mail server (or kept in the outbox); `uncertain` when the attempt died
 * in the middle of an SMTP conversation, which is never repeated (the distributor may have it).
 */
export const purchaseOrderDispatches = pgTable('purchase_order_dispatches', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  attemptId: text('attempt_id').notNull(),
  state: text('state', { enum: ['sending', 'done', 'uncertain'] }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
