import { access } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderGuideUploads, queryRows, type Database } from '@stockpot/db';
import { applyOrderGuideLines, computeUnitPriceE4, parsePackSize } from '@stockpot/db/seed';
import {
  BUILT_IN_TEMPLATES,
  createGuideLineExtractor,
  DISTRIBUTOR_MESSAGES,
  findTemplate,
  formatIsoDate,
  isGuideDue,
  ORDER_GUIDE_PAGE_SIZE,
  parseCents,
  toCsvLine,
  toDecimalString,
  toPageMeta,
  validateGuideDates,
  type GuideLine,
  type GuideRowError,
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
  analyzeStagedLines,
  deleteStagedLines,
  ensureStagedOffers,
  hasDistributorAccount,
  insertStagedLines,
  selectGuide,
  selectApprovedTemplates,
  selectGuideItems,
  selectUploadTargets,
  stagedGuideLinesSql,
  type StagedLine,
} from './order-guides.repo';
import { openSheetRows, readSheetRows, SheetContentError } from '../../platform/documents/spreadsheet-reader';

export const ORDER_GUIDE_IMPORT_QUEUE = 'order-guide-import';

export interface OrderGuideImportJob {
  uploadId: number;
}

export interface GuideContext {
  db: Database;
  jobs: JobQueue;
  store: FileStore;
  log: FastifyBaseLogger;
}

/** The header rows of a file (template check): enough rows to find any built-in header. */
const CHECK_ROWS = 25;

/** The templates a distributor's guide is read with: the built-in ones, then those mapped on request. */
export async function getApprovedTemplates(db: Database, distributorId: number): Promise<OrderGuideTemplate[]> {
  return [...BUILT_IN_TEMPLATES, ...(await selectApprovedTemplates(db, distributorId))];
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
  const match = await checkForTemplate(input.bytes, input.kind, await getApprovedTemplates(ctx.db, input.distributorId));
  if (!match)
    throw badRequest(DISTRIBUTOR_MESSAGES.templateNotFound, 'validation_error', [
      { field: 'file', message: DISTRIBUTOR_MESSAGES.templateNotFound },
    ]);

  const isDue = isGuideDue(input.startDate, active.today);
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

function toUpload(row: typeof orderGuideUploads.$inferSelect): GuideUpload {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows,
    message: row.message,
    errors: (row.rowErrors as { row: number; message: string }[]).slice(0, 100),
  };
}

/** GET order-guides/uploads/{id}: the import's progress and outcome, for the uploader's location. */
export async function getUpload(db: Database, locationId: number, uploadId: number): Promise<GuideUpload> {
  const [row] = await db
    .select()
    .from(orderGuideUploads)
    .where(and(eq(orderGuideUploads.locationId, locationId), eq(orderGuideUploads.id, uploadId)));
  if (!row) throw notFound('Upload');
  return toUpload(row);
}

function toStagedLine(line: GuideLine): StagedLine {
  const pack = (() => {
    try {
      return parsePackSize(line.packSize);
    } catch {
      return null;
    }
  })();
  const priceCents = line.priceCents ?? 0;
  const unitQuantity = pack?.unitQuantity ?? 1;
  const unitSizeE4 = pack?.unitSizeE4 ?? 10_000;
  return {
    row: line.row,
    din: line.din,
    name: line.name,
    brand: line.brand,
    packSize: line.packSize || '1/1 EA',
    unitQuantity,
    unitSize: toDecimalString(unitSizeE4, 4),
    packSizeUom: pack?.packSizeUom ?? 'EA',
    unitMeasure: line.unitMeasure,
    price: toDecimalString(priceCents, 2),
    unitPrice: toDecimalString(computeUnitPriceE4(priceCents, { unitQuantity, unitSizeE4 }, line.unitMeasure), 4),
    isCatchWeight: line.isCatchWeight,
    isMarketPrice: line.isMarketPrice,
    guidePrice: line.priceCents !== null ? toDecimalString(line.priceCents, 2) : null,
  };
}

