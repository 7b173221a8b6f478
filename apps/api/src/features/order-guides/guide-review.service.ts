import { and, eq } from 'drizzle-orm';
import { orderGuideUploads, queryRows, type Database } from '@stockpot/db';
import { applyOrderGuideLines } from '@stockpot/db/seed';
import { sql } from 'drizzle-orm';
import {
  formatIsoDate,
  GUIDE_PREVIEW_ROWS,
  isGuideDue,
  parseCents,
  toCsvLine,
  type GuidePreview,
  type GuideRowError,
  type GuideUpload,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { executorFor } from '../../platform/jobs/job-queue';
import { analyzeStagedLines, deleteStagedLines, ensureStagedOffers, stagedGuideLinesSql } from './order-guides.repo';
import { countStagedLines, refreshImportedOffers, selectStagedCounts, selectStagedHead } from './guide-review.repo';
import {
  ORDER_GUIDE_IMPORT_QUEUE,
  requireUpload,
  toUpload,
  type GuideContext,
  type OrderGuideImportJob,
} from './order-guides.service';

/**
 * What an upload read, before anything is applied (issue 31 "An import a buyer can trust"): the
 * first rows, and counts against the location's current guide; then the buyer applies or cancels.
 */

type UploadRow = typeof orderGuideUploads.$inferSelect;

async function setUpload(db: Database, uploadId: number, changes: Partial<typeof orderGuideUploads.$inferInsert>): Promise<void> {
  await db.update(orderGuideUploads).set(changes).where(eq(orderGuideUploads.id, uploadId));
}

/** The preview of the staged lines: first rows in file order and the counts (refused from the read). */
export async function buildPreview(db: Database, upload: UploadRow, refused: number): Promise<GuidePreview> {
  const head = await selectStagedHead(db, upload.locationId, upload.id, GUIDE_PREVIEW_ROWS);
  // Against the uploader's location when the guide is for it, else the first location it is for.
  const compared = upload.merchantIds.includes(upload.locationId) ? upload.locationId : upload.merchantIds[0];
  const counts = await selectStagedCounts(db, upload, compared);
  return {
    rows: head.map((line) => ({
      row: line.row,
      din: line.din,
      name: line.name,
      packSize: line.packSize,
      priceCents: line.price === null ? null : parseCents(line.price),
      unitMeasure: line.unitMeasure,
      isMarketPrice: line.isMarketPrice,
    })),
    counts: { ...counts, refused },
  };
}

/**
 * Lands the staged lines for every location of the upload in one transaction (new offers created,
 * the import's own offers described by the newest guide, each location's guide applied: new prices,
 * items missing from it punched out, the read model refreshed), deletes them and marks the upload
 * applied. A failure leaves every location as it was.
 */
export async function applyStagedUpload(ctx: GuideContext, upload: UploadRow): Promise<void> {
  const lineCount = await countStagedLines(ctx.db, upload.locationId, upload.id);
  if (lineCount === 0) {
    await setUpload(ctx.db, upload.id, { status: 'failed', message: 'The order guide has no items.' });
    return;
  }
  await setUpload(ctx.db, upload.id, {
    status: 'applying',
    message: `Applying ${lineCount.toLocaleString('en-US')} items…`,
  });
  await analyzeStagedLines(ctx.db);
  await ctx.db.transaction(async (tx) => {
    await ensureStagedOffers(tx, upload.distributorId, upload.locationId, upload.id);
    await refreshImportedOffers(tx, upload.distributorId, upload.locationId, upload.id);
    for (const locationId of upload.merchantIds) {
      await applyOrderGuideLines(tx, {
        locationId,
        distributorId: upload.distributorId,
        startDate: upload.startDate,
        endDate: upload.endDate,
        lines: stagedGuideLinesSql(upload, locationId),
        lineCount,
      });
    }
    await deleteStagedLines(tx, upload.locationId, upload.id);
    // In the guide's transaction: a server killed right after the commit would otherwise leave the
    // upload 'applying' with its lines gone, and the retried job would tell the buyer "no items".
    await setUpload(tx, upload.id, {
      status: 'applied',
      progress: lineCount,
      totalRows: lineCount,
      appliedAt: new Date(),
      message:
        `Your order guide was applied: ${lineCount.toLocaleString('en-US')} items` +
        (upload.merchantIds.length > 1 ? ` for ${upload.merchantIds.length} locations.` : '.'),
    });
  });
  ctx.log.info({ uploadId: upload.id, lines: lineCount }, 'order guide applied');
}

const notReady = (upload: UploadRow, action: string) =>
  badRequest(
    upload.status === 'refused'
      ? `This order guide was refused, so it cannot be ${action}. Fix the rows listed and upload it again.`
      : `This order guide is ${upload.status}: only one waiting for review can be ${action}.`,
    'validation_error',
  );

/**
 * POST order-guides/uploads/{id}/apply: the buyer applies what the preview showed. Due today: the
 * job applies it now; dated later: the job waits for that day in the location's time zone.
 */
export async function applyUpload(ctx: GuideContext, locationId: number, uploadId: number): Promise<GuideUpload> {
  const upload = await requireUpload(ctx.db, locationId, uploadId);
  if (upload.status !== 'ready') throw notReady(upload, 'applied');
  const [location] = await queryRows<{ today: string; timezone: string }>(
    ctx.db,
    sql`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today, timezone FROM locations WHERE id = ${locationId}`,
  );
  const isDue = isGuideDue(upload.startDate, location.today);
  const job: OrderGuideImportJob = { uploadId, apply: true };
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderGuideUploads)
      .set(
        isDue
          ? { status: 'applying', message: 'Applying your order guide…' }
          : {
              status: 'scheduled',
              message: `Your order guide was received. Its prices take effect on ${formatIsoDate(upload.startDate)}.`,
            },
      )
      // Only from ready: of two Apply clicks at once, the second changes nothing and is refused.
      .where(and(eq(orderGuideUploads.id, uploadId), eq(orderGuideUploads.status, 'ready')))
      .returning();
    if (!row) throw notReady({ ...upload, status: 'applying' }, 'applied');
    if (isDue) await ctx.jobs.enqueue(tx, ORDER_GUIDE_IMPORT_QUEUE, job);
    else {
      const [start] = await queryRows<{ at: Date | string }>(
        tx,
        sql`SELECT (${upload.startDate}::date::timestamp AT TIME ZONE ${location.timezone}) AS at`,
      );
      await ctx.jobs.boss.send(ORDER_GUIDE_IMPORT_QUEUE, job, { db: executorFor(tx), startAfter: new Date(start.at) });
    }
    return row;
  });
  if (isDue) ctx.jobs.wake(ORDER_GUIDE_IMPORT_QUEUE);
  return toUpload(updated);
}

