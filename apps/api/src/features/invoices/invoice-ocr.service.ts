import type { InvoiceSuggestions } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import type { StoredSuggestion } from './invoice-ocr.job';
import * as repo from './invoice-ocr.repo';

const NOTHING: Omit<InvoiceSuggestions, 'status' | 'progress' | 'imageId' | 'fileName' | 'error'> = {
  invoiceNumber: null,
  invoiceDate: null,
  total: null,
  lines: [],
  unmatchedLineCount: 0,
  isEmpty: false,
};

/**
 * GET orders/{id}/invoice-suggestions (issue 36): what OCR read on the order's latest invoice photo
 * or PDF: `none` before any upload, `pending` while reading (with progress), `done` or `failed`.
 */
export async function getInvoiceSuggestions(db: Database, locationId: number, orderId: number): Promise<InvoiceSuggestions> {
  if (!(await repo.orderExistsAt(db, locationId, orderId))) throw notFound('Order');
  const reading = await repo.findLatestReading(db, locationId, orderId);
  if (!reading) return { status: 'none', progress: 0, imageId: null, fileName: null, error: null, ...NOTHING };
  const base = { imageId: reading.invoiceImageId, fileName: reading.fileName, progress: reading.progress };
  if (reading.status === 'pending') return { status: 'pending', error: null, ...base, ...NOTHING };
  if (reading.status === 'failed') return { status: 'failed', error: reading.error, ...base, ...NOTHING };
  const found = reading.suggestion as StoredSuggestion;
  return { status: 'done', error: null, ...base, ...NOTHING, ...found };
}
