/**
 * Order-guide templates (doc 3 §4 "Order guide upload", issue 20 "Real files"): which column of an
 * uploaded sheet holds which order-guide field, found by header name (case-insensitive, spaces and
 * a byte-order mark ignored), never by position. The layouts distributors really export are built
 * in, so `check-for-template` recognises them without a request.
 */
import { normaliseUom, parsePackSize } from '../catalog/pack-size.rules';

/** The order-guide item fields an upload fills (doc 3 §3 "Order guide item"). */
export type GuideField =
  | 'din'
  | 'name'
  | 'brand'
  | 'pack'
  | 'size'
  | 'unit'
  | 'pack_size'
  | 'unit_measure'
  | 'price'
  | 'split_price'
  | 'is_catch_weight'
  | 'is_market_price'
  | 'stock';

export interface OrderGuideTemplate {
  /** Stable key: 'sysco-csv', 'usfoods-list', or a stored template's id. */
  key: string;
  name: string;
  /** Header names per field, any of which may appear (compared normalised). */
  columns: Partial<Record<GuideField, readonly string[]>>;
  /** Fields that must all be found for the template to match. */
  required: readonly GuideField[];
  /**
   * A record-type column (Sysco: H header, F field names, P product): the header row is the one
   * whose first cell is `headerValue`, and only rows whose first cell is `rowValue` are items.
   */
  recordType?: { headerValue: string; rowValue: string };
}

/** Sysco's order-guide CSV: record types H/F/P in the first column (issue 20). */
export const SYSCO_CSV_TEMPLATE: OrderGuideTemplate = {
  key: 'sysco-csv',
  name: 'Sysco order guide (CSV)',
  columns: {
    din: ['SUPC'],
    name: ['Desc', 'Description'],
    brand: ['Brand'],
    pack: ['Pack'],
    size: ['Size'],
    unit: ['Unit'],
    price: ['Case $'],
    split_price: ['Split $'],
    is_catch_weight: ['Per Lb'],
    is_market_price: ['Market'],
    stock: ['Stock'],
  },
  required: ['din', 'name', 'pack', 'size', 'price'],
  recordType: { headerValue: 'F', rowValue: 'P' },
};

/** US Foods' list download: prices are optional (a list can be downloaded without them). */
export const US_FOODS_LIST_TEMPLATE: OrderGuideTemplate = {
  key: 'usfoods-list',
  name: 'US Foods list download',
  columns: {
    din: ['Product Number'],
    name: ['Product Description'],
    brand: ['Product Brand'],
    pack_size: ['Product Package Size'],
    unit_measure: ['Product Unit of Measure', 'Product UOM'],
    price: ['Product Price', 'Product Case Price', 'Price'],
    is_catch_weight: ['Catch Weight', 'Product Catch Weight'],
    is_market_price: ['Market Price'],
    stock: ['Product Status', 'Stock Status'],
  },
  required: ['din', 'name', 'pack_size'],
};

/** Stockpot's own download layout (doc 3 §3 field names), so a downloaded guide uploads back. */
export const STOCKPOT_TEMPLATE: OrderGuideTemplate = {
  key: 'stockpot',
  name: 'Stockpot order guide',
  columns: {
    din: ['din'],
    name: ['name'],
    brand: ['brand'],
    pack_size: ['pack_size'],
    unit_measure: ['unit_measure'],
    price: ['price'],
    is_catch_weight: ['is_catch_weight'],
  },
  required: ['din', 'name', 'pack_size', 'price'],
};

export const BUILT_IN_TEMPLATES: readonly OrderGuideTemplate[] = [SYSCO_CSV_TEMPLATE, US_FOODS_LIST_TEMPLATE, STOCKPOT_TEMPLATE];

/** How far down a sheet the header row is looked for (Sysco puts an H row first; titles happen). */
export const HEADER_SEARCH_ROWS = 20;

