import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInvoiceBatchPercent, summarizeInvoiceBatch } from './invoice-batch.rules';
import { INVOICE_BATCH_FILE_STATUSES, type InvoiceBatchFile } from './invoice-batch.schema';

const file = (id: number, status: InvoiceBatchFile['status']): InvoiceBatchFile => ({
  id,
  fileName: `invoice-${id}.edi`,
  status,
  invoiceNumber: null,
  orderId: null,
  matchedLines: null,
  unmatchedLines: null,
  error: status === 'failed' ? 'Invoice 1 matches no order.' : null,
});

describe('an invoice batch in progress (issue 36)', () => {
  it('counts each outcome, puts the failed files first and is done when nothing is queued', () => {
    const batch = summarizeInvoiceBatch(3, [
      file(1, 'imported'),
      file(2, 'queued'),
      file(3, 'failed'),
      file(4, 'already-imported'),
    ]);
    expect(batch).toMatchObject({ id: 3, total: 4, queued: 1, imported: 1, alreadyImported: 1, failed: 1, isDone: false });
    expect(batch.files.map((f) => f.id)).toEqual([3, 1, 2, 4]);
    expect(getInvoiceBatchPercent(batch)).toBe(75);
    expect(summarizeInvoiceBatch(3, [file(1, 'imported')]).isDone).toBe(true);
    expect(summarizeInvoiceBatch(3, []).isDone).toBe(false);
    expect(getInvoiceBatchPercent({ total: 0, queued: 0 })).toBe(0);
  });

  it('accounts for every file exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVOICE_BATCH_FILE_STATUSES), { maxLength: 60 }), (statuses) => {
        const batch = summarizeInvoiceBatch(
          1,
          statuses.map((status, i) => file(i + 1, status)),
        );
        expect(batch.queued + batch.imported + batch.alreadyImported + batch.failed).toBe(batch.total);
        expect(batch.files).toHaveLength(statuses.length);
        const percent = getInvoiceBatchPercent(batch);
        expect(percent >= 0 && percent <= 100).toBe(true);
        expect(percent === 100).toBe(batch.isDone);
      }),
    );
  });
});
