/**
 * Our invoice (issue 36 "Invoices in"): what a distributor billed, read from an X12 810, a CSV or an
 * xlsx file, in one model the import matches to an order. Money in integer cents, unit prices in
 * ten-thousandths of a dollar, quantities as exact decimal text: no floating point touches them.
 */
import { formatMoney, parseDecimal } from '../money/money.rules';

export const INVOICE_FORMATS = ['x12-810', 'csv', 'xlsx'] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

/** X12 unit code (element 355) of a catch-weight line: quantity in pounds, price per pound. */
export const CATCH_WEIGHT_UNIT_CODE = '31';

export interface InvoiceTerms {
  /** ITD01, e.g. 01 basic, 05 discount not applicable. */
  typeCode: string;
  /** ITD03 as written ("2" for 2 %); null when none. */
  discountPercent: string | null;
  /** ITD05: days within which the discount applies. */
  discountDays: number | null;
  /** ITD07: days until the net amount is due. */
  netDays: number | null;
  /** ITD12 free-form description ("2% 10 NET 30"). */
  description: string;
}

export interface InvoiceLine {
  /** 1-based position of the line in the invoice. */
  lineNumber: number;
  /** The distributor's item number (DIN; X12 qualifier VN); null when the line carries none. */
  itemNumber: string | null;
  /** The UPC (X12 qualifier UP), digits; null when none. */
  upc: string | null;
  description: string;
  /** Quantity invoiced, exact decimal text ("4", "41.25"): cases, or pounds on a catch-weight line. */
  quantity: string;
  /** X12 unit code (355): CA case, LB pound, EA each, 31 catch weight, … */
  unitCode: string;
  /** Price per unit of `unitCode`, ten-thousandths of a dollar. */
  unitPrice: number;
  /** quantity × unitPrice, cents (rounded half away from zero). */
  amount: number;
}

export interface Invoice {
  invoiceNumber: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** The purchase order number: our order's id as printed on the purchase order ("PO # 123"). */
  poNumber: string | null;
  poDate: string | null;
  terms: InvoiceTerms | null;
  lines: InvoiceLine[];
  /** The invoice's own total (TDS), cents. */
  total: number;
}

/** Why a file could not be read as an invoice: a sentence the buyer can act on, and its code. */
export class InvoiceReadError extends Error {
  constructor(
    readonly code: 'not_an_invoice' | 'invoice_total_mismatch' | 'invalid_invoice',
    message: string,
  ) {
    super(message);
  }
}

const QUANTITY = /^\d{1,7}(\.\d{1,3})?$/;

/** A quantity as exact decimal text without needless zeros ("04.500" → "4.5"), or null when it is not one. */
export function normalizeQuantity(text: string): string | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!QUANTITY.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const kept = fraction.replace(/0+$/, '');
  const integer = String(Number(whole));
  return kept ? `${integer}.${kept}` : integer;
}

/** Quantity × unit price in cents (issue 36): thousandths × ten-thousandths, rounded half away from zero. */
export function getInvoiceLineAmount(quantity: string, unitPrice: number): number {
  const thousandths = BigInt(parseDecimal(quantity, 3));
  const product = thousandths * BigInt(unitPrice); // in 1/10,000,000 of a dollar
  const divisor = 100_000n; // to cents
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
}

/** The sum of the invoice's line amounts, cents. */
export function sumInvoiceLines(lines: readonly Pick<InvoiceLine, 'amount'>[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * The invoice total must equal the sum of its lines (issue 36): otherwise the file is refused with
 * both amounts, so the buyer can tell the distributor which figure is wrong.
 */
export function checkInvoiceTotal(invoice: Pick<Invoice, 'invoiceNumber' | 'lines' | 'total'>, totalName = 'total'): void {
  const sum = sumInvoiceLines(invoice.lines);
  if (sum === invoice.total) return;
  throw new InvoiceReadError(
    'invoice_total_mismatch',
    `Invoice ${invoice.invoiceNumber}: its ${totalName} is ${formatMoney(invoice.total)} but its ${invoice.lines.length === 1 ? 'line adds' : `${invoice.lines.length} lines add`} up to ${formatMoney(sum)}. Ask the distributor for a corrected invoice.`,
  );
}

/** A distributor item number as compared: trimmed, upper case, without leading zeros ("001234" = "1234"). */
export function normalizeItemNumber(value: string | null | undefined): string {
  const text = (value ?? '').trim().toUpperCase();
  const stripped = text.replace(/^0+(?=.)/, '');
  return stripped;
}

/** A UPC as compared: its digits without leading zeros, so a 12-digit UPC-A equals its 14-digit GTIN. */
export function normalizeUpc(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.replace(/^0+(?=.)/, '');
}

/** Invoice files of the import (doc 3 §9 general upload limit). */
export const INVOICE_IMPORT_MAX_BYTES = 24_000_000;
export const INVOICE_IMPORT_ACCEPT = '.edi,.x12,.810,.txt,.csv,.xlsx';

/**
 * What an invoice file is by its content, never its name: an xlsx is a zip, an X12 interchange is
 * text starting with ISA, any other text (no NUL byte in its first 8 KB) is read as CSV.
 */
export function detectInvoiceImportKind(bytes: Uint8Array): InvoiceFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  const head = bytes.subarray(0, 8192);
  if (head.length === 0 || head.includes(0)) return null;
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start])) start += 1;
  const isIsa = head[start] === 0x49 && head[start + 1] === 0x53 && head[start + 2] === 0x41;
  return isIsa ? 'x12-810' : 'csv';
}

/** A unit price (ten-thousandths) as the cents a case or a pound is recorded at, rounded half away from zero. */
export function unitPriceToCents(tenThousandths: number): number {
  const sign = tenThousandths < 0 ? -1 : 1;
  return sign * Math.trunc((Math.abs(tenThousandths) + 50) / 100);
}