/** Header text compared: byte-order mark and surrounding spaces dropped, inner spaces collapsed, lower case. */
export function normaliseHeader(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface TemplateMatch {
  template: OrderGuideTemplate;
  /** Index of the header row in the sheet. */
  headerRow: number;
  /** Column index of every field found. */
  columns: Partial<Record<GuideField, number>>;
}

/** The template's columns in one header row, or null when a required field is missing. */
function matchRow(template: OrderGuideTemplate, row: readonly string[]): Partial<Record<GuideField, number>> | null {
  const headers = row.map(normaliseHeader);
  if (template.recordType && headers[0] !== template.recordType.headerValue.toLowerCase()) return null;
  const columns: Partial<Record<GuideField, number>> = {};
  for (const [field, names] of Object.entries(template.columns) as [GuideField, readonly string[]][]) {
    for (const name of names) {
      const index = headers.indexOf(normaliseHeader(name));
      if (index >= 0) {
        columns[field] = index;
        break;
      }
    }
  }
  return template.required.every((field) => columns[field] !== undefined) ? columns : null;
}

/**
 * check-for-template: the first template (in the order given) whose required headers all appear in
 * one of the sheet's first rows, matched by name in any column order.
 */
export function findTemplate(
  rows: readonly (readonly string[])[],
  templates: readonly OrderGuideTemplate[],
): TemplateMatch | null {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (const template of templates) {
    for (let index = 0; index < limit; index += 1) {
      const columns = matchRow(template, rows[index]);
      if (columns) return { template, headerRow: index, columns };
    }
  }
  return null;
}

/** One item read from an uploaded guide. */
export interface GuideLine {
  /** Row number in the sheet, 1-based, for messages. */
  row: number;
  din: string;
  name: string;
  brand: string;
  /** Canonical pack string ("4/5 LB") or the text as written when it cannot be read. */
  packSize: string;
  unitMeasure: 'CS' | 'EA' | 'LB';
  /** Case price (per pound for catch weight) in cents; null when the file carries no price. */
  priceCents: number | null;
  isCatchWeight: boolean;
  isMarketPrice: boolean;
}

export interface GuideRowError {
  row: number;
  message: string;
}

const cell = (row: readonly string[], index: number | undefined): string =>
  index === undefined ? '' : (row[index] ?? '').trim();

/** Yes/no flags as exports write them: Y, Yes, X, True, 1. */
export function isTruthyFlag(text: string): boolean {
  return /^(y|yes|x|true|1|\*)$/i.test(text.trim());
}

/**
 * A price cell ("$1,234.50", "54.9", "MKT") in cents; null when empty or not a price. Exact
 * decimal arithmetic on the digits, never floating point.
 */
export function parsePriceCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,4}))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(4, '0');
  const tenThousandths = Number(match[1]) * 10_000 + Number(fraction);
  // Half up to the cent.
  return Math.floor((tenThousandths + 50) / 100);
}

const POUND_SIGN = /^(\d+(?:\.\d+)?)\s*#$/;

/**
 * Pack strings as distributors write them, to the catalogue's "outer/inner UOM" notation:
 * `4/5 LB`, `1/50#` (# after a number is pounds), `4/128/OZ`, `15LB` (one pack), `6/#10 CN`.
 * Returns the text as written (trimmed, upper case) when it is not a pack this rule understands.
 */
