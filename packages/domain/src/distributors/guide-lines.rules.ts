/**
 * The items of an uploaded order guide, every row checked (issue 31 "An import a buyer can trust"):
 * a row whose cells do not line up with the header, a price that is not a number or a pack size
 * that cannot be read is refused with its row number and the reason, never read as something else.
 */
import { parsePackSize } from '../catalog/pack-size.rules';
import {
  isTruthyFlag,
  normalisePackString,
  packFromParts,
  parsePriceCents,
  readCell as cell,
  toUnitMeasure,
} from './guide-cells.rules';
import { normaliseHeader, type TemplateMatch } from './order-guide-template.rules';

/** One item read from an uploaded guide. */
export interface GuideLine {
  /** Row number in the sheet, 1-based, for messages. */
  row: number;
  din: string;
  name: string;
  brand: string;
  /** Canonical pack string ("4/5 LB"). */
  packSize: string;
  unitMeasure: 'CS' | 'EA' | 'LB';
  /** Case price (per pound for catch weight) in cents; null when the row carries no price (market price). */
  priceCents: number | null;
  isCatchWeight: boolean;
  isMarketPrice: boolean;
}

export interface GuideRowError {
  row: number;
  message: string;
}

export interface ExtractResult {
  lines: GuideLine[];
  errors: GuideRowError[];
}

/** Longest DIN, name and brand kept from a file (longer text is cut). */
export const GUIDE_TEXT_LIMITS = { din: 40, name: 300, brand: 120, packSize: 60 } as const;

/** What one row of a guide gives: an item, a row error, or nothing (blank, other record type, repeated DIN). */
export type GuideRowRead = { line: GuideLine; error?: undefined } | { line?: undefined; error: GuideRowError } | null;

export interface ExtractOptions {
  /**
   * Whether a row must have as many cells as the header (issue 31). True for CSV, where a missing
   * delimiter shifts every later cell; a spreadsheet places cells by column and leaves trailing
   * empty cells out, so its rows are not counted.
   */
  checkCellCount?: boolean;
}

/** The header's cell count: up to its last non-empty cell (an exporter's trailing comma is no column). */
export function countHeaderCells(headers: readonly string[]): number {
  let count = headers.length;
  while (count > 0 && headers[count - 1].trim() === '') count -= 1;
  return count;
}

/**
 * Issue 31: a row with fewer cells than the header, or with a filled cell beyond it, does not line
 * up with the header; null when it does.
 */
export function checkRowCells(row: readonly string[], headerCells: number, rowNumber: number): GuideRowError | null {
  const extra = row.slice(headerCells).some((value) => value.trim() !== '');
  if (row.length >= headerCells && !extra) return null;
  const cells = extra ? countHeaderCells(row) : row.length;
  return {
    row: rowNumber,
    message: `Row ${rowNumber} has ${cells} cells but the header has ${headerCells}: its cells do not line up with the columns.`,
  };
}

/** A spreadsheet column's letters (0 → A, 27 → AB), for messages naming a column. */
export function toColumnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Issue 31: the message refusing a file in which no row has a price, naming the column that was
 * read for it (or the names looked for when the file has none).
 */
export function describeMissingPrices(match: TemplateMatch): string {
  const fields = (['price', 'lb_price'] as const).filter((field) => match.columns[field] !== undefined);
  if (fields.length === 0) {
    const names = [...(match.template.columns.price ?? []), ...(match.template.columns.lb_price ?? [])];
    return `No row has a price: the file has no price column (looked for ${names.map((name) => `"${name}"`).join(', ') || 'a price'}). Download the guide with prices and upload it again.`;
  }
  const described = fields.map((field) => {
    const index = match.columns[field] as number;
    return `"${(match.headers[index] ?? '').trim()}" (column ${toColumnLetters(index)})`;
  });
  return `No row has a price in the column read for prices, ${described.join(' or ')}. Check that this column holds the prices, or download the guide with prices.`;
}

/**
 * The items of a matched sheet: rows after the header (only record type P for Sysco), blank rows
 * skipped, a DIN required, the first row of a repeated DIN kept. Cells are data: a cell starting
 * with `=`, `+`, `-` or `@` is read as its text and never evaluated.
 */
export function extractGuideLines(
  rows: readonly (readonly string[])[],
  match: TemplateMatch,
  options: ExtractOptions = {},
): ExtractResult {
  const extractor = createGuideLineExtractor(match, options);
  const lines: GuideLine[] = [];
  const errors: GuideRowError[] = [];
  for (let index = match.headerRow + 1; index < rows.length; index += 1) {
    const read = extractor.read(rows[index], index + 1);
    if (read?.line) lines.push(read.line);
    else if (read?.error) errors.push(read.error);
  }
  return { lines, errors };
}

