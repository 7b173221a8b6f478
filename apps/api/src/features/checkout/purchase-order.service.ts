import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import {
  formatInstantMdy,
  formatIsoDateMdy,
  formatLineAmount,
  getCountedCents,
  getOrderLineItemAmount,
  parseCents,
} from '@stockpot/domain';
import {
  PDF_CONTENT_TYPE,
  renderPurchaseOrderPdf,
  renderPurchaseOrderXlsx,
  XLSX_CONTENT_TYPE,
  type PurchaseOrderData,
} from '../../platform/documents/purchase-order';
import type { FileStore } from '../../platform/documents/file-store';
import type { Mailer } from '../../platform/mail/mailer';
import { isoTimestamp } from '../../platform/sql';

export interface PurchaseOrderContext {
  db: Database;
  store: FileStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

export type PurchaseOrderFormat = 'pdf' | 'xlsx';

/** Where an order's purchase order files are kept inside the file store, by location. */
export function getPurchaseOrderPath(locationId: number, orderId: number, format: PurchaseOrderFormat): string {
  return `purchase-orders/${locationId}/PO-${orderId}.${format}`;
}

/** The authenticated API paths purchaseOrderUrl and purchaseOrderUrlExcel point at. */
export function getPurchaseOrderUrl(orderId: number, format: PurchaseOrderFormat): string {
  return `/api/v1/orders/${orderId}/purchase-order.${format}`;
}

export const PURCHASE_ORDER_CONTENT_TYPES: Record<PurchaseOrderFormat, string> = {
  pdf: PDF_CONTENT_TYPE,
  xlsx: XLSX_CONTENT_TYPE,
};

interface PurchaseOrderHeaderRow {
  id: number;
  locationId: number;
  distributorId: number;
  distributor: string;
  customerNumber: string | null;
  location: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  phoneNumber: string;
  timezone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  requestedDeliveryDate: string | null;
  requestedDeliveryTime: string | null;
  paymentType: 'terms' | 'card';
  notes: string;
  subtotal: string;
  total: string;
  totalRebates: string;
  createdAt: string;
}

interface PurchaseOrderLineRow {
  din: string;
  description: string;
  brand: string;
  packSize: string;
  unitMeasure: string;
  quantity: number;
  price: string;
  isMarketPrice: boolean;
  isSpecial: boolean;
  isCatchWeight: boolean;
  isEdited: boolean;
  averageWeight: string | null;
  receivedWeight: string | null;
}

export interface LoadedPurchaseOrder {
  data: PurchaseOrderData;
  createdAt: Date;
  locationId: number;
  distributorId: number;
}

/** What the purchase order of one of the location's orders says; null for another location's order. */
export async function loadPurchaseOrder(db: Database, locationId: number, orderId: number): Promise<LoadedPurchaseOrder | null> {
  const [header] = await queryRowsPrepared<PurchaseOrderHeaderRow>(
    db,
    sql`SELECT o.id, o.location_id AS "locationId", o.distributor_id AS "distributorId", d.nickname AS distributor,
               ld.customer_number AS "customerNumber", l.nickname AS location, l.address, l.city, l.state, l.zipcode,
               l.phone_number AS "phoneNumber", l.timezone, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
               o.requested_delivery_date::text AS "requestedDeliveryDate", o.requested_delivery_time AS "requestedDeliveryTime",
               o.payment_type AS "paymentType", o.notes, o.subtotal::text AS subtotal, o.total::text AS total,
               o.total_rebates::text AS "totalRebates", ${isoTimestamp(sql`o.created_at`)} AS "createdAt"
        FROM orders o
        JOIN distributors d ON d.id = o.distributor_id
        JOIN locations l ON l.id = o.location_id
        LEFT JOIN location_distributors ld ON ld.location_id = o.location_id AND ld.distributor_id = o.distributor_id
        LEFT JOIN users u ON u.id = o.user_id
        WHERE o.id = ${orderId} AND o.location_id = ${locationId}`,
  );
  if (!header) return null;
  const lines = await queryRowsPrepared<PurchaseOrderLineRow>(
    db,
    sql`SELECT din, description, brand, pack_size AS "packSize", unit_measure AS "unitMeasure", quantity, price::text AS price,
               is_market_price AS "isMarketPrice", is_special AS "isSpecial", is_catch_weight AS "isCatchWeight",
               is_edited AS "isEdited", average_weight::text AS "averageWeight", received_weight::text AS "receivedWeight"
        FROM order_items WHERE order_id = ${orderId} AND location_id = ${locationId} ORDER BY id`,
  );
  const createdAt = new Date(header.createdAt);
  return {
    createdAt,
    locationId: header.locationId,
    distributorId: header.distributorId,
    data: {
      orderId: header.id,
      orderDate: formatInstantMdy(createdAt, header.timezone),
      placedBy: [header.firstName, header.lastName].filter(Boolean).join(' ') || 'Stockpot user',
      placedByEmail: header.email ?? '',
      location: {
        name: header.location,
        address: header.address,
        cityLine: `${header.city}, ${header.state} ${header.zipcode}`.trim(),
        phone: header.phoneNumber,
      },
      distributor: header.distributor,
      customerNumber: header.customerNumber ?? '',
      deliveryDate: formatIsoDateMdy(header.requestedDeliveryDate),
      deliveryTime: header.requestedDeliveryTime ?? '',
      paymentType: header.paymentType,
      notes: header.notes,
      lines: lines.map((line) => {
        const price = parseCents(line.price);
        const amount = getOrderLineItemAmount({
          ...line,
          price,
          unit_measure: line.unitMeasure,
          receivedWeight: line.receivedWeight,
        });
        return {
          din: line.din,
          description: line.description,
          brand: line.brand,
          packSize: line.packSize,
          unitMeasure: line.unitMeasure,
          quantity: line.quantity,
          price,
          isMarketPrice: amount?.kind === 'market-price',
          isSpecial: line.isSpecial,
          lineTotal: amount ? getCountedCents(amount) : 0,
          amountText: amount ? formatLineAmount(amount) : '—',
          isExactAmount: amount?.kind === 'exact',
        };
      }),
      totalItemsPrice: parseCents(header.subtotal),
      total: parseCents(header.total),
      totalRebates: parseCents(header.totalRebates),
    },
  };
}

async function renderFormat(po: LoadedPurchaseOrder, format: PurchaseOrderFormat): Promise<Buffer> {
  return format === 'pdf' ? renderPurchaseOrderPdf(po.data, po.createdAt) : renderPurchaseOrderXlsx(po.data, po.createdAt);
}

/** Renders and stores both files of an order's purchase order. */
export async function writePurchaseOrderFiles(
  store: FileStore,
  po: LoadedPurchaseOrder,
): Promise<Record<PurchaseOrderFormat, { path: string; content: Buffer }>> {
  const [pdf, xlsx] = await Promise.all([renderFormat(po, 'pdf'), renderFormat(po, 'xlsx')]);
  const pdfPath = getPurchaseOrderPath(po.locationId, po.data.orderId, 'pdf');
  const xlsxPath = getPurchaseOrderPath(po.locationId, po.data.orderId, 'xlsx');
  await Promise.all([store.write(pdfPath, pdf), store.write(xlsxPath, xlsx)]);
  return { pdf: { path: pdfPath, content: pdf }, xlsx: { path: xlsxPath, content: xlsx } };
}

/**
 * The stored file of an order's purchase order, rebuilt from the order when it is missing (a
 * failed generation, or a file store that was emptied); 'pending' while the order's job has not
 * written it yet; null for another location's order.
 */
export async function readPurchaseOrderFile(
  ctx: Pick<PurchaseOrderContext, 'db' | 'store'>,
  locationId: number,
  orderId: number,
  format: PurchaseOrderFormat,
): Promise<Buffer | 'pending' | null> {
  const [owned] = await queryRows<{ id: number; documentsStatus: string }>(
    ctx.db,
    sql`SELECT id, documents_status AS "documentsStatus" FROM orders WHERE id = ${orderId} AND location_id = ${locationId}`,
  );
  if (!owned) return null;
  if (owned.documentsStatus === 'pending') return 'pending';
  const stored = await ctx.store.read(getPurchaseOrderPath(locationId, orderId, format));
  if (stored) return stored;
  const po = await loadPurchaseOrder(ctx.db, locationId, orderId);
  if (!po) return null;
  // Only the format asked for: a past order's first download renders one file, not two.
  const content = await renderFormat(po, format);
  await ctx.store.write(getPurchaseOrderPath(locationId, orderId, format), content);
  return content;
}
