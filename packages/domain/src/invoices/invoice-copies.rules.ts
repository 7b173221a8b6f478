/**
 * One invoice, not two (issue 36): an electronic invoice (X12 810, CSV, xlsx) and a photo or PDF of
 * the same paper invoice are one invoice with both attached, whichever arrives first. Pure: the API
 * reads the candidates of the location and the distributor, these rules decide which belong together.
 */

/** What both copies carry that says which invoice they are. Money in cents, dates YYYY-MM-DD. */
export interface InvoiceCopyKey {
  /**
   * Null for a paper copy that came by e-mail (it has no order, and the mail names only the
   * location): it may be a copy of any of the location's distributors' invoices.
   */
  distributorId: number | null;
  /** Null when OCR found none on the photo. */
  invoiceNumber: string | null;
  total: number | null;
  invoiceDate: string | null;
}

export interface InvoiceCopyCandidate extends InvoiceCopyKey {
  id: number;
}

export type InvoiceCopyMatchedBy = 'invoice-number' | 'total-date';

export interface InvoiceCopyMatch {
  id: number;
  matchedBy: InvoiceCopyMatchedBy;
}

/**
 * An invoice number as both copies can be compared: upper case, letters and digits only, leading
 * zeros dropped ("inv-0042" and "INV 0042" are the same number; an EDI system's "00058213" and the
 * printed "58213" too). Null when nothing is left.
 */
export function normalizeInvoiceNumber(value: string | null | undefined): string | null {
  const kept = (value ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+/, '');
  return kept === '' ? null : kept;
}

/**
 * Whether an electronic invoice and a paper copy are the same invoice: always the same distributor;
 * then the same invoice number; else, only when either number is missing (OCR did not find it), the
 * same total and the same date. Two numbers that differ are two invoices, even with the same total
 * and date: a distributor billing the same amount twice on one day (a split delivery) is more
 * likely than an invoice number both read and wrong.
 */
export function matchInvoiceCopies(electronic: InvoiceCopyKey, paper: InvoiceCopyKey): InvoiceCopyMatchedBy | null {
  if (paper.distributorId !== null && electronic.distributorId !== paper.distributorId) return null;
  const a = normalizeInvoiceNumber(electronic.invoiceNumber);
  const b = normalizeInvoiceNumber(paper.invoiceNumber);
  if (a !== null && b !== null) return a === b ? 'invoice-number' : null;
  const sameTotal = electronic.total !== null && electronic.total === paper.total;
  const sameDate = electronic.invoiceDate !== null && electronic.invoiceDate === paper.invoiceDate;
  return sameTotal && sameDate ? 'total-date' : null;
}

/**
 * The electronic invoice a paper copy that has just been read belongs to: the one with its number,
 * else the only one with its total and date. Two or more with the same total and date are
 * ambiguous: none is picked, and the photo waits where a person can see it.
 */
export function pickElectronicCopy(paper: InvoiceCopyKey, electronics: readonly InvoiceCopyCandidate[]): InvoiceCopyMatch | null {
  const matches = electronics.map((e) => ({ id: e.id, matchedBy: matchInvoiceCopies(e, paper) }));
  const byNumber = matches.filter((m) => m.matchedBy === 'invoice-number').sort((x, y) => x.id - y.id);
  // A photo of no known distributor whose number two distributors' invoices share could be either's.
  if (paper.distributorId === null && byNumber.length > 1) return null;
  if (byNumber.length > 0) return { id: byNumber[0]!.id, matchedBy: 'invoice-number' };
  const byTotal = matches.filter((m) => m.matchedBy === 'total-date');
  return byTotal.length === 1 ? { id: byTotal[0]!.id, matchedBy: 'total-date' } : null;
}

/**
 * The paper copies waiting for an electronic invoice that has just arrived: every one with its
 * number (an invoice may be photographed page by page), else every one with its total and date.
 */
export function pickPaperCopies(electronic: InvoiceCopyKey, papers: readonly InvoiceCopyCandidate[]): InvoiceCopyMatch[] {
  const matches = papers
    .map((p) => ({ id: p.id, matchedBy: matchInvoiceCopies(electronic, p) }))
    .filter((m): m is InvoiceCopyMatch => m.matchedBy !== null)
    .sort((x, y) => x.id - y.id);
  const byNumber = matches.filter((m) => m.matchedBy === 'invoice-number');
  return byNumber.length > 0 ? byNumber : matches;
}
