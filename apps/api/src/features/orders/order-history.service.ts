import ExcelJS from 'exceljs';
import {
  computeOrderTotals,
  defuseFormulaText,
  formatInstantMdy,
  formatIsoDateMdy,
  getCountedCents,
  getOrderLineItemAmount,
  getOrderStatusDisplay,
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
import { getPurchaseOrderUrl } from '../checkout/checkout.public';
import * as repo from './order-history.repo';

/** The authenticated API path of an invoice file (served only to the order's location). */
export function getInvoiceImageUrl(orderId: number, imageId: number): string {
  return `/api/v1/orders/${orderId}/invoices-images/${imageId}/file`;
}

const asFlag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** An order line with its receiving state (doc 3 §3 "Order item (receiving)"). */
export function toOrderItem(row: repo.OrderItemRow): OrderItem {
  const price = parseCents(row.price);
  const item: Omit<OrderItem, 'lineItemTotal'> = {
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
    isElectronicInvoiceItem: 0,
    isEdited: asFlag(row.is_edited),
    status: row.received_quantity === null ? 'ordered' : 'received',
    isAccepted: asFlag(row.status_received === 'accepted'),
    isRejectSelected: asFlag(row.status_received === 'rejected'),
    qtyReduction: row.status_received === 'rejected' ? row.qty_reduction : 0,
    statusReceived: row.status_received,
    rejectReason: row.reject_reason,
    rejectComment: row.reject_comment,
    receivedQuantity: row.received_quantity,
    isAddedAtReceiving: asFlag(row.is_added_at_receiving),
    receiveChecked: asFlag(row.receive_checked),
    itemStatus: row.item_status,
    isUnpurchasable: asFlag(row.is_unpurchasable === true),
    isPunchedOut: asFlag(row.is_punched_out === true),
    imageUrl: row.image_url,
    averageWeight: row.average_weight,
    receivedWeight: row.received_weight,
  };
  const amount = getOrderLineItemAmount(item);
  return { ...item, lineItemTotal: amount ? getCountedCents(amount) : 0 };
}

/** The one set of figures every screen and file shows for an order (issue 32). */
function toTotals(row: Pick<repo.OrderHeaderRow, 'total' | 'credit_refusal'>) {
  const totals = computeOrderTotals(parseCents(row.total), parseCents(row.credit_refusal));
  return { orderedTotal: totals.orderedTotal, credit: totals.credit, total: totals.receivedTotal };
}

/**
 * The purchase order files of an order (doc 3 §4 "Order download"): every order has them once its
 * job is past pending, since a missing file is rebuilt from the order on download; orders from
 * before the job queue (the demo's history among them) never had their URLs stored.
 */
function getPurchaseOrderUrls(order: repo.OrderHeaderRow): { pdf: string | null; xlsx: string | null } {
  if (order.documents_status === 'pending') return { pdf: null, xlsx: null };
  return {
    pdf: order.purchase_order_url ?? getPurchaseOrderUrl(order.id, 'pdf'),
    xlsx: order.purchase_order_url_excel ?? getPurchaseOrderUrl(order.id, 'xlsx'),
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
    ...toTotals(row),
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
 * promotions or applied credit yet, so those are 0 and orderedTotal = subtotal = totalItemsPrice +
 * deliveryFee; total is what is left after the credit of a receiving (issue 32).
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
  const totals = toTotals(order);
  const purchaseOrder = getPurchaseOrderUrls(order);
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
    orderedTotal: totals.orderedTotal,
    total: totals.total,
    totalPrice: totals.total,
    totalItemsPrice,
    requestedDeliveryDate: order.requested_delivery_date,
    requestedDeliveryTime: order.requested_delivery_time,
    notes: order.notes,
    paymentType: order.payment_type,
    status: order.status,
    poStatus: order.po_status,
    poStatusDateTime: order.po_status_at,
    documentsStatus: order.documents_status,
    purchaseOrderUrl: purchaseOrder.pdf,
    purchaseOrderUrlExcel: purchaseOrder.xlsx,
    invoiceUrl: order.first_invoice_image_id === null ? null : getInvoiceImageUrl(order.id, order.first_invoice_image_id),
    creditRefusal: totals.credit,
    creditStatus: order.credit_status,
    receivedTime: order.received_at,
    receivingVersion: order.receiving_version,
    receivedBy: order.received_by,
    items,
  };
}

/** The history download holds at most this many orders (newest first). */
export const ORDER_HISTORY_EXPORT_LIMIT = 20_000;
export const ORDER_HISTORY_FILE_URL = '/api/v1/orders/order-history.xlsx';

/** The order history as an Excel workbook (GET orders/download-order-history points at it). */
export async function renderOrderHistoryXlsx(db: Database, locationId: number): Promise<Buffer> {
  const [timezone, rows] = await Promise.all([
    repo.findLocationTimezone(db, locationId),
    repo.listOrdersForExport(db, locationId, ORDER_HISTORY_EXPORT_LIMIT),
  ]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Order History');
  sheet.columns = [
    { header: 'Order No', key: 'id', width: 10 },
    { header: 'Invoice No', key: 'invoice', width: 16 },
    { header: 'Order Date', key: 'created', width: 12 },
    { header: 'Delivery Date', key: 'delivery', width: 13 },
    { header: 'Distributor', key: 'distributor', width: 28 },
    { header: 'Line Items', key: 'lines', width: 10 },
    { header: 'Ordered', key: 'ordered', width: 12, style: { numFmt: '$#,##0.00' } },
    { header: 'Credit', key: 'credit', width: 12, style: { numFmt: '$#,##0.00' } },
    { header: 'Total', key: 'total', width: 12, style: { numFmt: '$#,##0.00' } },
    { header: 'Status', key: 'status', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const totals = toTotals(row);
    sheet.addRow({
      id: row.id,
      invoice: defuseFormulaText(row.custom_invoice_id ?? ''),
      created: formatInstantMdy(new Date(row.created_at), timezone),
      delivery: formatIsoDateMdy(row.requested_delivery_date),
      distributor: defuseFormulaText(row.distributor),
      lines: row.line_items,
      // exceljs takes numbers: cents / 100 is exact enough for a display cell (2 decimals).
      ordered: totals.orderedTotal / 100,
      credit: totals.credit / 100,
      total: totals.total / 100,
      status: defuseFormulaText(getOrderStatusDisplay(row.status)),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
