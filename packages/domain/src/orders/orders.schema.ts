import { z } from 'zod';

/**
 * Orders as the order history, order view and checkout confirmation read them (doc 3 §3 "Order
 * (history)", "Order summary", "Order item (receiving)"; doc 1 §7 POST /orders). Money in integer
 * cents, unit prices in ten-thousandths of a dollar, flags 0/1 as the spec writes them.
 */

const flag = z.union([z.literal(0), z.literal(1)]);

export const ORDERS_PAGE_SIZE = 24;

export const ordersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1.').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(ORDERS_PAGE_SIZE),
});

export const orderQuerySchema = z.object({
  /** expand=items adds the order's lines. */
  expand: z.string().max(100).optional(),
});

/** submitted (shown On the Way), received, cancelled, electronically_received (doc 3 §4 "Order status display"). */
export const orderStatusSchema = z.string();

/** A row of GET /orders. */
export const orderHistoryRowSchema = z.object({
  id: z.number().int(),
  customInvoiceId: z.string().nullable(),
  /** Submission day, MM/DD/YYYY in the location's time zone. */
  createTimeDisplay: z.string(),
  createTime: z.string(),
  /** YYYY-MM-DD. */
  requestedDeliveryDate: z.string().nullable(),
  requestedDeliveryTime: z.string().nullable(),
  distributor: z.string(),
  distributorId: z.number().int(),
  lineItems: z.number().int(),
  /** The order's total as placed, cents (issue 32: computeOrderTotals). */
  orderedTotal: z.number().int(),
  /** Owed back for rejected or short-delivered cases, cents; shown as "credit $40.80" when above 0. */
  credit: z.number().int(),
  /** What the order costs: orderedTotal − credit (the received total), cents. */
  total: z.number().int(),
  /** The purchase order e-mail to the distributor: queued, sent or failed; null for orders placed before e-mail. */
  poStatus: z.enum(['queued', 'sent', 'failed']).nullable(),
  poStatusDateTime: z.string().nullable(),
  status: orderStatusSchema,
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRowSchema>;

/** One line of an order (doc 3 §3 "Order item (receiving)"); receiving fields carry their not-yet-received values. */
export const orderItemSchema = z.object({
  oi_id: z.number().int(),
  itemDistributorId: z.number().int().nullable(),
  item: z.string(),
  brand: z.string(),
  din: z.string(),
  quantity: z.number().int(),
  /** Case price at order time, cents (0 for market-price and special lines until priced). */
  price: z.number().int(),
  unit_price: z.number().int().nullable(),
  unit_measure: z.string(),
  packSize: z.string(),
  packSizeUnit: z.string(),
  unitQuantity: z.number().int().nullable(),
  unitSize: z.string().nullable(),
  rebate: z.number().int(),
  isSpecial: flag,
  isMarketPrice: flag,
  isCatchWeight: flag,
  isElectronicInvoiceItem: flag,
  isEdited: flag,
  status: z.string(),
  isAccepted: flag,
  isRejectSelected: flag,
  qtyReduction: z.number().int(),
  statusReceived: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The text of the Other reject reason. */
  rejectComment: z.string().nullable(),
  /** Cases received when receiving was completed; null before. */
  receivedQuantity: z.number().int().nullable(),
  /** 1 for a line added at receiving (Add New Item or a new item after a reject). */
  isAddedAtReceiving: flag,
  receiveChecked: flag,
  /** The catalogue item as it is now, for Reorder's blocked-add rules (doc 1 §4): null without a catalogue item. */
  itemStatus: z.string().nullable(),
  isUnpurchasable: flag,
  /** 1 when the item is no longer on the location's order guide. */
  isPunchedOut: flag,
  imageUrl: z.string(),
  /** Catch weight: average case weight in pounds at order time (the estimate's base), or null. */
  averageWeight: z.string().nullable(),
  /** Catch weight: pounds received on the line, or null before receiving weighed it. */
  receivedWeight: z.string().nullable(),
  /** What the line counts for, cents (getOrderLineItemAmount): quantity × price, a catch-weight estimate, 0 while unknown. */
  lineItemTotal: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Where an order's purchase order files stand (see orderSummarySchema.documentsStatus). */
export const documentsStatusSchema = z.enum(['pending', 'ready', 'failed']);
export type DocumentsStatus = z.infer<typeof documentsStatusSchema>;

/** GET /orders/{id} and the answer of POST /orders (doc 3 §3 "Order summary"). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  createTimeDisplay: z.string(),
  createTime: z.string(),
  distributor: z.string(),
  distributorId: z.number().int(),
  customInvoiceId: z.string().nullable(),
  lastInventoryDate: z.string().nullable(),
  onHandTotal: z.number().int(),
  lineItems: z.number().int(),
  /** Cases and units ordered, all lines. */
  itemCount: z.number().int(),
  /** totalItemsPrice + deliveryFee + sameDayDeliveryFee + salesTax. */
  subtotal: z.number().int(),
  usedCredit: z.number().int(),
  totalRebates: z.number().int(),
  /** Savings of accepted swaps that went out with this order. */
  totalSavings: z.number().int(),
  deliveryFee: z.number().int(),
  sameDayDeliveryFee: z.number().int(),
  salesTax: z.number().int(),
  promoDiscount: z.number().int(),
  /** The order's total as placed: subtotal − promoDiscount − usedCredit (issue 32: computeOrderTotals). */
  orderedTotal: z.number().int(),
  /** What the order costs once received: orderedTotal − creditRefusal, the figure history and analytics show. */
  total: z.number().int(),
  totalPrice: z.number().int(),
  /** Sum of the lines (market-price and special lines count 0). */
  totalItemsPrice: z.number().int(),
  requestedDeliveryDate: z.string().nullable(),
  requestedDeliveryTime: z.string().nullable(),
  notes: z.string(),
  paymentType: z.enum(['terms', 'card']),
  status: orderStatusSchema,
  poStatus: z.enum(['queued', 'sent', 'failed']).nullable(),
  poStatusDateTime: z.string().nullable(),
  /**
   * The purchase order files, made by a background job after the order is placed: pending until
   * they are written (purchaseOrderUrl and purchaseOrderUrlExcel are null until then), ready, or
   * failed after the job's retries.
   */
  documentsStatus: documentsStatusSchema,
  /** Authenticated API paths of the purchase order files (send the bearer header); null while pending. */
  purchaseOrderUrl: z.string().nullable(),
  purchaseOrderUrlExcel: z.string().nullable(),
  /** The first invoice file uploaded for the order (an authenticated API path), or null. */
  invoiceUrl: z.string().nullable(),
  /** Price of the rejected cases: the credit the distributor owes on this order, cents. */
  creditRefusal: z.number().int(),
  /** open until the credit is settled, closed after; none when nothing was rejected. */
  creditStatus: z.enum(['none', 'open', 'closed']),
  /** When receiving was completed; null before. */
  receivedTime: z.string().nullable(),
  /** Completions of receiving so far; a receiving save sends the one its screen loaded (issue 33). */
  receivingVersion: z.number().int(),
  /** Who completed receiving last, or null. */
  receivedBy: z.string().nullable(),
  items: z.array(orderItemSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
