import { addPosLine, type PosLineKind } from './pos-quantities.rules';

/**
 * Reading the sales exports restaurants already have (issue 17 "POS"): Toast's
 * ItemSelectionDetails.csv and Square's Items Detail CSV. Columns are found by header name, never
 * position, since both vendors add and reorder columns between versions. Money and quantities are
 * parsed from their text into integers (cents, hundredths) without passing through a float.
 */

export type PosFormat = 'toast' | 'square';

/** One menu item's sales on one business day, summed over the file's rows. */
export interface PosDaySale {
  date: string;
  itemName: string;
  category: string;
  /** Hundredths of a unit (quantities may have decimals: 1.5 lb of brisket), by pos-quantities.rules. */
  soldHundredths: number;
  voidHundredths: number;
  /** Net sales, cents. */
  amountCents: number;
}

export interface PosImport {
  format: PosFormat;
  /** Rows of the file that were read into sales (voids included: they fill QTY Void). */
  rows: number;
  /** Rows that could not be read (no item, no date, unreadable quantity or money). */
  skipped: number;
  sales: PosDaySale[];
}

interface Layout {
  format: PosFormat;
  /** Header names, lower case; the first one present is used. */
  date: string[];
  item: string[];
  category: string[];
  qty: string[];
  amount: string[];
  void: string[];
  /** Square: 'Refund' rows are returned items, counted as voids. */
  eventType: string[];
}

const LAYOUTS: Layout[] = [
  {
    format: 'toast',
    date: ['business date', 'order date', 'sent date'],
    item: ['menu item'],
    category: ['sales category', 'menu group'],
    qty: ['qty'],
    amount: ['net price'],
    void: ['void?'],
    eventType: [],
  },
  {
    format: 'square',
    date: ['date'],
    item: ['item'],
    category: ['category'],
    qty: ['qty'],
    amount: ['net sales'],
    void: [],
    eventType: ['event type'],
  },
];

/** Named in the 400 answer to a file of another layout. */
export const POS_EXPECTED_COLUMNS =
  "Toast ItemSelectionDetails.csv needs the columns 'Order Date', 'Menu Item', 'Qty', 'Net Price' and 'Void?'; " +
  "Square Items Detail CSV needs 'Date', 'Item', 'Qty' and 'Net Sales'.";
export const POS_UNKNOWN_LAYOUT = `This file is not a sales export we can read. ${POS_EXPECTED_COLUMNS}`;
export const POS_NO_ROWS = 'The file has no sales rows to import.';
/** A sales export of one location for a year stays far below this. */
export const POS_IMPORT_MAX_ROWS = 200_000;
export const POS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const POS_TOO_MANY_ROWS = `The file has more than ${POS_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: export a shorter period.`;
export const POS_FILE_TOO_LARGE = 'The file is larger than 10 MB: export a shorter period.';
export const POS_FILE_TYPE = 'Choose a CSV or Excel file exported from Toast or Square.';

const normalise = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

function findColumn(headers: string[], names: string[]): number {
  for (const name of names) {
    const index = headers.indexOf(name);
    if (index >= 0) return index;
  }
  return -1;
}

interface Columns {
  layout: Layout;
  headerRow: number;
  date: number;
  item: number;
  category: number;
  qty: number;
  amount: number;
  void: number;
  eventType: number;
}

/** The layout whose required columns all appear in one of the first rows (exports may start with a title). */
export function detectPosLayout(rows: string[][]): Columns | null {
  for (let r = 0; r < Math.min(rows.length, 10); r += 1) {
    const headers = rows[r].map(normalise);
    for (const layout of LAYOUTS) {
      const columns: Columns = {
        layout,
        headerRow: r,
        date: findColumn(headers, layout.date),
        item: findColumn(headers, layout.item),
        category: findColumn(headers, layout.category),
        qty: findColumn(headers, layout.qty),
        amount: findColumn(headers, layout.amount),
        void: findColumn(headers, layout.void),
        eventType: findColumn(headers, layout.eventType),
      };
      if (columns.date >= 0 && columns.item >= 0 && columns.qty >= 0 && columns.amount >= 0) return columns;
    }
  }
  return null;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d*))?$/;

/**
 * A decimal text in hundredths: "1", "1.5", "$1,234.56", "-$3.50", "($3.50)". Rounded half away
 * from zero at the third decimal. Null when it is not a number.
 */
export function parseHundredths(text: string): number | null {
  let value = text.trim();
  if (value === '') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1).trim();
  }
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1).trim();
  }
  value = value.replace(/^\$/, '').replace(/,/g, '').trim();
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  }
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const kept = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const magnitude = Number(match[1]) * 100 + kept + roundUp;
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The business date of a row as YYYY-MM-DD: "11/20/2026 6:42 PM" (Toast), "2026-11-20" or
 * "11/20/26" (Square). The time is dropped: the export's date is already the restaurant's day.
 */
export function parsePosDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[ ,].*)?$/.exec(value);
  if (match) {
    const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return validDate(year, Number(match[1]), Number(match[2]));
  }
  return null;
}

const isTrue = (text: string) => ['true', 'yes', 'y', '1', 'void', 'voided'].includes(text.trim().toLowerCase());

/**
 * Reads the rows of an export into one sale per day and item, each row counted by the POS rule
 * (`addPosLine`): Toast rows marked 'Void?' are voids, Square 'Refund' rows refunds. Null when the
 * layout is unknown.
 */
export function readPosExport(rows: string[][]): PosImport | null {
  const columns = detectPosLayout(rows);
  if (!columns) return null;
  const cell = (row: string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');
  const byKey = new Map<string, PosDaySale>();
  let read = 0;
  let skipped = 0;
  for (const row of rows.slice(columns.headerRow + 1)) {
    if (row.every((value) => value.trim() === '')) continue;
    const itemName = cell(row, columns.item).replace(/\s+/g, ' ');
    const date = parsePosDate(cell(row, columns.date));
    const qty = parseHundredths(cell(row, columns.qty));
    const amount = parseHundredths(cell(row, columns.amount));
    if (!itemName || itemName.length > 200 || !date || qty === null || amount === null) {
      skipped += 1;
      continue;
    }
    const kind: PosLineKind = isTrue(cell(row, columns.void))
      ? 'void'
      : columns.eventType >= 0 && cell(row, columns.eventType).toLowerCase() === 'refund'
        ? 'refund'
        : 'sale';
    const category = cell(row, columns.category).slice(0, 200);
    const key = `${date}\u0000${itemName.toLowerCase()}`;
    const sale = byKey.get(key) ?? { date, itemName, category, soldHundredths: 0, voidHundredths: 0, amountCents: 0 };
    const totals = addPosLine(sale, { kind, qtyHundredths: qty, amountCents: amount });
    byKey.set(key, { ...sale, ...totals, category: sale.category || category });
    read += 1;
  }
  const sales = [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date) || a.itemName.localeCompare(b.itemName));
  return { format: columns.layout.format, rows: read, skipped, sales };
}

/** Net sales per business day of an import, cents (the answer's `dates`). */
export function getPosDayTotals(sales: readonly PosDaySale[]): { date: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const sale of sales) totals.set(sale.date, (totals.get(sale.date) ?? 0) + sale.amountCents);
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, total]) => ({ date, total }));
}
