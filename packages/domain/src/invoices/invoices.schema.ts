import { z } from 'zod';
import { INVOICE_FORMATS } from './invoice.rules';

/** The invoice import contract (issue 36): POST /invoices/import answers one result per file. Money in cents. */

/** The optional form field beside the file: the distributor, when the invoice carries no PO number of ours. */
export const invoiceImportFieldsSchema = z.object({
  distributor_id: z.coerce
    .number({ message: 'distributor_id must be a number.' })
    .int({ message: 'distributor_id must be a number.' })
    .positive({ message: 'distributor_id must be a positive number.' })
    .max(2_147_483_647, { message: 'distributor_id is not a distributor.' })
    .optional(),
});

export const invoiceUnmatchedLineSchema = z.object({
  lineNumber: z.number().int(),
  itemNumber: z.string().nullable(),
  upc: z.string().nullable(),
  description: z.string(),
  /** Exact decimal text: cases, or pounds on a catch-weight line. */
  quantity: z.string(),
  unitCode: z.string(),
  /** Ten-thousandths of a dollar. */
  unitPrice: z.number().int(),
  /** quantity × unitPrice, cents. */
  amount: z.number().int(),
});
export type InvoiceUnmatchedLine = z.infer<typeof invoiceUnmatchedLineSchema>;

export const invoiceImportResultSchema = z.object({
  format: z.enum(INVOICE_FORMATS),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  /** Null: the invoice fits no order of the location; it is kept, listed as matched to no order on GET invoices/waiting. */
  orderId: z.number().int().nullable(),
  distributor: z.string(),
  /** How the order was found (attached: by a person, POST invoices/{id}/attach); null with orderId null. */
  matchedBy: z.enum(['po-number', 'distributor-date', 'attached']).nullable(),
  /** Why no order fits, in words the buyer can act on; null when an order was matched. */
  noOrderReason: z.string().nullable(),
  matchedLines: z.number().int(),
  /** Sum of the matched lines' amounts, cents: with the unmatched lines' amounts it makes the total. */
  matchedAmount: z.number().int(),
  unmatchedLines: z.array(invoiceUnmatchedLineSchema),
  /** The invoice's own total, cents (checked equal to the sum of its lines). */
  total: z.number().int(),
  /** The same distributor's invoice of this number was imported before: nothing changed. */
  alreadyImported: z.boolean(),
});
export type InvoiceImportResult = z.infer<typeof invoiceImportResultSchema>;

/** POST invoices/{id}/attach: the order of the active location an invoice matched to no order belongs to. */
export const invoiceAttachSchema = z.object({
  orderId: z
    .number({ message: 'orderId must be the number of one of your orders.' })
    .int({ message: 'orderId must be the number of one of your orders.' })
    .positive({ message: 'orderId must be the number of one of your orders.' })
    .max(2_147_483_647, { message: 'orderId must be the number of one of your orders.' }),
});
export type InvoiceAttach = z.infer<typeof invoiceAttachSchema>;
