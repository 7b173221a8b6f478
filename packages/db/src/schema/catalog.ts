import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants } from './account-access';
import { locations } from './accounts';

/**
 * A broadline or specialty wholesaler. Ids are stable: 531 and 558 carry the spec's delivery slots,
 * 10001… the directory (migration 0031); new ones come from distributors_id_seq (100000…).
 * A directory entry is offered to everyone; a private one (owner set) only to its owner's locations.
 */
export const distributors = pgTable('distributors', {
  id: integer('id')
    .primaryKey()
    .default(sql`nextval('distributors_id_seq')`),
  nickname: text('nickname').notNull(),
  website: text('website').notNull().default(''),
  timezone: text('timezone').notNull().default('America/New_York'),
  isDsrEditable: boolean('is_dsr_editable').notNull().default(true),
  inDirectory: boolean('in_directory').notNull().default(false),
  /** The built-in order-guide template its export matches ('sysco-csv', 'usfoods-list'); '' when unknown. */
  orderGuideLayout: text('order_guide_layout').notNull().default(''),
  ownerLocationId: integer('owner_location_id').references(() => locations.id, { onDelete: 'set null' }),
  ownerRestaurantId: integer('owner_restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A location's account with a distributor (doc 1 §3 "Distributor (ordering fields)"). */
export const locationDistributors = pgTable(
  'location_distributors',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    customerNumber: text('customer_number').notNull().default(''),
    minOrderAmount: numeric('min_order_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    skipMinOrder: boolean('skip_min_order').notNull().default(false),
    isMinOrderAmountRequired: boolean('is_min_order_amount_required').notNull().default(false),
    /** 0 no cards, 1 or 2 cards accepted (doc 1 §5). */
    acceptCc: smallint('accept_cc').notNull().default(0),
    /** 1 when Stockpot itself delivers. */
    isDelivery: smallint('is_delivery').notNull().default(0),
    /** ISO weekdays (1 = Monday … 7 = Sunday) on which the distributor delivers to this location. */
    deliveryWeekdays: smallint('delivery_weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    payableTerms: integer('payable_terms').notNull().default(0),
    /** Order cut-off as HH:MM in the location's time zone, `orderCutoffDaysBefore` days before delivery; null: none. */
    orderCutoffTime: text('order_cutoff_time'),
    orderCutoffDaysBefore: smallint('order_cutoff_days_before').notNull().default(1),
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The distributor website's sign-in (doc 3 §7 PATCH /distributors/{id}); the password AES-256-GCM encrypted. */
    websiteUsername: text('website_username').notNull().default(''),
    websitePasswordEncrypted: text('website_password_encrypted'),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.distributorId] }),
    index('location_distributors_distributor_idx').on(t.distributorId),
  ],
);

/** A product, independent of who sells it. */
export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    /** The generic ingredient it is ("Heavy cream 36%"): the basis of savings matches. */
    genericName: text('generic_name').notNull(),
    /** Manufacturer and its item code: the same pair at two distributors is an exact match. */
    manufacturer: text('manufacturer').notNull().default(''),
    manufacturerCode: text('manufacturer_code').notNull().default(''),
  },
  (t) => [index('items_generic_idx').on(t.genericName), index('items_manufacturer_code_idx').on(t.manufacturerCode)],
);

/** One distributor's offer of an item (doc 1 §3 "List or search item"). */
export const itemDistributors = pgTable(
  'item_distributors',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    din: text('din').notNull(),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    packSize: text('pack_size').notNull(),
    unitQuantity: integer('unit_quantity').notNull(),
    unitSize: numeric('unit_size', { precision: 12, scale: 4 }).notNull(),
    packSizeUom: text('pack_size_uom').notNull(),
    /** How the item is sold: CS, EA, LB. */
    unitMeasure: text('unit_measure').notNull().default('CS'),
    /** List price per unit of sale; a location's order guide price overrides it. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    isCatchWeight: boolean('is_catch_weight').notNull().default(false),
    isFixedWeight: boolean('is_fixed_weight').notNull().default(false),
    isMarketPrice: boolean('is_market_price').notNull().default(false),
    isUnpurchasable: boolean('is_unpurchasable').notNull().default(false),
    isPartner: boolean('is_partner').notNull().default(false),
    /** Manufacturer rebate per case, 0 when the item has no programme. */
    rebate: numeric('rebate', { precision: 12, scale: 2 }).notNull().default('0'),
    averageWeight: numeric('average_weight', { precision: 12, scale: 4 }),
    imageUrl: text('image_url').notNull().default(''),
    /** The case's UPC, digits (issue 36: an invoice line without the item number matches by it). */
    upc: text('upc'),
    brandImageUrl: text('brand_image_url').notNull().default(''),
  },
  (t) => [
    uniqueIndex('item_distributors_distributor_din_idx').on(t.distributorId, t.din),
    index('item_distributors_item_idx').on(t.itemId),
  ],
);

/** An order guide a distributor sent (or a user uploaded) for one location. */
export const orderGuides = pgTable(
  'order_guides',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    startDate: date('start_date').notNull(),
    /** The Next Price Change: after it the guide's prices are stale. */
    endDate: date('end_date').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_guides_location_distributor_idx').on(t.locationId, t.distributorId, t.createdAt)],
);

export const orderGuideItems = pgTable(
  'order_guide_items',
  {
    orderGuideId: integer('order_guide_id')
      .notNull()
      .references(() => orderGuides.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderGuideId, t.itemDistributorId] })],
);

/**
 * A location's own view of an item-distributor: its contract price from the latest guide, whether
 * it was punched out of that guide, what it last paid on an invoice, and its custom sort. Kept up to
 * date when a guide lands so the place-order list reads one row per item, never a guide history.
 */
export const locationItems = pgTable(
  'location_items',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemDistributorId: integer('item_distributor_id')
      .notNull()
      .references(() => itemDistributors.id),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    orderGuideId: integer('order_guide_id').references(() => orderGuides.id, { onDelete: 'set null' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    endDate: date('end_date'),
    isPunchedOut: boolean('is_punched_out').notNull().default(false),
    /** Price and date of the latest electronic invoice line for this item (doc 1 §4 effective price). */
    purchasedPrice: numeric('purchased_price', { precision: 12, scale: 2 }),
    invoiceDate: date('invoice_date'),
    isPriceOutdated: boolean('is_price_outdated').notNull().default(false),
    sortIndex: integer('sort_index'),
    /** Purchase history summary, kept current as orders are placed: Purchased tag and Most Purchased sort. */
    purchasedQuantity: integer('purchased_quantity').notNull().default(0),
    lastPurchasedDate: date('last_purchased_date'),
    lastPurchasedQty: integer('last_purchased_qty'),
    lastPurchasedPrice: numeric('last_purchased_price', { precision: 12, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.itemDistributorId] }),
    index('location_items_location_distributor_idx').on(t.locationId, t.distributorId),
  ],
);