/** The row's price: the case price, or the per-pound price (a catch-weight line) when that is all it has. */
function readPrice(
  row: readonly string[],
  match: TemplateMatch,
  rowNumber: number,
  din: string,
): { priceCents: number | null; isMarketPrice: boolean; isPerPound: boolean } | GuideRowError {
  const { columns } = match;
  const caseText = cell(row, columns.price);
  const poundText = cell(row, columns.lb_price);
  const isPerPound = caseText === '' && poundText !== '';
  const priceText = isPerPound ? poundText : caseText;
  const isMarketPrice = isTruthyFlag(cell(row, columns.is_market_price)) || /^mkt$|^market$/i.test(priceText);
  if (priceText === '' || isMarketPrice) return { priceCents: null, isMarketPrice, isPerPound };
  const priceCents = parsePriceCents(priceText);
  if (priceCents === null)
    return {
      row: rowNumber,
      message: `Row ${rowNumber} (item ${din}) has a price that is not a number: "${priceText.slice(0, 40)}".`,
    };
  return { priceCents, isMarketPrice, isPerPound };
}

/** The row's pack in the catalogue's notation, or the reason it cannot be read. */
function readPack(row: readonly string[], match: TemplateMatch, rowNumber: number, din: string): string | GuideRowError {
  const { columns } = match;
  const written =
    columns.pack_size !== undefined
      ? cell(row, columns.pack_size)
      : [cell(row, columns.pack), cell(row, columns.size), cell(row, columns.unit)].filter(Boolean).join(' ');
  if (written === '') return { row: rowNumber, message: `Row ${rowNumber} (item ${din}) has no pack size.` };
  const packSize =
    columns.pack_size !== undefined
      ? normalisePackString(written)
      : packFromParts(cell(row, columns.pack), cell(row, columns.size), cell(row, columns.unit));
  if (parsePackSize(packSize) === null || packSize.length > GUIDE_TEXT_LIMITS.packSize)
    return {
      row: rowNumber,
      message: `Row ${rowNumber} (item ${din}) has a pack size that cannot be read: "${written.slice(0, 40)}" (write it like 4/5 LB or 6/#10 CN).`,
    };
  return packSize;
}

/**
 * extractGuideLines one row at a time, for a sheet read as a stream (issue 20): rows after the
 * header are given in order with their 1-based row number; the DINs already read are remembered, so
 * a DIN repeated thousands of rows later is still skipped. Every row is checked (issue 31).
 */
export function createGuideLineExtractor(
  match: TemplateMatch,
  options: ExtractOptions = {},
): {
  read(row: readonly string[], rowNumber: number): GuideRowRead;
} {
  const { columns, template } = match;
  const headerCells = countHeaderCells(match.headers);
  const seen = new Set<string>();
  return {
    read(row, rowNumber) {
      if (row.every((value) => value.trim() === '')) return null;
      if (template.recordType && normaliseHeader(row[0] ?? '') !== template.recordType.rowValue.toLowerCase()) return null;
      if (options.checkCellCount) {
        const misaligned = checkRowCells(row, headerCells, rowNumber);
        if (misaligned) return { error: misaligned };
      }
      const din = cell(row, columns.din).slice(0, GUIDE_TEXT_LIMITS.din);
      if (din === '') return { error: { row: rowNumber, message: `Row ${rowNumber} has no item number.` } };
      if (seen.has(din)) return null;
      const name = cell(row, columns.name).slice(0, GUIDE_TEXT_LIMITS.name);
      if (name === '') return { error: { row: rowNumber, message: `Row ${rowNumber} (item ${din}) has no description.` } };
      const price = readPrice(row, match, rowNumber, din);
      if ('message' in price) return { error: price };
      const packSize = readPack(row, match, rowNumber, din);
      if (typeof packSize !== 'string') return { error: packSize };
      const isCatchWeight = price.isPerPound || isTruthyFlag(cell(row, columns.is_catch_weight));
      seen.add(din);
      return {
        line: {
          row: rowNumber,
          din,
          name,
          brand: cell(row, columns.brand).slice(0, GUIDE_TEXT_LIMITS.brand),
          packSize,
          unitMeasure: toUnitMeasure(cell(row, columns.unit_measure), isCatchWeight),
          priceCents: price.priceCents,
          isCatchWeight,
          isMarketPrice: price.isMarketPrice,
        },
      };
    },
  };
}
