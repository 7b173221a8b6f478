import { z } from 'zod';
import { idSchema, recordIdSchema, safeTextSchema, wholeNumberSchema } from '../common/input.schema';
import { REJECT_REASONS } from './receiving.rules';

/**
 * The receiving and invoice calls (doc 3 §3 "Order item (receiving)", "Pre-reject result",
 * "Receiving check", "New order item", "Invoice image"; §7 "Orders"). Money in integer cents, unit
 * prices in ten-thousandths of a dollar, as everywhere in the API.
 */

const flag = z.union([z.literal(0), z.literal(1)], { error: (iss) => `${String(iss.path?.at(-1) ?? 'value')} must be 0 or 1.` });

/** A most 2^31 cents: what the numeric(12, 2) columns hold with room to spare. */
const MAX_CENTS = 2_000_000_000;
const MAX_QUANTITY = 100_000;

/** One line's receiving state as the receive screen sends it. */
export const receivingItemStateSchema = z
  .object({
    id: idSchema,
    status: z.enum(['accepted', 'rejected'], { error: 'status must be accepted or rejected.' }),
    /** Cases rejected: 1 to the ordered quantity when rejected, ignored when accepted. */
    qtyReduction: wholeNumberSchema({ max: MAX_QUANTITY }).default(0),
    rejectReason: z.enum(REJECT_REASONS, { error: `rejectReason must be one of: ${REJECT_REASONS.join(', ')}.` }).nullish(),
    /** The text of the Other reason. */
    rejectComment: safeTextSchema({ max: 500 }).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'rejected') return;
    if (!value.rejectReason) {
      ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: 'Choose why the item is rejected.' });
    } else if (value.rejectReason === 'Other' && !value.rejectComment?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['rejectComment'],
        message: 'Say why the item is rejected when the reason is Other.',
      });
    }
    if (value.qtyReduction < 1) {
      ctx.addIssue({ code: 'custom', path: ['qtyReduction'], message: 'Reject at least 1 case.' });
    }
  });
export type ReceivingItemState = z.infer<typeof receivingItemStateSchema>;

const itemListSchema = z
  .array(receivingItemStateSchema, { error: 'itemList must be a list of items.' })
  .max(1_000, 'itemList holds at most 1000 items.');

/** POST /orders/check-items/{id}: saves the receiving state of some lines (accept, reject), idempotent. */
export const checkItemsRequestSchema = z.object({
  itemList: itemListSchema.min(1, 'itemList needs at least one item.'),
});

/** Receiving check survey (doc 3 §3 "Receiving check"). */
export const receivingSurveySchema = z.object({
  question_1: flag,
  question_2: flag,
  question_3: flag,
  question_4: flag,
  question_5: flag,
  comment: safeTextSchema({ max: 2_000 }).default(''),
});
export type ReceivingSurvey = z.infer<typeof receivingSurveySchema>;

/** POST /orders/pre-reject/{id}: the item list (and optional survey answers), answered by the pre-reject result. */
/** The order's receivingVersion when the screen loaded it: a save from an older one is refused (409). */
const receivingVersionSchema = z
  .number({ message: 'receivingVersion must be a whole number.' })
  .int({ message: 'receivingVersion must be a whole number.' })
  .min(0, { message: 'receivingVersion cannot be negative.' })
  .max(2_147_483_647, { message: 'receivingVersion is not a version of this order.' })
  .optional();

export const preRejectRequestSchema = z.object({
  itemList: itemListSchema,
  receivingVersion: receivingVersionSchema,
  /** Edits made with the Edit toggle (Stockpot's addition: prices entered on the receive screen count for Order Checked). */
  items: z.lazy(() => z.array(orderItemEditSchema).max(1_000)).default([]),
  questions: receivingSurveySchema.partial().optional(),
});

/** doc 3 §3 "Pre-reject result"; totals in cents. */
export const preRejectResultSchema = z.object({
  distributor: z.string(),
  /** MM/DD/YYYY in the location's time zone. */
  submission_date: z.string(),
  /** YYYY-MM-DD. */
  delivery_date: z.string().nullable(),
  line_items: z.number().int(),
  original_total_price: z.number().int(),
  credit_refusal: z.number().int(),
  new_total_price: z.number().int(),
});
export type PreRejectResult = z.infer<typeof preRejectResultSchema>;

