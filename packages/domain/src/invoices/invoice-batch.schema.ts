import { z } from 'zod';

/**
 * Several hundred invoices imported at once (issue 36): POST invoices/import-batches opens a batch,
 * POST invoices/import-batches/{id}/files adds one file (queued as its own job, answered at once),
 * GET invoices/import-batches/{id} answers its progress.
 */

export const INVOICE_BATCH_FILE_STATUSES = ['queued', 'imported', 'already-imported', 'failed'] as const;
export type InvoiceBatchFileStatus = (typeof INVOICE_BATCH_FILE_STATUSES)[number];

/** A batch holds at most this many files: a distributor's year of weekly invoices for a dozen accounts. */
export const INVOICE_BATCH_MAX_FILES = 1000;

/** The web app sends this many files at a time, and uses a batch from this many files on. */
export const INVOICE_BATCH_PARALLEL_UPLOADS = 4;
export const INVOICE_BATCH_FROM_FILES = 4;

export const invoiceBatchCreateSchema = z.object({
  /** For invoices without one of our PO numbers. */
  distributorId: z
    .number({ message: 'distributorId must be a number.' })
    .int({ message: 'distributorId must be a whole number.' })
    .positive({ message: 'distributorId must be a positive number.' })
    .max(2_147_483_647, { message: 'distributorId is not a distributor.' })
    .nullable()
    .optional(),
});

export const invoiceBatchFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(INVOICE_BATCH_FILE_STATUSES),
  invoiceNumber: z.string().nullable(),
  orderId: z.number().int().nullable(),
  matchedLines: z.number().int().nullable(),
  unmatchedLines: z.number().int().nullable(),
  /** Why it failed, a sentence the buyer can act on. */
  error: z.string().nullable(),
});
export type InvoiceBatchFile = z.infer<typeof invoiceBatchFileSchema>;

export const invoiceBatchSchema = z.object({
  id: z.number().int(),
  total: z.number().int(),
  queued: z.number().int(),
  imported: z.number().int(),
  alreadyImported: z.number().int(),
  failed: z.number().int(),
  /** Every file has run. */
  isDone: z.boolean(),
  /** The failed files first, then the rest, in the order they were added. */
  files: z.array(invoiceBatchFileSchema),
});
export type InvoiceBatch = z.infer<typeof invoiceBatchSchema>;

export const invoiceBatchFileAcceptedSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.literal('queued'),
});
