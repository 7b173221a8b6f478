/**
 * What an invoice photo or PDF says, read from its OCR text (issue 36 "Reading invoice photos and
 * PDFs"). Pure: the API runs Tesseract and hands the text here. Everything found is a suggestion the
 * receiver confirms, so these rules prefer finding nothing to guessing.
 */
import { getInvoiceLineAmount, normalizeItemNumber, normalizeQuantity } from './invoice.rules';

export interface OcrInvoiceLine {
  itemNumber: string | null;
  description: string;
  /** Exact decimal text, as printed. */
  quantity: string;
  /** Cents, as printed (invoices print unit prices to the cent). */
  unitPrice: number;
  /** Cents, the line's extended price as printed. */
  amount: number;
}

export interface OcrInvoice {
  invoiceNumber: string | null;
  /** YYYY-MM-DD. */
  invoiceDate: string | null;
  /** Cents. */
  total: number | null;
  lines: OcrInvoiceLine[];
}

/** Letters Tesseract reads for digits inside an amount ("1O.5O" is 10.50). */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', S: '5', B: '8' };

/** "$1,234.56" (or OCR's "$1,234,56", "1O.5O") in cents; null when the text is not an amount. */
export function parseOcrAmount(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$\s?/, '')
    .replace(/[OolIDSB|]/g, (char) => DIGIT_LOOKALIKES[char] ?? char);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)[.,](\d{2})$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isSafeInteger(whole * 100)) return null;
  return whole * 100 + Number(match[2]);
}

const AMOUNT_TOKEN = /\$?\s?[\dOolISB|][\dOolISB|,]*[.,][\dOo]{2}(?![\d.,])/g;

function lastAmountOf(line: string): number | null {
  const tokens = line.match(AMOUNT_TOKEN) ?? [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const amount = parseOcrAmount(tokens[i]!);
    if (amount !== null) return amount;
  }
  return null;
}

