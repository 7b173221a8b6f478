import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { importInvoice } from './invoice-import.service';
import * as repo from './invoice-batch.repo';

/**
 * Several hundred invoices at once (issue 36): each file of a batch is imported by its own job,
 * through the same path as POST invoices/import (one transaction, idempotent by distributor and
 * invoice number). The job's outcome is written in that same transaction, so a retry after a crash
 * finds the file already run instead of reporting it "already imported".
 */

export const INVOICE_IMPORT_QUEUE = 'invoice-import';

export interface InvoiceImportJob {
  locationId: number;
  fileId: number;
}

export async function enqueueInvoiceImport(jobs: JobQueue, tx: Database, job: InvoiceImportJob): Promise<void> {
  await jobs.enqueue(tx, INVOICE_IMPORT_QUEUE, job);
}

export async function runInvoiceImportJob(db: Database, log: FastifyBaseLogger, job: InvoiceImportJob): Promise<void> {
  const file = await repo.findQueuedFile(db, job.locationId, job.fileId);
  if (!file) return; // run by an earlier attempt, or the batch was deleted
  try {
    await db.transaction(async (tx) => {
      const result = await importInvoice(
        tx,
        { locationId: job.locationId, userId: file.createdBy },
        {
          fileName: file.fileName,
          bytes: Buffer.from(file.content),
          kind: file.kind,
          distributorId: file.distributorId ?? undefined,
        },
      );
      await repo.finishFile(tx, job.locationId, job.fileId, {
        status: result.alreadyImported ? 'already-imported' : 'imported',
        result,
      });
    });
  } catch (error) {
    // What is wrong with the file (no order, wrong total, not an invoice) is its outcome; anything else is retried.
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    await repo.finishFile(db, job.locationId, job.fileId, { status: 'failed', error: error.message });
  }
  log.debug({ fileId: job.fileId }, 'invoice file imported');
}

export async function failInvoiceImportJob(db: Database, log: FastifyBaseLogger, job: InvoiceImportJob, error: string) {
  log.warn({ fileId: job.fileId, error }, 'invoice import job failed');
  await repo.finishFile(db, job.locationId, job.fileId, {
    status: 'failed',
    error: 'The invoice could not be imported just now. Import this file again.',
  });
}
