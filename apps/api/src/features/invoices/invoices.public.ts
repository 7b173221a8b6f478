/** What other features read of invoices (issue 36): orders' invoice upload enqueues the OCR reading. */
export { enqueueInvoiceOcr, INVOICE_OCR_QUEUE } from './invoice-ocr.job';
