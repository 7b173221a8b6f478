import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderGuideUploads, queryRows, type Database } from '@stockpot/db';
import { computeUnitPriceE4 } from '@stockpot/db/seed';
import {
  BUILT_IN_TEMPLATES,
  DISTRIBUTOR_MESSAGES,
  findTemplate,
  formatIsoDate,
  isGuideDue,
  ORDER_GUIDE_PAGE_SIZE,
  parseCents,
  toCsvLine,
  toPageMeta,
  validateGuideDates,
  type GuidePreview,
  type GuideUpload,
  type OrderGuideItem,
  type PageMeta,
  type SpreadsheetKind,
  type OrderGuideTemplate,
  type TemplateMatch,
} from '@stockpot/domain';
import { and, eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/documents/file-store';
import { cleanUploadFileName } from '../../platform/documents/file-name';
import { executorFor, type JobQueue } from '../../platform/jobs/job-queue';
import {
  hasDistributorAccount,
  selectGuide,
  selectApprovedTemplates,
  selectGuideItems,
  selectUploadTargets,
} from './order-guides.repo';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';

export const ORDER_GUIDE_IMPORT_QUEUE = 'order-guide-import';

export interface OrderGuideImportJob {
  uploadId: number;
  /** Issue 31: apply the lines a reviewed upload staged (the buyer pressed Apply); otherwise read the file. */
  apply?: boolean;
}

export interface GuideContext {
  db: Database;
  jobs: JobQueue;
  store: FileStore;
  log: FastifyBaseLogger;
}

/** The header rows of a file (template check): enough rows to find any built-in header. */
const CHECK_ROWS = 25;

/**
 * The templates a distributor's guide is read with at a location: the built-in ones, then those
 * mapped on request, then the location's own column mappings (issue 31).
 */
export async function getApprovedTemplates(
  db: Database,
  distributorId: number,
  locationId: number,
): Promise<OrderGuideTemplate[]> {
  return [...BUILT_IN_TEMPLATES, ...(await selectApprovedTemplates(db, distributorId, locationId))];
}

/** The first rows of a file, as a template check reads them; a file that cannot be read is the wrong kind of file. */
export async function readHeaderRows(bytes: Buffer, kind: SpreadsheetKind): Promise<string[][]> {
  return readSheetRows(bytes, kind, CHECK_ROWS).catch(() => {
    throw badRequest(DISTRIBUTOR_MESSAGES.fileType, 'unsupported_media_type', [
      { field: 'file', message: DISTRIBUTOR_MESSAGES.fileType },
    ]);
  });
}

/** check-for-template: the approved template (built in or mapped on request) the file's header matches, if any. */
export async function checkForTemplate(
  bytes: Buffer,
  kind: SpreadsheetKind,
  templates: readonly OrderGuideTemplate[] = BUILT_IN_TEMPLATES,
): Promise<TemplateMatch | null> {
  // A file that looks like a spreadsheet but cannot be read (broken XML, a truncated part) is the
  // wrong kind of file for the person uploading it, not a server error.
  const rows = await readSheetRows(bytes, kind, CHECK_ROWS).catch(() => {
    throw badRequest(DISTRIBUTOR_MESSAGES.fileType, 'unsupported_media_type', [
      { field: 'file', message: DISTRIBUTOR_MESSAGES.fileType },
    ]);
  });
  return findTemplate(rows, templates);
}

/** GET /order-guides/{id}/items: a page of one of the location's guides (20 a page, doc 3 §9). */
export async function listGuideItems(
  db: Database,
  locationId: number,
  guideId: number,
  page: number,
  limit = ORDER_GUIDE_PAGE_SIZE,
): Promise<{ data: OrderGuideItem[]; _meta: PageMeta }> {
  const guide = await selectGuide(db, locationId, guideId);
  if (!guide) throw notFound('Order guide');
  const rows = await selectGuideItems(db, guideId, locationId, limit, (page - 1) * limit);
  return {
    data: rows.map((row) => {
      const price = parseCents(row.price);
      const isCatchWeight = row.isCatchWeight || row.unitMeasure === 'LB';
      const units = row.unitQuantity * Number(row.unitSize);
      return {
        din: row.din,
        name: row.name,
        unit_measure: row.unitMeasure,
        price,
        pack_size: row.packSize,
        unit_price:
          row.unitMeasure === 'CS' && units > 0
            ? computeUnitPriceE4(
                price,
                { unitQuantity: row.unitQuantity, unitSizeE4: Math.round(Number(row.unitSize) * 10_000) },
                'CS',
              )
            : price * 100,
        is_catch_weight: isCatchWeight ? 1 : 0,
        brand: row.brand,
      };
    }),
    _meta: toPageMeta(guide.itemCount, page, limit),
  };
}

/** The guide as CSV in the Stockpot layout (uploads back as is); text cells are formula-safe. */
export async function renderGuideCsv(db: Database, locationId: number, guideId: number): Promise<string> {
  const guide = await selectGuide(db, locationId, guideId);
  if (!guide) throw notFound('Order guide');
  const rows = await selectGuideItems(db, guideId, locationId, 1_000_000, 0);
  const lines = [toCsvLine(['din', 'name', 'brand', 'pack_size', 'unit_measure', 'price', 'is_catch_weight'])];
  for (const row of rows) {
    lines.push(
      toCsvLine([row.din, row.name, row.brand, row.packSize, row.unitMeasure, row.price, row.isCatchWeight ? '1' : '0']),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function assertGuideOfLocation(db: Database, locationId: number, guideId: number): Promise<void> {
  if (!(await selectGuide(db, locationId, guideId))) throw notFound('Order guide');
}

export interface UploadInput {
  userId: number;
  locationId: number;
  distributorId: number;
  merchantIds: number[];
  startDate: string;
  endDate: string;
  fileName: string;
  bytes: Buffer;
  kind: SpreadsheetKind;
  /** Issue 31: stop after reading and wait for the buyer to apply or cancel. */
  needsReview?: boolean;
}

/**
 * The locations a guide (or a template request) is for: the distributor must be one the active
 * location buys from, and every location one of the caller's that buys from it too.
 */
export async function requireUploadTargets(
  db: Database,
  input: { locationId: number; userId: number; distributorId: number; merchantIds: number[] },
): Promise<{ targets: Awaited<ReturnType<typeof selectUploadTargets>>; merchantIds: number[] }> {
  if (!(await hasDistributorAccount(db, input.locationId, input.distributorId))) throw notFound('Distributor');
  const merchantIds = [...new Set(input.merchantIds)];
  const targets = await selectUploadTargets(db, input.userId, input.distributorId, merchantIds);
  if (targets.length !== merchantIds.length || targets.some((target) => !target.isMember)) throw notFound('Location');
  const notBuying = targets.find((target) => !target.hasAccount);
  if (notBuying)
    throw badRequest(`${notBuying.nickname} does not buy from this distributor.`, 'validation_error', [
      { field: 'merchantIds', message: `${notBuying.nickname} does not buy from this distributor.` },
    ]);
  return { targets, merchantIds };
}

/**
 * POST order-guides/front-upload: checks the request (distributor of the active location, every
 * location one of the caller's that buys from it, dates, an approved template), keeps the file and
 * enqueues its import in the same transaction. A guide dated later waits in the queue until the
 * start of its Order Guide Date in the location's time zone: its prices take effect on that day.
 */
export async function uploadGuide(ctx: GuideContext, input: UploadInput): Promise<GuideUpload> {
  const { targets, merchantIds } = await requireUploadTargets(ctx.db, input);
  const active = targets.find((target) => target.id === input.locationId) ?? targets[0];
  const dateErrors = validateGuideDates(input.startDate, input.endDate, active.today);
  if (dateErrors.length > 0) throw badRequest(dateErrors[0].message, 'validation_error', dateErrors);
  const match = await checkForTemplate(
    input.bytes,
    input.kind,
    await getApprovedTemplates(ctx.db, input.distributorId, input.locationId),
  );
  if (!match)
    throw badRequest(DISTRIBUTOR_MESSAGES.templateNotFound, 'validation_error', [
      { field: 'file', message: DISTRIBUTOR_MESSAGES.templateNotFound },
    ]);

  // A reviewed upload is read at once whatever its date; Apply then waits for the date (applyUpload).
  const isDue = input.needsReview === true || isGuideDue(input.startDate, active.today);
  const storedAs = `order-guides/${input.locationId}/${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${input.kind}`;
  await ctx.store.write(storedAs, input.bytes);
  const upload = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orderGuideUploads)
      .values({
        locationId: input.locationId,
        distributorId: input.distributorId,
        userId: input.userId,
        merchantIds,
        startDate: input.startDate,
        endDate: input.endDate,
        fileName: cleanUploadFileName(input.fileName, `order-guide.${input.kind}`, 200),
        storedAs,
        fileKind: input.kind,
        templateKey: match.template.key,
        needsReview: input.needsReview === true,
        status: isDue ? 'queued' : 'scheduled',
        message: isDue
          ? 'Your order guide was received and is being processed.'
          : `Your order guide was received. Its prices take effect on ${formatIsoDate(input.startDate)}.`,
      })
      .returning();
    const job: OrderGuideImportJob = { uploadId: row.id };
    if (isDue) await ctx.jobs.enqueue(tx, ORDER_GUIDE_IMPORT_QUEUE, job);
    else {
      const [start] = await queryRows<{ at: Date | string }>(
        tx,
        sql`SELECT (${input.startDate}::date::timestamp AT TIME ZONE ${active.timezone}) AS at`,
      );
      await ctx.jobs.boss.send(ORDER_GUIDE_IMPORT_QUEUE, job, { db: executorFor(tx), startAfter: new Date(start.at) });
    }
    return row;
  });
  if (isDue) ctx.jobs.wake(ORDER_GUIDE_IMPORT_QUEUE);
  return toUpload(upload);
}

export function toUpload(row: typeof orderGuideUploads.$inferSelect): GuideUpload {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows,
    message: row.message,
    errors: (row.rowErrors as { row: number; message: string }[]).slice(0, 100),
    refusedCount: row.refusedCount,
    needsReview: row.needsReview,
    preview: (row.preview as GuidePreview | null) ?? null,
  };
}

/** GET order-guides/uploads/{id}: the import's progress and outcome, for the uploader's location. */
export async function getUpload(db: Database, locationId: number, uploadId: number): Promise<GuideUpload> {
  return toUpload(await requireUpload(db, locationId, uploadId));
}

/** One of the location's uploads (a foreign id answers 404). */
export async function requireUpload(
  db: Database,
  locationId: number,
  uploadId: number,
): Promise<typeof orderGuideUploads.$inferSelect> {
  const [row] = await db
    .select()
    .from(orderGuideUploads)
    .where(and(eq(orderGuideUploads.locationId, locationId), eq(orderGuideUploads.id, uploadId)));
  if (!row) throw notFound('Upload');
  return row;
}