/** POST order-guides/uploads/{id}/cancel: nothing of the file is applied; its staged lines go. */
export async function cancelUpload(db: Database, locationId: number, uploadId: number): Promise<GuideUpload> {
  const upload = await requireUpload(db, locationId, uploadId);
  if (upload.status !== 'ready') throw notReady(upload, 'cancelled');
  const [row] = await db
    .update(orderGuideUploads)
    .set({ status: 'cancelled', message: 'Cancelled: nothing from this file was applied.' })
    .where(and(eq(orderGuideUploads.id, uploadId), eq(orderGuideUploads.status, 'ready')))
    .returning();
  // Applied meanwhile: its lines are the job's.
  if (!row) throw notReady({ ...upload, status: 'applying' }, 'cancelled');
  await deleteStagedLines(db, locationId, uploadId);
  return toUpload(row);
}

/** GET order-guides/uploads/{id}/refused-rows.csv: every kept refused row, its number and reason. */
export async function renderRefusedRowsCsv(db: Database, locationId: number, uploadId: number): Promise<string> {
  const upload = await requireUpload(db, locationId, uploadId);
  const lines = [toCsvLine(['Row', 'Reason'])];
  for (const error of upload.rowErrors as GuideRowError[]) lines.push(toCsvLine([String(error.row), error.message]));
  return `${lines.join('\r\n')}\r\n`;
}
