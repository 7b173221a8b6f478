import { z } from 'zod';

/** GET orders/{id}/invoice-suggestions (issue 36): what OCR read on the order's latest invoice photo or PDF. Money in cents. */

export const INVOICE_SUGGESTION_STATUSES = ['none', 'pending', 'done', 'failed'] as const;
export type InvoiceSuggestionStatus = (typeof INVOICE_SUGGESTION_STATUSES)[number];

export const invoiceSuggestionLineSchema = z.object({
  /** The order line it matched. */
  orderItemId: z.number().int(),
  matchedBy: z.enum(['item-number', 'description']),
  /** The order line's item number and description, as ordered. */
  itemNumber: z.string(),
  description: z.string(),
  /** The line as read. */
  readDescription: z.string(),
  /** Exact decimal text. */
  quantity: z.string(),
  /** Cents. */
  unitPrice: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
  /** quantity × unitPrice equals amount (a misread digit usually breaks this). */
  isConsistent: z.boolean(),
});
export type InvoiceSuggestionLine = z.infer<typeof invoiceSuggestionLineSchema>;

export const invoiceSuggestionsSchema = z.object({
  status: z.enum(INVOICE_SUGGESTION_STATUSES),
  /** Reading progress 0..100 while pending. */
  progress: z.number().int(),
  /** The invoice photo or file read (null when none was uploaded). */
  imageId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** YYYY-MM-DD. */
  invoiceDate: z.string().nullable(),
  /** Cents. */
  total: z.number().int().nullable(),
  lines: z.array(invoiceSuggestionLineSchema),
  /** Lines read that match none of the order's lines. */
  unmatchedLineCount: z.number().int(),
  /** Done, yet nothing was found: the photo yields nothing. */
  isEmpty: z.boolean(),
  /** Why reading failed, a sentence for the receiver. */
  error: z.string().nullable(),
});
export type InvoiceSuggestions = z.infer<typeof invoiceSuggestionsSchema>;
