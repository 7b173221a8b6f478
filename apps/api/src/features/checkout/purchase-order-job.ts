import { and, eq, sql } from 'drizzle-orm';
import { orders, queryRowsPrepared, type Database } from '@stockpot/db';
import { formatMoney } from '@stockpot/domain';
import { PDF_CONTENT_TYPE, XLSX_CONTENT_TYPE, type PurchaseOrderData } from '../../platform/documents/purchase-order';
import type { FileStore } from '../../platform/documents/file-store';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { OutboxStatus, OutgoingMail } from '../../platform/mail/mailer';
import { claimDispatch, finishDispatch, releaseDispatch, startHeartbeat } from './purchase-order-dispatch';
import {
  getPurchaseOrderPath,
  getPurchaseOrderUrl,
  loadPurchaseOrder,
  writePurchaseOrderFiles,
  type LoadedPurchaseOrder,
  type PurchaseOrderContext,
  type PurchaseOrderFormat,
} from './purchase-order.service';

/**
 * The purchase order job (issue 13 "Order submission"; issue 14 defect 3; issue 33 defect 7): it
 * makes an order's PDF and Excel files and e-mails them to the distributor's primary rep.
 */

async function setPoStatus(db: Database, locationId: number, orderId: number, status: OutboxStatus): Promise<void> {
  await queryRowsPrepared(
    db,
    sql`UPDATE orders SET po_status = ${status}, po_status_at = now() WHERE id = ${orderId} AND location_id = ${locationId}`,
  );
}

async function findPrimaryRep(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<{ name: string; email: string } | undefined> {
  const [rep] = await queryRowsPrepared<{ name: string; email: string }>(
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

/**
 * Pickup of a job held by a dead process (docs/decisions.md "Purchase order dispatch"): expiry
 * (30 s) + maintenance interval (JOBS_MAINTENANCE_SECONDS, 10 s) + first retry delay (5-10 s with
 * back-off) + polling (2 s) stays under a minute. Rendering and one SMTP conversation fit in 30 s;
 * a longer live attempt is retried beside itself, which the dispatch claim makes harmless.
 */
export const PURCHASE_ORDER_EXPIRE_SECONDS = 30;
/** The first retry 5-10 s after a failure (doubling from there); the configured delay if shorter. */
export const PURCHASE_ORDER_RETRY_DELAY_SECONDS = 5;

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
  const [row] = await queryRowsPrepared<{ id: number; status: OutboxStatus }>(
    db,
    sql`SELECT id, status FROM outbox_messages WHERE order_id = ${orderId} AND location_id = ${locationId} ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

/** Thrown while another live attempt holds the order's dispatch: the queue retries this one later. */
export const DISPATCH_BUSY_MESSAGE = 'The purchase order is being sent by another attempt.';

const UNCERTAIN_MESSAGE =
  'The server stopped while this purchase order was being e-mailed. It was not sent again, because the ' +
  'distributor may have received it: please confirm the order with the distributor.';

/**
 * One attempt of an order's purchase order job: the PDF and Excel files (then documentsStatus
 * ready and the URLs set), and the e-mail with both to the distributor's primary rep for the
 * location (an outbox row; sent with SMTP). Files are idempotent (same content, atomic writes);
 * the e-mail goes out only under the order's dispatch claim (purchase-order-dispatch.ts), so a
 * retry after a crash, an expiry or a refused send never mails the distributor twice. Throws to
 * have the queue retry with back-off.
 */
export async function runPurchaseOrderJob(ctx: PurchaseOrderContext, { locationId, orderId }: PurchaseOrderJob): Promise<void> {
  const { db, log } = ctx;
  const po = await loadPurchaseOrder(db, locationId, orderId);
  if (!po) return;
  const files = await ensurePurchaseOrderFiles(ctx.store, po);
  await queryRowsPrepared(
    db,
    sql`UPDATE orders SET documents_status = 'ready', purchase_order_url = ${getPurchaseOrderUrl(orderId, 'pdf')},
          purchase_order_url_excel = ${getPurchaseOrderUrl(orderId, 'xlsx')}
        WHERE id = ${orderId} AND location_id = ${locationId}`,
  );

  const claim = await claimDispatch(db, locationId, orderId, { canTakeOver: !ctx.mailer.isSending });
  if (claim.kind === 'busy') throw new Error(DISPATCH_BUSY_MESSAGE);
  if (claim.kind === 'done') return;
  if (claim.kind === 'uncertain') {
    if (claim.isFirst) await recordUncertainDispatch(ctx, { locationId, orderId });
    return;
  }
  const { attemptId } = claim;
  const stopHeartbeat = startHeartbeat(db, log, { locationId, orderId, attemptId });
  try {
    // Read under the claim: an outbox row is only ever written by the attempt holding it.
    const existing = await findLatestOutbox(db, locationId, orderId);
    if (!existing || existing.status === 'queued') await sendPurchaseOrderMail(ctx, po, files, existing?.id);
    await finishDispatch(db, locationId, orderId, attemptId);
  } catch (error) {
    // Not handed over (a refused or failed send): the queue's retry may claim it and send.
    await releaseDispatch(db, locationId, orderId, attemptId);
    throw error;
  } finally {
    stopHeartbeat();
  }
}

/** The e-mail of the purchase order, under the attempt's claim: kept in the outbox, then delivered. */
async function sendPurchaseOrderMail(
  ctx: PurchaseOrderContext,
  po: LoadedPurchaseOrder,
  files: Record<PurchaseOrderFormat, { path: string; content: Buffer }>,
  queuedOutboxId: number | undefined,
): Promise<void> {
  const { db, log } = ctx;
  const { locationId } = po;
  const orderId = po.data.orderId;
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
  const outboxId = queuedOutboxId ?? (await ctx.mailer.queue(db, mail)).outboxId;
  const outcome = await ctx.mailer.deliver(db, outboxId, mail);
  await setPoStatus(db, locationId, orderId, outcome === 'sent' ? 'sent' : 'queued');
}

/**
 * The order's purchase order e-mail will not go out: its queued outbox row, or a new one when no
 * attempt wrote any (`unwrittenReason`), is marked failed with why, and the order's poStatus says
 * failed. An e-mail already sent stays as it is.
 */
async function failPurchaseOrderMail(
  ctx: PurchaseOrderContext,
  { locationId, orderId }: PurchaseOrderJob,
  reason: string,
  unwrittenReason = reason,
): Promise<void> {
  const { db } = ctx;
  const existing = await findLatestOutbox(db, locationId, orderId);
  if (existing?.status === 'sent') return;
  if (existing?.status === 'queued') await ctx.mailer.markFailed(db, existing.id, reason);
  else if (!existing) {
    await ctx.mailer.recordFailure(
      db,
      { to: '', subject: `Purchase order ${orderId}`, text: '', locationId, orderId },
      unwrittenReason,
    );
  }
  await setPoStatus(db, locationId, orderId, 'failed');
}

/** An attempt died during its SMTP conversation: the order shows the e-mail failed, and why. */
async function recordUncertainDispatch(ctx: PurchaseOrderContext, job: PurchaseOrderJob): Promise<void> {
  ctx.log.error(job, 'purchase order e-mail interrupted by a crash; not sent again');
  await failPurchaseOrderMail(ctx, job, UNCERTAIN_MESSAGE);
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
  await failPurchaseOrderMail(ctx, { locationId, orderId }, error, `Purchase order files could not be generated: ${error}`);
}