/** A received weight in pounds: up to 7 digits and 4 decimals, above 0. */
export const RECEIVED_WEIGHT_PATTERN = /^\d{1,7}(\.\d{1,4})?$/;
export const RECEIVED_WEIGHT_MESSAGE = 'Enter the weight received in pounds, like 30.85.';

/** An edit of a line on the receive screen (Edit toggle): PATCH /orders/{id} items. */
export const orderItemEditSchema = z.object({
  order_item_id: idSchema,
  item_description: safeTextSchema({ max: 300 })
    .refine((v) => v.trim().length >= 2, 'item_description needs at least 2 characters.')
    .optional(),
  quantity: wholeNumberSchema({ min: 0, max: MAX_QUANTITY }).optional(),
  pack_size: safeTextSchema({ max: 60 }).optional(),
  /** Case price, cents. */
  merchant_price: wholeNumberSchema({ max: MAX_CENTS }).optional(),
  /** Unit price, ten-thousandths of a dollar. */
  merchant_unit_price: wholeNumberSchema({ max: MAX_CENTS }).nullish(),
  /** Catch weight (issue 32): pounds received on the whole line, a decimal ("30.85"); null clears it. */
  received_weight: z
    .string()
    .trim()
    .regex(RECEIVED_WEIGHT_PATTERN, RECEIVED_WEIGHT_MESSAGE)
    .refine((v) => Number(v) > 0, RECEIVED_WEIGHT_MESSAGE)
    .nullish(),
});
export type OrderItemEdit = z.infer<typeof orderItemEditSchema>;

/**
 * PATCH /orders/{id}: Complete receiving (doc 3 §4 "Receiving": "sends the receive data"). Saves the
 * invoice number, the line states and edits and marks the order received, in one transaction. Sending
 * it again with the same data changes nothing.
 */
export const completeReceivingRequestSchema = z.object({
  customInvoiceId: safeTextSchema({ max: 64 }).nullish(),
  receivingVersion: receivingVersionSchema,
  itemList: itemListSchema.default([]),
  items: z.array(orderItemEditSchema).max(1_000).default([]),
});
export type CompleteReceivingRequest = z.infer<typeof completeReceivingRequestSchema>;

/** POST /order-items/create-custom (doc 3 §3 "New order item", §5). */
export const newOrderItemSchema = z.object({
  order_id: idSchema,
  item_description: safeTextSchema({ max: 300 }).refine(
    (v) => v.trim().length >= 2,
    'item_description needs at least 2 characters.',
  ),
  brand: safeTextSchema({ max: 120 }).default(''),
  din: safeTextSchema({ max: 60 }).default(''),
  /** Outer pack: a whole number of at least 0 (doc 3 §5). */
  unit_quantity: wholeNumberSchema({ max: 100_000 }),
  /** Inner pack: a whole number of at least 0. */
  unit_size: wholeNumberSchema({ max: 100_000 }),
  pack_size_unit: safeTextSchema({ max: 20 }).refine((v) => v.trim().length > 0, 'pack_size_unit is required.'),
  unit_measure: safeTextSchema({ max: 20 }).refine((v) => v.trim().length > 0, 'unit_measure is required.'),
  /** Case price, cents. */
  price: wholeNumberSchema({ max: MAX_CENTS }),
  quantity: wholeNumberSchema({ min: 1, max: MAX_QUANTITY }),
});
export type NewOrderItem = z.infer<typeof newOrderItemSchema>;

/** Most catalogue lines one bulk-create adds; a delivery has far fewer extra items. */
export const BULK_CREATE_MAX_ITEMS = 200;

/**
 * POST /order-items/bulk-create (doc 3 §7 "Orders"): catalogue offers added to an order being
 * received, each with how many cases arrived. An offer already added this way has its quantity set,
 * so a retried request leaves the order as one request would.
 */
