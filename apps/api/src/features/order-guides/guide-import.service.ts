import { access } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { orderGuideUploads, queryRows, type Database } from '@stockpot/db';
import { computeUnitPriceE4, parsePackSize } from '@stockpot/db/seed';
import {
  createGuideLineExtractor,
  describeMissingPrices,
  DISTRIBUTOR_MESSAGES,
  findTemplate,
  toDecimalString,
  type GuideLine,
  type GuideRowError,
  type OrderGuideTemplate,
  type TemplateMatch,
} from '@stockpot/domain';
import { openSheetRows, SheetContentError } from '../../platform/documents/spreadsheet-reader';
import { deleteStagedLines, insertStagedLines, type StagedLine } from './order-guides.repo';
import { getApprovedTemplates, type GuideContext, type OrderGuideImportJob } from './order-guides.service';
import { applyStagedUpload, buildPreview } from './guide-review.service';

/**
 * The order-guide import job (issue 20: 50,000 rows streamed, with progress; issue 31: every row
 * checked, a refused file changes nothing, a reviewed upload waits for the buyer after reading).
 */

/** The header rows of a file looked at for its template before the rest is streamed. */
const CHECK_ROWS = 25;

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

export async function setUpload(
  db: Database,
  uploadId: number,
  changes: Partial<typeof orderGuideUploads.$inferInsert>,
): Promise<void> {
  await db.update(orderGuideUploads).set(changes).where(eq(orderGuideUploads.id, uploadId));
}

/**
 * Rows of the file read between two progress writes; their lines are staged in one statement, and
 * the event loop gets a turn before the next chunk (other requests stay fast during a 50,000-row import).
 */
export const IMPORT_CHUNK_ROWS = 2_000;

/** The refused rows kept on the upload for the refused-rows csv (the count covers all). */
export const KEPT_ROW_ERRORS = 10_000;

type UploadRow = typeof orderGuideUploads.$inferSelect;

interface StagedRead {
  /** Null: no row of the file's top matches the upload's template. */
  match: TemplateMatch | null;
  lineCount: number;
  /** Lines with a price of their own (issue 31: a file with none is refused). */
  pricedCount: number;
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
  const result: StagedRead = { match: null, lineCount: 0, pricedCount: 0, rowsRead: 0, errors: [], errorCount: 0 };
  let rowsInChunk = 0;

  const take = (cells: readonly string[], rowNumber: number) => {
    const read = extractor?.read(cells, rowNumber);
    if (read?.line) {
      pending.push(toStagedLine(read.line));
      result.lineCount += 1;
      if (read.line.priceCents !== null) result.pricedCount += 1;
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
    // A CSV's cells are placed by delimiters, so a missing one shifts the row (issue 31).
    extractor = createGuideLineExtractor(match, { checkCellCount: upload.fileKind === 'csv' });
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

/** Why a read file is refused as a whole (issue 31), or null when it can be applied. */
function describeRefusal(read: StagedRead): string | null {
  if (!read.match) return DISTRIBUTOR_MESSAGES.templateNotFound;
  if (read.errorCount > 0) {
    const rows = read.errorCount === 1 ? '1 row' : `${read.errorCount.toLocaleString('en-US')} rows`;
    return `${rows} of your order guide could not be read, so nothing was applied. Fix the rows listed and upload the file again.`;
  }
  if (read.lineCount === 0) return 'The order guide has no items.';
  if (read.pricedCount === 0) return describeMissingPrices(read.match);
  return null;
}

/**
 * The import job. Reading: streams the stored file, staging its lines in chunks (readAndStage) with
 * the progress written between them. A file with any refused row, no item or no price at all is
 * refused as a whole (issue 31): its staged lines are deleted and nothing is applied. A reviewed
 * upload then stops at 'ready' with its preview; any other is applied at once (applyStagedUpload:
 * one transaction for every location). Applying (`job.apply`): the staged lines of a reviewed upload.
 */
export async function runImportJob(ctx: GuideContext, job: OrderGuideImportJob): Promise<void> {
  const [upload] = await ctx.db.select().from(orderGuideUploads).where(eq(orderGuideUploads.id, job.uploadId));
  if (!upload || !['queued', 'processing', 'scheduled', 'applying'].includes(upload.status)) return;
  if (job.apply) {
    await applyStagedUpload(ctx, upload);
    return;
  }
  // A retry starts over: the lines an earlier attempt staged go first.
  await deleteStagedLines(ctx.db, upload.locationId, upload.id);
  await setUpload(ctx.db, upload.id, { status: 'processing', progress: 0, totalRows: 0, message: 'Reading your order guide…' });
  const filePath = ctx.store.absolutePath(upload.storedAs);
  if (!(await fileExists(filePath))) {
    await setUpload(ctx.db, upload.id, { status: 'failed', message: DISTRIBUTOR_MESSAGES.uploadFailure });
    return;
  }
  const templates = (await getApprovedTemplates(ctx.db, upload.distributorId, upload.locationId)).filter(
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
  const preview = read.match ? await buildPreview(ctx.db, upload, read.errorCount) : null;
  const refusal = describeRefusal(read);
  if (refusal) {
    await deleteStagedLines(ctx.db, upload.locationId, upload.id);
    await setUpload(ctx.db, upload.id, {
      status: 'refused',
      message: refusal,
      rowErrors: read.errors,
      refusedCount: read.errorCount,
      preview,
      progress: read.rowsRead,
      totalRows: read.rowsRead,
    });
    return;
  }
  await setUpload(ctx.db, upload.id, {
    progress: read.rowsRead,
    totalRows: read.rowsRead,
    preview,
    ...(upload.needsReview
      ? { status: 'ready' as const, message: 'Check what was read, then apply the order guide or cancel.' }
      : {}),
  });
  if (!upload.needsReview) await applyStagedUpload(ctx, { ...upload, status: 'applying' });
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
