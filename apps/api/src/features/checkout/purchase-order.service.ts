import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, queryRows, type Database } from '@stockpot/db';
import {
  formatInstantMdy,
  formatIsoDateMdy,
  formatLineAmount,
  formatMoney,
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
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer, OutboxStatus, OutgoingMail } from '../../platform/mail/mailer';
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
  const [header] = await queryRows<PurchaseOrderHeaderRow>(
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
  const lines = await queryRows<PurchaseOrderLineRow>(
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

async function setPoStatus(db: Database, locationId: number, orderId: number, status: OutboxStatus): Promise<void> {
  await db
    .update(orders)
    .set({ poStatus: status, poStatusAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.locationId, locationId)));
}

async function findPrimaryRep(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<{ name: string; email: string } | undefined> {
  const [rep] = await queryRows<{ name: string; email: string }>(
    db,
    sql`SELECT name, email FROM sales_reps
        WHERE location_id = ${locationId} AND distributor_id = ${distributorId} AND is_primary AND NOT is_deleted
        ORDER BY id LIMIT 1`,
  );
  return rep;
}

function describeOrderForMail(po: PurchaseOrderData, repName: string, appUrl: string): string {
  const lines = po.lines.map((line) => {
    const price = line.isSpecial
      ? 'special request, please price'
      : line.isMarketPrice
        ? 'market price'
        : formatMoney(line.price);
    return `- ${line.quantity} ${line.unitMeasure} ${line.din ? `#${line.din} ` : ''}${line.description}${line.packSize ? ` (${line.packSize})` : ''}: ${price}`;
  });
  return [
    `Hello ${repName},`,
    '',
    `${po.location.name} (customer # ${po.customerNumber || 'not set'}) has placed purchase order ${po.orderId} through Stockpot.`,
    `Delivery: ${po.deliveryDate}${po.deliveryTime ? `, ${po.deliveryTime}` : ''}`,
    `Ship to: ${po.location.name}, ${po.location.address}, ${po.location.cityLine}, ${po.location.phone}`,
    `Payment: ${po.paymentType === 'card' ? 'card, authorized at order' : 'payment terms'}`,
    po.notes ? `Notes: ${po.notes}` : '',
    '',
    ...lines,
    '',
    `Total: ${formatMoney(po.total)}`,
    '',
    `The purchase order is attached as PDF and Excel. Questions go to ${po.placedBy} <${po.placedByEmail}>, who placed the order.`,
    '',
    `Stockpot — ${appUrl}`,
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}

/** The job queue that makes an order's purchase order files and mails them (platform/jobs). */
export const PURCHASE_ORDER_QUEUE = 'purchase-order';

export interface PurchaseOrderJob {
  locationId: number;
  orderId: number;
}

/**
 * Enqueues the order's purchase order through the order's own transaction: the order and its job
 * commit together or not at all (issue 14 defect 3: an order committed just before a crash still
 * reaches the distributor, because its job is already in the database).
 */
export async function enqueuePurchaseOrder(jobs: JobQueue, tx: Database, job: PurchaseOrderJob): Promise<void> {
  await jobs.enqueue(tx, PURCHASE_ORDER_QUEUE, job);
}

/** Both files from the store when an earlier attempt wrote them, otherwise rendered and stored now. */
async function ensurePurchaseOrderFiles(
  store: FileStore,
  po: LoadedPurchaseOrder,
): Promise<Record<PurchaseOrderFormat, { path: string; content: Buffer }>> {
  const pdfPath = getPurchaseOrderPath(po.locationId, po.data.orderId, 'pdf');
  const xlsxPath = getPurchaseOrderPath(po.locationId, po.data.orderId, 'xlsx');
  const [pdf, xlsx] = await Promise.all([store.read(pdfPath), store.read(xlsxPath)]);
  if (pdf && xlsx) return { pdf: { path: pdfPath, content: pdf }, xlsx: { path: xlsxPath, content: xlsx } };
  return writePurchaseOrderFiles(store, po);
}

async function findLatestOutbox(
  db: Database,
  locationId: number,
  orderId: number,
): Promise<{ id: number; status: OutboxStatus } | undefined> {
  const [row] = await queryRows<{ id: number; status: OutboxStatus }>(
    db,
    sql`SELECT id, status FROM outbox_messages WHERE order_id = ${orderId} AND location_id = ${locationId} ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

/**
 * One attempt of an order's purchase order job: the PDF and Excel files (then documentsStatus
 * ready and the URLs set), and the e-mail with both to the distributor's primary rep for the
 * location (an outbox row; sent with SMTP). Each step is idempotent, so a retry after a crash or a
 * refused send repeats nothing that is done. Throws to have the queue retry with back-off.
 */
export async function runPurchaseOrderJob(ctx: PurchaseOrderContext, { locationId, orderId }: PurchaseOrderJob): Promise<void> {
  const { db, log } = ctx;
  const po = await loadPurchaseOrder(db, locationId, orderId);
  if (!po) return;
  const files = await ensurePurchaseOrderFiles(ctx.store, po);
  await db
    .update(orders)
    .set({
      documentsStatus: 'ready',
      purchaseOrderUrl: getPurchaseOrderUrl(orderId, 'pdf'),
      purchaseOrderUrlExcel: getPurchaseOrderUrl(orderId, 'xlsx'),
    })
    .where(and(eq(orders.id, orderId), eq(orders.locationId, locationId)));

  const existing = await findLatestOutbox(db, locationId, orderId);
  if (existing && existing.status !== 'queued') return;
  const rep = await findPrimaryRep(db, locationId, po.distributorId);
  const mail: OutgoingMail = {
    to: rep?.email ?? '',
    replyTo: po.data.placedByEmail || undefined,
    subject: `Purchase order ${orderId} from ${po.data.location.name}`,
    text: describeOrderForMail(po.data, rep?.name ?? po.data.distributor, ctx.appUrl),
    locationId,
    orderId,
    attachments: [
      { filename: `PO-${orderId}.pdf`, storedAs: files.pdf.path, content: files.pdf.content, contentType: PDF_CONTENT_TYPE },
      { filename: `PO-${orderId}.xlsx`, storedAs: files.xlsx.path, content: files.xlsx.content, contentType: XLSX_CONTENT_TYPE },
    ],
  };
  if (!rep) {
    // Nothing a retry could fix: recorded as failed at once, and shown as the order's poStatus.
    log.warn({ orderId, locationId, distributorId: po.distributorId }, 'no primary sales rep to send the purchase order to');
    await ctx.mailer.recordFailure(db, mail, 'The distributor has no primary sales rep for this location.');
    await setPoStatus(db, locationId, orderId, 'failed');
    return;
  }
  const outboxId = existing?.id ?? (await ctx.mailer.queue(db, mail)).outboxId;
  const outcome = await ctx.mailer.deliver(db, outboxId, mail);
  await setPoStatus(db, locationId, orderId, outcome === 'sent' ? 'sent' : 'queued');
}

/**
 * The job gave up (its last retry failed, or it expired while its process died): whatever is not
 * done is marked failed, so the order shows it (documentsStatus, poStatus) and the outbox keeps why.
 */
export async function failPurchaseOrderJob(
  ctx: PurchaseOrderContext,
  { locationId, orderId }: PurchaseOrderJob,
  error: string,
): Promise<void> {
  const { db } = ctx;
  ctx.log.error({ orderId, locationId, error }, 'purchase order job failed after its retries');
  await db
    .update(orders)
    .set({ documentsStatus: 'failed' })
    .where(and(eq(orders.id, orderId), eq(orders.locationId, locationId), eq(orders.documentsStatus, 'pending')));
  const existing = await findLatestOutbox(db, locationId, orderId);
  if (existing?.status === 'sent') return;
  if (existing?.status === 'queued') await ctx.mailer.markFailed(db, existing.id, error);
  else if (!existing) {
    await ctx.mailer.recordFailure(
      db,
      { to: '', subject: `Purchase order ${orderId}`, text: '', locationId, orderId },
      `Purchase order files could not be generated: ${error}`,
    );
  }
  await setPoStatus(db, locationId, orderId, 'failed');
}