async function setUpload(db: Database, uploadId: number, changes: Partial<typeof orderGuideUploads.$inferInsert>): Promise<void> {
  await db.update(orderGuideUploads).set(changes).where(eq(orderGuideUploads.id, uploadId));
}

/**
 * Rows of the file read between two progress writes; their lines are staged in one statement, and
 * the event loop gets a turn before the next chunk (other requests stay fast during a 50,000-row import).
 */
export const IMPORT_CHUNK_ROWS = 2_000;

/** The row errors kept on the upload (the count covers all). */
const KEPT_ROW_ERRORS = 100;

type UploadRow = typeof orderGuideUploads.$inferSelect;

interface StagedRead {
  /** Null: no row of the file's top matches the upload's template. */
  match: TemplateMatch | null;
  lineCount: number;
  rowsRead: number;
  errors: GuideRowError[];
  errorCount: number;
}

/**
 * Reads the stored file as a stream (openSheetRows) and keeps its lines in the staging table,
 * IMPORT_CHUNK_ROWS rows at a time: each chunk one INSERT, then the progress (rows read of the rows
 * in the file), then a turn of the event loop. No transaction stays open across chunks: on PGlite (one
 * connection) a progress write inside one would wait for it forever. The location's prices are not
 * touched here.
 */
async function readAndStage(
  ctx: GuideContext,
  upload: UploadRow,
  filePath: string,
  templates: readonly OrderGuideTemplate[],
): Promise<StagedRead> {
  const { totalRows, rows } = await openSheetRows(filePath, upload.fileKind);
  if (totalRows !== null) await setUpload(ctx.db, upload.id, { totalRows });
  const head: string[][] = [];
  let extractor: ReturnType<typeof createGuideLineExtractor> | null = null;
  let pending: StagedLine[] = [];
  const result: StagedRead = { match: null, lineCount: 0, rowsRead: 0, errors: [], errorCount: 0 };
  let rowsInChunk = 0;

  const take = (cells: readonly string[], rowNumber: number) => {
    const read = extractor?.read(cells, rowNumber);
    if (read?.line) {
      pending.push(toStagedLine(read.line));
      result.lineCount += 1;
    } else if (read?.error) {
      result.errorCount += 1;
      if (result.errors.length < KEPT_ROW_ERRORS) result.errors.push(read.error);
    }
  };
  /** The template is looked for in the file's top rows; the rows after its header are then read. */
  const findHeader = (): boolean => {
    const top = Array.from({ length: head.length }, (_, i) => head[i] ?? []);
    const match = findTemplate(top, templates);
    if (!match) return false;
    result.match = match;
    extractor = createGuideLineExtractor(match);
    for (let i = match.headerRow + 1; i < top.length; i += 1) take(top[i], i + 1);
    return true;
  };
  const flush = async () => {
    await insertStagedLines(ctx.db, upload.locationId, upload.id, pending);
    pending = [];
    rowsInChunk = 0;
    await setUpload(ctx.db, upload.id, { progress: result.rowsRead });
    await yieldToEventLoop();
  };

  for await (const row of rows) {
    result.rowsRead = row.number;
    if (!extractor) {
      if (row.number <= CHECK_ROWS) {
        head[row.number - 1] = row.cells;
        continue;
      }
      if (!findHeader()) return result;
    }
    take(row.cells, row.number);
    rowsInChunk += 1;
    if (rowsInChunk >= IMPORT_CHUNK_ROWS) await flush();
  }
  if (!extractor && !findHeader()) return result;
  await flush();
  return result;
}

const fileExists = (filePath: string) =>
  access(filePath).then(
    () => true,
    () => false,
  );

