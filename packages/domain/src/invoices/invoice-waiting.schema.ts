import { z } from 'zod';

/**
 * GET invoices/waiting (issue 36): what is still waiting at the active location. Money in cents,
 * dates YYYY-MM-DD, `arrivedAt` an ISO timestamp.
 */

/**
 * no-paper-copy: an electronic invoice whose photo or PDF has not been uploaded; no-electronic-copy:
 * a photo or PDF whose electronic invoice has not arrived; no-order: an electronic invoice that fits
 * no order of the location (kept when imported, e.g. ordered by phone) or whose order is gone.
 */
export const INVOICE_WAITING_KINDS = ['no-paper-copy', 'no-electronic-copy', 'no-order'] as const;
export type InvoiceWaitingKind = (typeof INVOICE_WAITING_KINDS)[number];

/** The list shows this many of each kind, newest first; the counts say how many there are in all. */
export const INVOICE_WAITING_LIMIT = 50;

export const waitingInvoiceSchema = z.object({
  kind: z.enum(INVOICE_WAITING_KINDS),
  /** The electronic invoice (null for a photo). */
  invoiceId: z.number().int().nullable(),
  /** The uploaded photo or PDF (null for an electronic invoice). */
  imageId: z.number().int().nullable(),
  /** Null for an invoice matched to no order and for a photo or PDF that came by e-mail. */
  orderId: z.number().int().nullable(),
  /** Empty for a photo or PDF that came by e-mail (no order, so no distributor known). */
  distributor: z.string(),
  /** Who e-mailed it (an invoice or a photo that came by mail); null for an upload. */
  senderEmail: z.string().nullable(),
  /** As imported, or as OCR read it (null when it read none). */
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  total: z.number().int().nullable(),
  fileName: z.string(),
  /** A photo's reading: pending while Tesseract reads, failed when it could not; done for an electronic invoice. */
  readingStatus: z.enum(['pending', 'done', 'failed']),
  arrivedAt: z.string(),
});
export type WaitingInvoice = z.infer<typeof waitingInvoiceSchema>;

export const invoicesWaitingSchema = z.object({
  items: z.array(waitingInvoiceSchema),
  counts: z.object({
    noPaperCopy: z.number().int(),
    noElectronicCopy: z.number().int(),
    noOrder: z.number().int(),
  }),
});
export type InvoicesWaiting = z.infer<typeof invoicesWaitingSchema>;

/** POST invoices/waiting/photos/{imageId}/dismiss (issue 36): the photo no longer waits. */
export const waitingPhotoDismissedSchema = z.object({
  imageId: z.number().int(),
  dismissedAt: z.string(),
});
export type WaitingPhotoDismissed = z.infer<typeof waitingPhotoDismissedSchema>;
