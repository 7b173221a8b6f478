/**
 * X12 810 (invoice) to our invoice (issue 36). The API reads the interchange with node-x12 (it needs
 * Node built-ins) and hands the transaction's segments here as plain tags and elements; the tiny
 * reader below serves the print → read round trip of the tests and any caller without node-x12.
 */
import { isIsoDate } from '../orders/order-dates.rules';
import { parseDecimal } from '../money/money.rules';
import {
  checkInvoiceTotal,
  getInvoiceLineAmount,
  InvoiceReadError,
  normalizeQuantity,
  type Invoice,
  type InvoiceLine,
  type InvoiceTerms,
} from './invoice.rules';

/** One segment: its tag and its elements (element 1 first). */
export interface X12Segment {
  tag: string;
  elements: string[];
}

/** The separators an interchange declares in its ISA segment. */
export interface X12Delimiters {
  element: string;
  component: string;
  segment: string;
}

const ISA_LENGTH = 106;

/** The separators of an interchange, read from its fixed-width ISA: element at 3, component at 104, segment at 105. */
export function readIsaDelimiters(text: string): X12Delimiters | null {
  const start = text.replace(/^[\s\uFEFF]+/, '');
  if (!start.startsWith('ISA') || start.length < ISA_LENGTH) return null;
  return { element: start[3], component: start[104], segment: start[105] };
}

/** Splits an interchange into segments with the separators its ISA declares (line breaks after a terminator are ignored). */
export function splitX12Segments(text: string): X12Segment[] {
  const delimiters = readIsaDelimiters(text);
  if (!delimiters)
    throw new InvoiceReadError('not_an_invoice', 'This file is not an X12 interchange: it does not start with an ISA segment.');
  const start = text.replace(/^[\s\uFEFF]+/, '');
  return start
    .split(delimiters.segment)
    .map((segment) => segment.replace(/^[\r\n]+|[\r\n]+$/g, ''))
    .filter((segment) => segment.trim() !== '')
    .map((segment) => {
      const [tag, ...elements] = segment.split(delimiters.element);
      return { tag: tag.trim(), elements };
    });
}

/**
 * The 810 transaction sets of an interchange's segments (ST … SE). A file with none is not an
 * invoice: it says which transaction it holds instead (an 850 order, an 856 ship notice, …).
 */
export function findInvoiceTransactions(segments: readonly X12Segment[]): X12Segment[][] {
  const transactions: X12Segment[][] = [];
  const others = new Set<string>();
  let current: X12Segment[] | null = null;
  for (const segment of segments) {
    if (segment.tag === 'ST') {
      const code = (segment.elements[0] ?? '').trim();
      if (code === '810') current = [];
      else {
        others.add(code);
        current = null;
      }
      continue;
    }
    if (segment.tag === 'SE') {
      if (current) transactions.push(current);
      current = null;
      continue;
    }
    current?.push(segment);
  }
  if (transactions.length === 0) {
    const held = others.size > 0 ? `an X12 ${[...others].join(', ')} transaction` : 'no X12 transaction';
    throw new InvoiceReadError('not_an_invoice', `This file holds ${held}, not an 810 invoice.`);
  }
  return transactions;
}

const element = (segment: X12Segment, position: number) => (segment.elements[position - 1] ?? '').trim();

/** CCYYMMDD (or YYMMDD, this century) as YYYY-MM-DD; null when empty; an error naming the field when not a date. */
function readX12Date(text: string, field: string): string | null {
  if (text === '') return null;
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})$/.exec(text);
  const iso = match ? `${match[1] ?? '20'}${match[2]}-${match[3]}-${match[4]}` : '';
  if (!match || !isIsoDate(iso))
    throw new InvoiceReadError('invalid_invoice', `${field} "${text}" is not a date written CCYYMMDD.`);
  return iso;
}

function readWholeNumber(text: string): number | null {
  return /^\d{1,5}$/.test(text) ? Number(text) : null;
}

