import type { FastifyBaseLogger } from 'fastify';
import {
  hasOcrFindings,
  isOcrLineConsistent,
  matchOcrLines,
  parseOcrInvoice,
  type InvoiceFileType,
  type InvoiceSuggestionLine,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import type { FileStore } from '../../platform/documents/file-store';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { attachToElectronic } from './invoice-copies.service';
import { OcrEngineClosedError, type OcrEngine } from './invoice-ocr.engine';
import * as repo from './invoice-ocr.repo';

/**
 * Reading an invoice photo or PDF (issue 36): the upload enqueues a job in its own transaction; the
 * job runs Tesseract and stores what it found as suggestions. Nothing here changes the order.
 */

export const INVOICE_OCR_QUEUE = 'invoice-ocr';

export interface InvoiceOcrJob {
  locationId: number;
  /** Null for a photo or PDF that came by e-mail: no order lines to match the read lines to. */
  orderId: number | null;
  imageId: number;
}

export interface OcrJobContext {
  db: Database;
  store: FileStore;
  engine: OcrEngine;
  log: FastifyBaseLogger;
}

/** What a finished reading stores (money in cents): the API answers it as is. */
export interface StoredSuggestion {
  invoiceNumber: string | null;
  invoiceDate: string | null;
  total: number | null;
  lines: InvoiceSuggestionLine[];
  unmatchedLineCount: number;
  isEmpty: boolean;
}

export const OCR_FAILED_MESSAGE = 'The invoice could not be read. Type the invoice number yourself, or upload a sharper photo.';

/** A pending reading and its job, in the transaction that stores the uploaded file's row. */
export async function enqueueInvoiceOcr(jobs: JobQueue, tx: Database, job: InvoiceOcrJob): Promise<void> {
  await repo.insertReading(tx, job);
  await jobs.enqueue(tx, INVOICE_OCR_QUEUE, job);
}

/** Progress is written at most every tenth, so a page's hundred progress events cost ten updates. */
function progressWriter(ctx: OcrJobContext, job: InvoiceOcrJob) {
  let written = 0;
  let chain = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.min(99, Math.floor(fraction * 100));
      if (percent < written + 10) return;
      written = percent;
      chain = chain.then(() => repo.updateProgress(ctx.db, job.locationId, job.imageId, percent)).catch(() => undefined);
    },
    settle: () => chain,
  };
}

export async function runInvoiceOcrJob(ctx: OcrJobContext, job: InvoiceOcrJob): Promise<void> {
  const source = await repo.findReadingSource(ctx.db, job.locationId, job.imageId);
  if (!source || source.status !== 'pending') return; // deleted since, or read by an earlier attempt
  const data = await ctx.store.read(source.storagePath);
  if (!data) {
    await repo.finishReading(ctx.db, job.locationId, job.imageId, { status: 'failed', error: OCR_FAILED_MESSAGE });
    return;
  }
  const progress = progressWriter(ctx, job);
  const started = Date.now();
  let text: string;
  try {
    text = await ctx.engine.read(data, source.contentType as InvoiceFileType, progress.report);
  } catch (error) {
    if (error instanceof OcrEngineClosedError) throw error;
    // A file Tesseract or pdfjs cannot decode reads no better on a retry: the receiver is told now.
    await progress.settle();
    await failInvoiceOcrJob(ctx, job, error instanceof Error ? error.message : String(error));
    return;
  }
  await progress.settle();
  const invoice = parseOcrInvoice(text);
  const orderLines = job.orderId === null ? [] : await repo.selectOcrOrderLines(ctx.db, job.locationId, job.orderId);
  const matches = matchOcrLines(invoice.lines, orderLines);
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  const lines = matches.map((match): InvoiceSuggestionLine => {
    const read = invoice.lines[match.lineIndex]!;
    const target = byId.get(match.targetId)!;
    return {
      orderItemId: target.id,
      matchedBy: match.matchedBy,
      itemNumber: target.itemNumber,
      description: target.description,
      readDescription: read.description,
      quantity: read.quantity,
      unitPrice: read.unitPrice,
      amount: read.amount,
      isConsistent: isOcrLineConsistent(read),
    };
  });
  const suggestion: StoredSuggestion = {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    total: invoice.total,
    lines,
    unmatchedLineCount: invoice.lines.length - lines.length,
    isEmpty: !hasOcrFindings(invoice),
  };
  // The reading and its link to the electronic invoice it is a copy of (if that arrived first) commit together.
  await ctx.db.transaction(async (tx) => {
    await repo.finishReading(tx, job.locationId, job.imageId, { status: 'done', suggestion });
    await attachToElectronic(tx, job.locationId, job.imageId);
  });
  ctx.log.info(
    { imageId: job.imageId, ms: Date.now() - started, chars: text.length, lines: invoice.lines.length },
    'invoice OCR read',
  );
}

export async function failInvoiceOcrJob(ctx: OcrJobContext, job: InvoiceOcrJob, error: string): Promise<void> {
  ctx.log.warn({ imageId: job.imageId, error }, 'invoice OCR failed');
  await repo.finishReading(ctx.db, job.locationId, job.imageId, { status: 'failed', error: OCR_FAILED_MESSAGE });
}