/**
 * The import job (issue 20: a 50,000-row guide with a progress indicator, without blocking the
 * server). Reads the stored file as a stream and stages its lines in chunks (readAndStage), the
 * progress written between chunks; then lands the guide for every location of the upload in one
 * transaction from the staged lines (new offers created, new prices, punched-out items, the guide's
 * lines kept as price history, the place-order read model refreshed) and deletes them. Lines
 * without a price keep the location's current price; market-price lines keep theirs too. Any
 * failure before that transaction commits leaves every location's prices as they were.
 */
export async function runImportJob(ctx: GuideContext, job: OrderGuideImportJob): Promise<void> {
  const [upload] = await ctx.db.select().from(orderGuideUploads).where(eq(orderGuideUploads.id, job.uploadId));
  if (!upload || upload.status === 'applied' || upload.status === 'failed') return;
  // A retry starts over: the lines an earlier attempt staged go first.
  await deleteStagedLines(ctx.db, upload.locationId, upload.id);
  await setUpload(ctx.db, upload.id, {
    status: 'processing',
    progress: 0,
    totalRows: 0,
    message: 'Reading your order guide…',
  });
  const filePath = ctx.store.absolutePath(upload.storedAs);
  if (!(await fileExists(filePath))) {
    await setUpload(ctx.db, upload.id, { status: 'failed', message: DISTRIBUTOR_MESSAGES.uploadFailure });
    return;
  }
  const templates = (await getApprovedTemplates(ctx.db, upload.distributorId)).filter(
    (template) => template.key === upload.templateKey,
  );
  let read: StagedRead;
  try {
    read = await readAndStage(ctx, upload, filePath, templates);
  } catch (error) {
    if (!(error instanceof SheetContentError)) throw error;
    // The file itself is wrong: no retry reads it better.
    await deleteStagedLines(ctx.db, upload.locationId, upload.id);
    await setUpload(ctx.db, upload.id, { status: 'failed', message: DISTRIBUTOR_MESSAGES.fileType });
    return;
  }
  if (!read.match || read.lineCount === 0) {
    await deleteStagedLines(ctx.db, upload.locationId, upload.id);
    await setUpload(ctx.db, upload.id, {
      status: 'failed',
      message: read.match ? 'The order guide has no items.' : DISTRIBUTOR_MESSAGES.templateNotFound,
      rowErrors: read.errors,
    });
    return;
  }

  const { lineCount } = read;
  await setUpload(ctx.db, upload.id, {
    progress: read.rowsRead,
    totalRows: read.rowsRead,
    message: `Applying ${lineCount.toLocaleString('en-US')} items…`,
  });
  await analyzeStagedLines(ctx.db);
  await ctx.db.transaction(async (tx) => {
    await ensureStagedOffers(tx, upload.distributorId, upload.locationId, upload.id);
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
  });
  await setUpload(ctx.db, upload.id, {
    status: 'applied',
    progress: lineCount,
    totalRows: lineCount,
    appliedAt: new Date(),
    rowErrors: read.errors,
    message:
      `Your order guide was applied: ${lineCount.toLocaleString('en-US')} items` +
      (upload.merchantIds.length > 1 ? ` for ${upload.merchantIds.length} locations` : '') +
      (read.errorCount > 0 ? `; ${read.errorCount} rows could not be read.` : '.'),
  });
  ctx.log.info({ uploadId: upload.id, lines: lineCount, rows: read.rowsRead }, 'order guide applied');
}

/** After the last retry: the upload is marked failed with the standard message, its staged lines deleted. */
export async function failImportJob(ctx: GuideContext, job: OrderGuideImportJob, error: string): Promise<void> {
  ctx.log.error({ uploadId: job.uploadId, error }, 'order guide import failed');
  const [upload] = await queryRows<{ locationId: number }>(
    ctx.db,
    sql`SELECT location_id AS "locationId" FROM order_guide_uploads WHERE id = ${job.uploadId}`,
  );
  if (upload) await deleteStagedLines(ctx.db, upload.locationId, job.uploadId);
  await setUpload(ctx.db, job.uploadId, { status: 'failed', message: DISTRIBUTOR_MESSAGES.uploadFailure });
}