function readTerms(segment: X12Segment): InvoiceTerms {
  const percent = element(segment, 3);
  return {
    typeCode: element(segment, 1),
    discountPercent: /^\d{1,3}(\.\d{1,4})?$/.test(percent) ? percent : null,
    discountDays: readWholeNumber(element(segment, 5)),
    netDays: readWholeNumber(element(segment, 7)),
    description: element(segment, 12),
  };
}

/** Reads an IT1 line: quantity, unit code, unit price and its product id pairs (VN, UP) in any order from element 6 on. */
function readLine(segment: X12Segment, lineNumber: number): InvoiceLine {
  const where = `IT1 line ${lineNumber}`;
  const quantity = normalizeQuantity(element(segment, 2));
  if (quantity === null)
    throw new InvoiceReadError(
      'invalid_invoice',
      `${where}: quantity "${element(segment, 2)}" is not a number (up to 3 decimals).`,
    );
  const priceText = element(segment, 4);
  if (!/^\d{1,9}(\.\d{1,6})?$|^\.\d{1,6}$/.test(priceText))
    throw new InvoiceReadError('invalid_invoice', `${where}: unit price "${priceText}" is not an amount.`);
  const unitPrice = parseDecimal(priceText.startsWith('.') ? `0${priceText}` : priceText, 4);
  let itemNumber: string | null = null;
  let upc: string | null = null;
  for (let position = 6; position <= segment.elements.length; position += 2) {
    const qualifier = element(segment, position).toUpperCase();
    const value = element(segment, position + 1);
    if (value === '') continue;
    if (qualifier === 'VN' && itemNumber === null) itemNumber = value;
    if (qualifier === 'UP' && upc === null) upc = value;
  }
  const unitCode = element(segment, 3).toUpperCase() || 'CA';
  return {
    lineNumber,
    itemNumber,
    upc,
    description: '',
    quantity,
    unitCode,
    unitPrice,
    amount: getInvoiceLineAmount(quantity, unitPrice),
  };
}

/**
 * Maps the segments of one 810 transaction (between ST and SE) to our invoice: BIG (invoice date,
 * number, PO date, PO number), ITD terms, IT1 lines each with the PID description that follows it,
 * TDS total in cents (two implied decimals). The total must equal the sum of the lines.
 */
export function mapX12Invoice(segments: readonly X12Segment[]): Invoice {
  const big = segments.find((segment) => segment.tag === 'BIG');
  if (!big)
    throw new InvoiceReadError('invalid_invoice', 'This 810 has no BIG segment, so its invoice number and date are unknown.');
  const invoiceNumber = element(big, 2);
  if (!invoiceNumber) throw new InvoiceReadError('invalid_invoice', 'This 810 has no invoice number (BIG02).');
  const invoiceDate = readX12Date(element(big, 1), 'The invoice date (BIG01)');
  if (!invoiceDate) throw new InvoiceReadError('invalid_invoice', `Invoice ${invoiceNumber} has no invoice date (BIG01).`);
  const lines: InvoiceLine[] = [];
  let terms: InvoiceTerms | null = null;
  let tds: X12Segment | undefined;
  for (const segment of segments) {
    if (segment.tag === 'IT1') lines.push(readLine(segment, lines.length + 1));
    else if (segment.tag === 'PID' && lines.length > 0 && lines[lines.length - 1].description === '')
      lines[lines.length - 1].description = element(segment, 5);
    else if (segment.tag === 'ITD' && terms === null) terms = readTerms(segment);
    else if (segment.tag === 'TDS') tds = segment;
  }
  if (lines.length === 0) throw new InvoiceReadError('invalid_invoice', `Invoice ${invoiceNumber} has no IT1 lines.`);
  const totalText = tds ? element(tds, 1) : '';
  if (!/^-?\d{1,12}$/.test(totalText))
    throw new InvoiceReadError(
      'invalid_invoice',
      `Invoice ${invoiceNumber} has no total (TDS01, in cents with two implied decimals).`,
    );
  const invoice: Invoice = {
    invoiceNumber,
    invoiceDate,
    poNumber: element(big, 4) || null,
    poDate: readX12Date(element(big, 3), 'The purchase order date (BIG03)'),
    terms,
    lines,
    total: Number(totalText),
  };
  checkInvoiceTotal(invoice, 'total (TDS)');
  return invoice;
}