export function normalisePackString(text: string): string {
  const raw = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (raw === '') return '';
  const parts = raw.split('/').map((part) => part.trim());
  let outer = '1';
  let rest: string;
  if (parts.length === 1) rest = parts[0];
  else if (parts.length === 2) [outer, rest] = parts;
  else if (parts.length === 3 && /^\d+(\.\d+)?$/.test(parts[1])) {
    // "4/128/OZ": outer / inner / unit.
    outer = parts[0];
    rest = `${parts[1]} ${parts[2]}`;
  } else return raw;
  if (!/^\d+$/.test(outer)) return raw;
  const pound = POUND_SIGN.exec(rest);
  if (pound) rest = `${pound[1]} LB`;
  const match = /^(#?\d+(?:\.\d+)?)\s*([A-Z][A-Z .#]*)$/.exec(rest);
  if (!match) return raw;
  const uom = match[1].startsWith('#') ? match[2].trim() : normaliseUom(match[2]);
  const candidate = `${Number(outer)}/${match[1]} ${uom}`;
  return parsePackSize(candidate) ? candidate : raw;
}

/** Sysco writes the pack count and the size in two columns ("4" and "5LB" or "5" + unit "LB"). */
function packFromParts(pack: string, size: string, unit: string): string {
  if (pack === '' && size === '') return '';
  const sizeText = /^#?\d+(\.\d+)?$/.test(size) && unit !== '' && !/^(CS|EA)$/i.test(unit) ? `${size} ${unit}` : size;
  return normalisePackString(pack === '' ? sizeText : `${pack}/${sizeText}`);
}

function toUnitMeasure(text: string, isCatchWeight: boolean): GuideLine['unitMeasure'] {
  if (isCatchWeight) return 'LB';
  const upper = text.trim().toUpperCase();
  if (upper === 'EA' || upper === 'EACH') return 'EA';
  if (upper === 'LB' || upper === 'LBS') return 'LB';
  return 'CS';
}

export interface ExtractResult {
  lines: GuideLine[];
  errors: GuideRowError[];
}

/** Longest DIN, name and brand kept from a file (longer text is cut). */
export const GUIDE_TEXT_LIMITS = { din: 40, name: 300, brand: 120, packSize: 60 } as const;

/**
 * The items of a matched sheet: rows after the header (only record type P for Sysco), blank rows
 * skipped, a DIN required, the first row of a repeated DIN kept. Cells are data: a cell starting
 * with `=`, `+`, `-` or `@` is read as its text and never evaluated.
 */
export function extractGuideLines(rows: readonly (readonly string[])[], match: TemplateMatch): ExtractResult {
  const extractor = createGuideLineExtractor(match);
  const lines: GuideLine[] = [];
  const errors: GuideRowError[] = [];
  for (let index = match.headerRow + 1; index < rows.length; index += 1) {
    const read = extractor.read(rows[index], index + 1);
    if (read?.line) lines.push(read.line);
    else if (read?.error) errors.push(read.error);
  }
  return { lines, errors };
}

/** What one row of a guide gives: an item, a row error, or nothing (blank, other record type, repeated DIN). */
export type GuideRowRead = { line: GuideLine; error?: undefined } | { line?: undefined; error: GuideRowError } | null;

/**
 * extractGuideLines one row at a time, for a sheet read as a stream (issue 20): rows after the
 * header are given in order with their 1-based row number; the DINs already read are remembered, so
 * a DIN repeated thousands of rows later is still skipped. The same rule as extractGuideLines.
 */
export function createGuideLineExtractor(match: TemplateMatch): {
  read(row: readonly string[], rowNumber: number): GuideRowRead;
} {
  const { columns, template } = match;
  const seen = new Set<string>();
  return {
    read(row, rowNumber) {
      if (row.every((value) => value.trim() === '')) return null;
      if (template.recordType && normaliseHeader(row[0] ?? '') !== template.recordType.rowValue.toLowerCase()) return null;
      const din = cell(row, columns.din).slice(0, GUIDE_TEXT_LIMITS.din);
      if (din === '') return { error: { row: rowNumber, message: `Row ${rowNumber} has no item number.` } };
      if (seen.has(din)) return null;
      const name = cell(row, columns.name).slice(0, GUIDE_TEXT_LIMITS.name);
      if (name === '') return { error: { row: rowNumber, message: `Row ${rowNumber} (item ${din}) has no description.` } };
      const isCatchWeight = isTruthyFlag(cell(row, columns.is_catch_weight));
      const marketCell = cell(row, columns.is_market_price);
      const priceText = cell(row, columns.price);
      const isMarketPrice = isTruthyFlag(marketCell) || /^mkt$|^market$/i.test(priceText);
      let priceCents: number | null = null;
      if (columns.price !== undefined && priceText !== '' && !isMarketPrice) {
        priceCents = parsePriceCents(priceText);
        if (priceCents === null) {
          return {
            error: {
              row: rowNumber,
              message: `Row ${rowNumber} (item ${din}) has a price that is not a number: "${priceText.slice(0, 40)}".`,
            },
          };
        }
      }
      const packSize =
        columns.pack_size !== undefined
          ? normalisePackString(cell(row, columns.pack_size))
          : packFromParts(cell(row, columns.pack), cell(row, columns.size), cell(row, columns.unit));
      seen.add(din);
      return {
        line: {
          row: rowNumber,
          din,
          name,
          brand: cell(row, columns.brand).slice(0, GUIDE_TEXT_LIMITS.brand),
          packSize: packSize.slice(0, GUIDE_TEXT_LIMITS.packSize),
          unitMeasure: toUnitMeasure(cell(row, columns.unit_measure), isCatchWeight),
          priceCents,
          isCatchWeight,
          isMarketPrice,
        },
      };
    },
  };
}