const INVOICE_NUMBER_PATTERNS = [
  /\binv(?:oice)?\.?\s*(?:(?:number|nbr|num|no)\b\.?|#)\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{1,24})(?![\d/])/i,
  /\binvoice\s*[:#]\s*([A-Z0-9][A-Z0-9-]{1,24})(?![\d/])/i,
];

/** The invoice number: the value after "Invoice No", "Invoice #", "Invoice Number" or "Invoice:", holding a digit. */
export function findOcrInvoiceNumber(lines: readonly string[]): string | null {
  for (const pattern of INVOICE_NUMBER_PATTERNS) {
    for (const line of lines) {
      const value = pattern.exec(line)?.[1];
      if (value && /\d/.test(value)) return value.toUpperCase();
    }
  }
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function toIsoDate(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(fullYear, month - 1, day));
  if (date.getUTCFullYear() !== fullYear || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (fullYear < 2000 || fullYear > 2099) return null;
  return date.toISOString().slice(0, 10);
}

/** The first date written in the text: 11/20/2026, 11-20-26, 2026-11-20 or Nov 20, 2026. */
export function parseOcrDate(text: string): string | null {
  const iso = /\b(20\d{2})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/.exec(text);
  if (us) return toIsoDate(Number(us[3]), Number(us[1]), Number(us[2]));
  const named = /\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(20\d{2})\b/.exec(text);
  const month = named ? MONTHS.indexOf(named[1]!.toLowerCase()) + 1 : 0;
  return named && month > 0 ? toIsoDate(Number(named[3]), month, Number(named[2])) : null;
}

/** The invoice date: on the "Invoice Date" line, else a "Date" line that is no due, ship or order date, else none. */
export function findOcrInvoiceDate(lines: readonly string[]): string | null {
  const dated = (filter: (line: string) => boolean) =>
    lines
      .filter(filter)
      .map(parseOcrDate)
      .find((date) => date !== null) ?? null;
  return (
    dated((line) => /invoice\s*date/i.test(line)) ??
    dated((line) => /\bdate\b/i.test(line) && !/\b(due|ship|order|po|delivery)\s*date/i.test(line))
  );
}

const TOTAL_LABELS = [/invoice\s*total/i, /total\s*due/i, /amount\s*due/i, /balance\s*due/i, /grand\s*total/i, /\btotal\b/i];
const SUBTOTAL = /sub[\s-]?total/i;

/** The invoice total: the amount on the strongest total line ("Invoice Total" before a bare "Total"), never a subtotal. */
export function findOcrTotal(lines: readonly string[]): number | null {
  for (const label of TOTAL_LABELS) {
    const amounts = lines
      .filter((line) => label.test(line) && !SUBTOTAL.test(line))
      .map(lastAmountOf)
      .filter((amount): amount is number => amount !== null);
    if (amounts.length > 0) return amounts.at(-1)!;
  }
  return null;
}

/** An amount as OCR prints it: digits, maybe an O read for a 0 after the first. */
const AMOUNT = String.raw`\$?\s?\d[\dOolI,]*[.,][\dOo]{2}`;
const LINE = new RegExp(
  String.raw`^(?:([A-Z0-9-]*\d[A-Z0-9-]*)\s+)?(.*?[A-Za-z]{2}.*?)\s+(\d{1,5}(?:\.\d{1,3})?)\s+(?:[A-Z]{2,3}\s+)?(${AMOUNT})\s+(${AMOUNT})$`,
);

/**
 * The billed lines: "[item number] description quantity [unit] unit-price amount". A line whose
 * quantity × unit price is not its amount is still kept (the receiver sees both and decides).
 */
export function findOcrLines(lines: readonly string[]): OcrInvoiceLine[] {
  const found: OcrInvoiceLine[] = [];
  for (const line of lines) {
    if (TOTAL_LABELS.some((label) => label.test(line)) || SUBTOTAL.test(line)) continue;
    const match = LINE.exec(line.trim());
    if (!match) continue;
    const quantity = normalizeQuantity(match[3]!);
    const unitPrice = parseOcrAmount(match[4]!);
    const amount = parseOcrAmount(match[5]!);
    if (quantity === null || unitPrice === null || amount === null) continue;
    found.push({ itemNumber: match[1] ?? null, description: match[2]!.trim(), quantity, unitPrice, amount });
  }
  return found;
}

/** Everything the rules find in one invoice's OCR text. */
export function parseOcrInvoice(text: string): OcrInvoice {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  return {
    invoiceNumber: findOcrInvoiceNumber(lines),
    invoiceDate: findOcrInvoiceDate(lines),
    total: findOcrTotal(lines),
    lines: findOcrLines(lines),
  };
}

/** Whether the reading found anything to suggest ("a photo that yields nothing says so"). */
export function hasOcrFindings(invoice: OcrInvoice): boolean {
  return invoice.invoiceNumber !== null || invoice.invoiceDate !== null || invoice.total !== null || invoice.lines.length > 0;
}

/** An order line as OCR lines are matched to it. */
export interface OcrMatchTarget {
  id: number;
  itemNumber: string;
  description: string;
}

export interface OcrLineMatch {
  lineIndex: number;
  targetId: number;
  matchedBy: 'item-number' | 'description';
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

/** Share of the read description's words found in the order line's description, 0..1. */
export function getDescriptionLikeness(read: string, target: string): number {
  const readWords = words(read);
  if (readWords.size === 0) return 0;
  const targetWords = words(target);
  let common = 0;
  for (const word of readWords) if (targetWords.has(word)) common++;
  return common / readWords.size;
}

/** How alike descriptions must be to match: most of the words read, so one shared word ("chicken") is not enough. */
export const OCR_DESCRIPTION_LIKENESS = 0.6;

/**
 * Matches read lines to the order's lines (issue 36): by item number, else by description (the best
 * alike one). An order line takes one read line; lines matching nothing are left out of the suggestions.
 */
export function matchOcrLines(lines: readonly OcrInvoiceLine[], targets: readonly OcrMatchTarget[]): OcrLineMatch[] {
  const taken = new Set<number>();
  const matches: OcrLineMatch[] = [];
  lines.forEach((line, lineIndex) => {
    const item = normalizeItemNumber(line.itemNumber);
    const byItem = item ? targets.find((t) => !taken.has(t.id) && normalizeItemNumber(t.itemNumber) === item) : undefined;
    if (byItem) {
      taken.add(byItem.id);
      matches.push({ lineIndex, targetId: byItem.id, matchedBy: 'item-number' });
      return;
    }
    let best: { target: OcrMatchTarget; likeness: number } | null = null;
    for (const target of targets) {
      if (taken.has(target.id)) continue;
      const likeness = getDescriptionLikeness(line.description, target.description);
      if (likeness >= OCR_DESCRIPTION_LIKENESS && (!best || likeness > best.likeness)) best = { target, likeness };
    }
    if (best) {
      taken.add(best.target.id);
      matches.push({ lineIndex, targetId: best.target.id, matchedBy: 'description' });
    }
  });
  return matches;
}

/** Whether a read line's quantity × unit price is its amount, to the cent. */
export function isOcrLineConsistent(line: OcrInvoiceLine): boolean {
  return getInvoiceLineAmount(line.quantity, line.unitPrice * 100) === line.amount;
}
