import {
  formatInstantMdy,
  getOrderedSwapSavings,
  parseCents,
  parseUnitPrice,
  toPageMeta,
  type OrderHistoryRow,
  type OrderItem,
  type OrderSummary,
  type PageMeta,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import * as repo from './order-history.repo';

const asFlag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function toOrderItem(row: repo.OrderItemRow): OrderItem {
  const price = parseCents(row.price);
  const isUnpriced = row.is_special || row.is_market_price;
  return {
    oi_id: row.id,
    itemDistributorId: row.item_distributor_id,
    item: row.description,
    brand: row.brand,
    din: row.din,
    quantity: row.quantity,
    price,
    unit_price: row.unit_price === null ? null : parseUnitPrice(row.unit_price),
    unit_measure: row.unit_measure,
    packSize: row.pack_size,
    packSizeUnit: row.pack_size_uom,
    unitQuantity: row.unit_quantity,
    unitSize: row.unit_size,
    rebate: parseCents(row.rebate),
    isSpecial: asFlag(row.is_special),
    isMarketPrice: asFlag(row.is_market_price),
    isCatchWeight: asFlag(row.is_catch_weight),
    // Receiving is not started at order time: these are the values of a line not yet received.
    isElectronicInvoiceItem: 0,
    isEdited: 0,
    status: 'ordered',
    isAccepted: 0,
    isRejectSelected: 0,
    qtyReduction: 0,
    statusReceived: null,
    rejectReason: null,
    receiveChecked: 0,
    imageUrl: row.image_url,
    lineItemTotal: isUnpriced ? 0 : row.quantity * price,
  };
}

function toHistoryRow(row: repo.OrderHeaderRow, timezone: string): OrderHistoryRow {
  return {
    id: row.id,
    customInvoiceId: row.custom_invoice_id,
    createTimeDisplay: formatInstantMdy(new Date(row.created_at), timezone),
    createTime: row.created_at,
    requestedDeliveryDate: row.requested_delivery_date,
    requestedDeliveryTime: row.requested_delivery_time,
    distributor: row.distributor,
    distributorId: row.distributor_id,
    lineItems: row.line_items,
    total: parseCents(row.total),
    poStatus: row.po_status,
    poStatusDateTime: row.po_status_at,
    status: row.status,
  };
}

/** GET /orders: the location's orders, newest first (doc 3 §3 "Order (history)", §7). */
export async function listOrderHistory(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: OrderHistoryRow[]; _meta: PageMeta }> {
  const [timezone, { rows, totalCount }] = await Promise.all([
    repo.findLocationTimezone(db, locationId),
    repo.listOrders(db, locationId, limit, (page - 1) * limit),
  ]);
  return { data: rows.map((row) => toHistoryRow(row, timezone)), _meta: toPageMeta(totalCount, page, limit) };
}

/**
 * One order of the active location (doc 3 §3 "Order summary"). Stockpot charges no fees, tax,
 * promotions or credit yet, so those are 0 and total = subtotal = totalItemsPrice + deliveryFee.
 * Items only with `withItems` (GET ?expand=items; the submit answer always has them).
 */
export async function getOrderSummary(
  db: Database,
  locationId: number,
  orderId: number,
  withItems: boolean,
): Promise<OrderSummary> {
  const [timezone, order, swaps] = await Promise.all([
    repo.findLocationTimezone(db, locationId),
    repo.findOrder(db, locationId, orderId),
    repo.listOrderSwaps(db, locationId, orderId),
  ]);
  if (!order) throw notFound('Order');
  const totalSavings = swaps.reduce(
    (sum, s) => sum + getOrderedSwapSavings(parseCents(s.savings_per_case), s.quantity, s.old_pack_size, s.new_pack_size),
    0,
  );
  const items = withItems ? (await repo.listOrderItems(db, locationId, orderId)).map(toOrderItem) : [];
  const totalItemsPrice = parseCents(order.subtotal);
  const deliveryFee = parseCents(order.delivery_fee);
  const sameDayDeliveryFee = 0;
  const salesTax = 0;
  const total = parseCents(order.total);
  return {
    id: order.id,
    createTimeDisplay: formatInstantMdy(new Date(order.created_at), timezone),
    createTime: order.created_at,
    distributor: order.distributor,
    distributorId: order.distributor_id,
    customInvoiceId: order.custom_invoice_id,
    lastInventoryDate: null,
    onHandTotal: 0,
    lineItems: order.line_items,
    itemCount: order.item_count,
    subtotal: totalItemsPrice + deliveryFee + sameDayDeliveryFee + salesTax,
    usedCredit: 0,
    totalRebates: parseCents(order.total_rebates),
    totalSavings,
    deliveryFee,
    sameDayDeliveryFee,
    salesTax,
    promoDiscount: 0,
    total,
    totalPrice: total,
    totalItemsPrice,
    requestedDeliveryDate: order.requested_delivery_date,
    requestedDeliveryTime: order.requested_delivery_time,
    notes: order.notes,
    paymentType: order.payment_type,
    status: order.status,
    poStatus: order.po_status,
    poStatusDateTime: order.po_status_at,
    documentsStatus: order.documents_status,
    purchaseOrderUrl: order.purchase_order_url,
    purchaseOrderUrlExcel: order.purchase_order_url_excel,
    invoiceUrl: null,
    items,
  };
}