export const bulkCreateOrderItemsSchema = z.object({
  orderId: recordIdSchema({ type: 'orderId must be a number.', positive: 'orderId must be an order id.' }),
  items: z
    .array(
      z.object({
        item_distributor_id: recordIdSchema({
          type: 'item_distributor_id must be a number.',
          positive: 'item_distributor_id must be an item id.',
        }),
        quantity: wholeNumberSchema({ min: 1, max: MAX_QUANTITY }),
      }),
      { message: 'items must be a list of { item_distributor_id, quantity }.' },
    )
    .min(1, 'Add at least one item.')
    .max(BULK_CREATE_MAX_ITEMS, `Add at most ${BULK_CREATE_MAX_ITEMS} items at once.`)
    .refine((items) => new Set(items.map((i) => i.item_distributor_id)).size === items.length, {
      message: 'Each item_distributor_id may appear once.',
    }),
});
export type BulkCreateOrderItems = z.infer<typeof bulkCreateOrderItemsSchema>;

/** doc 3 §3 "Invoice image", with the file's details; image_path is an authenticated API path. */
export const invoiceImageSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  image_path: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createTime: z.string(),
});
export type InvoiceImage = z.infer<typeof invoiceImageSchema>;

export const orderHistoryDownloadSchema = z.object({ orderHistoryUrl: z.string() });

/** GET /orders/{id}/reconciliation: ordered vs received vs invoiced (issue 18 "Beyond the spec"); money in cents. */
export const reconciliationSchema = z.object({
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      description: z.string(),
      orderedQuantity: z.number().int(),
      orderedPrice: z.number().int(),
      receivedQuantity: z.number().int().nullable(),
      invoicedQuantity: z.number().int().nullable(),
      invoicedPrice: z.number().int().nullable(),
      status: z.enum(['matched', 'short', 'over_invoiced', 'price_variance', 'awaiting_invoice', 'not_received']),
      creditOwed: z.number().int(),
    }),
  ),
  creditOwed: z.number().int(),
  creditStatus: z.enum(['none', 'open', 'closed']),
});

/**
 * GET /orders/{id}/inventory-items (doc 3 §3 "Order inventory item"): where the order's catalogue
 * items stand in the location's inventory lists, one row per list item. onHand in cases (packs and units counted as fractions), onHandAmount
 * in cents, updateTime ISO 8601.
 */
export const orderInventoryItemSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  imageUrl: z.string(),
  parLevel: z.number(),
  /** Stockpot's addition: the unit of parLevel (the group's unit: case, lb, gal, dozen…). */
  parLevelUnit: z.string(),
  onHand: z.number(),
  onHandAmount: z.number().int(),
  updateTime: z.string(),
  din: z.string(),
  brand: z.string(),
  distributor: z.string(),
  unitMeasure: z.string(),
  packSize: z.string(),
  comparisonView: z.string(),
});
export type OrderInventoryItem = z.infer<typeof orderInventoryItemSchema>;
export type ReconciliationResponse = z.infer<typeof reconciliationSchema>;

/**
 * PATCH /orders/{id}/reconciliation: the distributor's invoice lines as the buyer reads them off the
 * paper invoice. Both values of a line, or neither (null clears the entry); price in cents.
 */
export const invoiceLinesRequestSchema = z.object({
  lines: z
    .array(
      z
        .object({
          orderItemId: idSchema,
          invoicedQuantity: wholeNumberSchema({ max: MAX_QUANTITY }).nullable(),
          invoicedPrice: wholeNumberSchema({ max: MAX_CENTS }).nullable(),
        })
        .refine((line) => (line.invoicedQuantity === null) === (line.invoicedPrice === null), {
          message: 'Enter both the invoiced quantity and the invoiced price of a line, or neither.',
          path: ['invoicedPrice'],
        }),
      { error: 'lines must be a list of invoice lines.' },
    )
    .min(1, 'lines needs at least one line.')
    .max(1_000, 'lines holds at most 1000 lines.'),
});
export type InvoiceLinesRequest = z.infer<typeof invoiceLinesRequestSchema>;
