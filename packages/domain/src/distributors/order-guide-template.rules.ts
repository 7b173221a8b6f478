/**
 * Order-guide templates (doc 3 §4 "Order guide upload", issue 20 "Real files"): which column of an
 * uploaded sheet holds which order-guide field, found by header name (case-insensitive, spaces and
 * a byte-order mark ignored), never by position. The layouts distributors really export are built
 * in, so `check-for-template` recognises them without a request.
 */

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
  /** A price per pound (issue 31 column mapping): a catch-weight line when the case price is empty. */
  | 'lb_price'
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
  /** The header row's cells as written (issue 31: row cell counts and messages naming a column). */
  headers: readonly string[];
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
      if (columns) return { template, headerRow: index, columns, headers: rows[index] };
    }
  }
  return null;
}
