import type { InvoiceBatch, InvoiceBatchFile } from './invoice-batch.schema';

/**
 * A batch's progress from its files (issue 36): how many are still queued, imported, already there
 * or failed, and whether all have run. The failed ones come first, so what needs a person is on top.
 */
export function summarizeInvoiceBatch(id: number, files: readonly InvoiceBatchFile[]): InvoiceBatch {
  const count = (status: InvoiceBatchFile['status']) => files.filter((file) => file.status === status).length;
  const queued = count('queued');
  return {
    id,
    total: files.length,
    queued,
    imported: count('imported'),
    alreadyImported: count('already-imported'),
    failed: count('failed'),
    isDone: files.length > 0 && queued === 0,
    files: [...files].sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed') || a.id - b.id),
  };
}

/** The share of the batch that has run, 0..100, for a progress bar. */
export function getInvoiceBatchPercent(batch: Pick<InvoiceBatch, 'total' | 'queued'>): number {
  if (batch.total === 0) return 0;
  return Math.floor(((batch.total - batch.queued) * 100) / batch.total);
}
