/**
 * Prints our invoice as an X12 810 interchange (issue 36): what a distributor's EDI system sends.
 * It is the other half of the print → read round trip that proves the mapping loses nothing, and
 * the tests' way of writing the 810 files they import.
 */
import { toDecimalString } from '../money/money.rules';
import type { Invoice, InvoiceLine } from './invoice.rules';
import type { X12Delimiters } from './x12-invoice.rules';

export interface X12PrintOptions {
  delimiters?: Partial<X12Delimiters>;
  /** Written after each segment terminator ('' or '\n'). */
  lineBreak?: string;
  senderId?: string;
  receiverId?: string;
  /** ISA13 / GS06 / ST02 control number, 1 … 999999999. */
  controlNumber?: number;
}

const pad = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');

/** A unit price as X12 decimal text without needless zeros (125000 → "12.5"). */
function printUnitPrice(tenThousandths: number): string {
  return toDecimalString(tenThousandths, 4).replace(/\.?0+$/, '');
}

const printDate = (iso: string) => iso.replace(/-/g, '');

function lineSegments(line: InvoiceLine): string[][] {
  const ids: string[] = [];
  if (line.itemNumber !== null) ids.push('VN', line.itemNumber);
  if (line.upc !== null) ids.push('UP', line.upc);
  const it1 = ['IT1', String(line.lineNumber), line.quantity, line.unitCode, printUnitPrice(line.unitPrice), '', ...ids];
  return line.description ? [it1, ['PID', 'F', '', '', '', line.description]] : [it1];
}

/**
 * The invoice as an interchange: ISA (fixed width, declaring the separators), GS, ST*810, BIG,
 * ITD, IT1 + PID per line, TDS (cents with two implied decimals), CTT, SE, GE, IEA. Text must not
 * hold the separators (an EDI system would have replaced them).
 */
export function printX12Invoice(invoice: Invoice, options: X12PrintOptions = {}): string {
  const d: X12Delimiters = { element: '*', component: '>', segment: '~', ...options.delimiters };
  const control = String(options.controlNumber ?? 1);
  const date = printDate(invoice.invoiceDate);
  const body: string[][] = [
    ['BIG', date, invoice.invoiceNumber, invoice.poDate ? printDate(invoice.poDate) : '', invoice.poNumber ?? ''],
  ];
  if (invoice.terms) {
    const t = invoice.terms;
    body.push([
      'ITD',
      t.typeCode,
      '',
      t.discountPercent ?? '',
      '',
      t.discountDays === null ? '' : String(t.discountDays),
      '',
      t.netDays === null ? '' : String(t.netDays),
      '',
      '',
      '',
      '',
      t.description,
    ]);
  }
  for (const line of invoice.lines) body.push(...lineSegments(line));
  body.push(['TDS', String(invoice.total)], ['CTT', String(invoice.lines.length)]);
  const transaction = [['ST', '810', control.padStart(4, '0')], ...body];
  transaction.push(['SE', String(transaction.length + 1), control.padStart(4, '0')]);
  const isa = [
    'ISA',
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    'ZZ',
    pad(options.senderId ?? 'DISTRIBUTOR', 15),
    'ZZ',
    pad(options.receiverId ?? 'STOCKPOT', 15),
    date.slice(2),
    '1200',
    'U',
    '00401',
    control.padStart(9, '0'),
    '0',
    'P',
    d.component,
  ];
  const segments = [
    isa,
    ['GS', 'IN', options.senderId ?? 'DISTRIBUTOR', options.receiverId ?? 'STOCKPOT', date, '1200', control, 'X', '004010'],
    ...transaction,
    ['GE', '1', control],
    ['IEA', '1', control.padStart(9, '0')],
  ];
  // Trailing empty elements are dropped, as EDI systems write them.
  const trim = (elements: string[]) => {
    const kept = [...elements];
    while (kept.length > 1 && kept[kept.length - 1] === '') kept.pop();
    return kept;
  };
  return segments
    .map((segment, i) => (i === 0 ? segment : trim(segment)).join(d.element) + d.segment)
    .join(options.lineBreak ?? '');
}
