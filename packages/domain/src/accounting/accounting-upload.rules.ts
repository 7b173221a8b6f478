/**
 * The accounting bulk upload of doc 3 (§4 "Bulk upload (accounting)", §5): the file the dialog
 * accepts, its kind by content, the template's header and each row read and checked.
 */
import { restoreDefusedText } from '../distributors/csv.rules';
import { isSafeText } from '../common/input.schema';
import { ACCOUNTING_NAME_MAX } from './accounting.schema';
import { ACCOUNTING_MESSAGES, normalizeAccountingName } from './accounting.rules';

/** doc 3 §5 and §9: the bulk upload's size limit in bytes. */
export const ACCOUNTING_UPLOAD_MAX_BYTES = 24_000_000;
/** doc 3 §5: csv, xls, xlsx and the open-document spreadsheet. */
export const ACCOUNTING_UPLOAD_EXTENSIONS = ['.csv', '.xls', '.xlsx', '.ods'] as const;
/** doc 3 §5: the spreadsheet MIME types the picker accepts. */
export const ACCOUNTING_UPLOAD_MIME_TYPES = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

/** doc 3 §5: what the Bulk Upload dialog says of a chosen file, or null when it may be sent. */
export function checkAccountingUploadFile(file: { name: string; size: number; type?: string }): string | null {
  if (file.size > ACCOUNTING_UPLOAD_MAX_BYTES) return ACCOUNTING_MESSAGES.fileSize;
  const lower = file.name.toLowerCase();
  const hasExtension = ACCOUNTING_UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension));
  const type = (file.type ?? '').split(';')[0].trim();
  const hasType = type === '' || (ACCOUNTING_UPLOAD_MIME_TYPES as readonly string[]).includes(type);
  return hasExtension && hasType ? null : ACCOUNTING_MESSAGES.fileType;
}

export type AccountingSpreadsheetKind = 'xlsx' | 'xls' | 'ods' | 'csv';

const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** Whether `needle` (ASCII) occurs in the bytes from `from` on. */
function hasAscii(bytes: Uint8Array, needle: string, from = 0): boolean {
  const codes = Array.from(needle, (c) => c.charCodeAt(0));
  outer: for (let i = Math.max(0, from); i <= bytes.length - codes.length; i += 1) {
    for (let j = 0; j < codes.length; j += 1) if (bytes[i + j] !== codes[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * A bulk-upload file's kind by its content, never its name: a ZIP holding an open-document
 * spreadsheet (its `mimetype` entry first, as LibreOffice writes it, or a META-INF/manifest.xml and
 * content.xml) is ods, a ZIP with `[Content_Types].xml` is xlsx, an OLE2 compound document is xls,
 * text (no NUL byte in its first 8 KB) is csv. Null for anything else.
 */
export function detectAccountingSpreadsheetKind(bytes: Uint8Array): AccountingSpreadsheetKind | null {
  if (bytes.length === 0) return null;
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    // A ZIP local header: name length at 26, extra length at 28, name at 30.
    const nameLength = bytes[26] | (bytes[27] << 8);
    const extraLength = bytes[28] | (bytes[29] << 8);
    const name = String.fromCharCode(...bytes.subarray(30, 30 + nameLength));
    if (name === 'mimetype') {
      const start = 30 + nameLength + extraLength;
      const content = String.fromCharCode(...bytes.subarray(start, start + ODS_MIMETYPE.length));
      return content === ODS_MIMETYPE ? 'ods' : null;
    }
    // Entry names are stored uncompressed in the central directory at the end of the file.
    const tail = bytes.length - 4_000_000;
    if (hasAscii(bytes, '[Content_Types].xml', tail)) return 'xlsx';
    if (hasAscii(bytes, 'META-INF/manifest.xml', tail) && hasAscii(bytes, 'content.xml', tail)) return 'ods';
    return null;
  }
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (bytes.length >= 8 && ole.every((byte, i) => bytes[i] === byte)) return 'xls';
  for (const byte of bytes.subarray(0, 8192)) if (byte === 0) return null;
  return 'csv';
}

/** The bulk-upload template's columns (docs/decisions.md "Accounting"): Item ID or Distributor + DIN find the item. */
export const BULK_TEMPLATE_HEADER = ['Item ID', 'Distributor', 'DIN', 'Item', 'Supplier', 'Category', 'GL Code'] as const;

export interface BulkColumns {
  itemId: number | null;
  distributor: number | null;
  din: number | null;
  supplier: number | null;
  category: number | null;
  glCode: number | null;
}

const HEADER_KEYS: Record<keyof BulkColumns, string[]> = {
  itemId: ['item id', 'item_distributor_id', 'itemdistributorid'],
  distributor: ['distributor'],
  din: ['din', 'item number'],
  supplier: ['supplier', 'accounting supplier'],
  category: ['category', 'accounting category'],
  glCode: ['gl code', 'gl', 'code', 'accounting code'],
};

/** The template's columns found in a header row (any order, any case), or what is missing. */
export function mapBulkHeader(header: readonly string[]): { columns: BulkColumns } | { error: string } {
  const keys = header.map((cell) => cell.replace(/\s+/g, ' ').trim().toLowerCase());
  const find = (names: string[]) => {
    const index = keys.findIndex((key) => names.includes(key));
    return index < 0 ? null : index;
  };
  const columns = Object.fromEntries(
    (Object.keys(HEADER_KEYS) as (keyof BulkColumns)[]).map((field) => [field, find(HEADER_KEYS[field])]),
  ) as unknown as BulkColumns;
  if (columns.itemId === null && columns.din === null)
    return { error: 'The first row must name the columns of the template: Item ID or DIN is missing.' };
  if (columns.supplier === null && columns.category === null && columns.glCode === null)
    return { error: 'The first row must name the columns of the template: Supplier, Category or GL Code is missing.' };
  return { columns };
}

/** One bulk-upload row read and checked: how to find the item and the names to tag it with (null: unchanged). */
export interface BulkRow {
  row: number;
  itemDistributorId: number | null;
  distributor: string | null;
  din: string | null;
  supplier: string | null;
  category: string | null;
  glCode: string | null;
}

/** Whether a row holds nothing at all (skipped, not an error). */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * A bulk-upload row checked on its own (doc 3 §4 "Bulk upload"): the item is named by a whole Item
 * ID or a DIN; names are at most ACCOUNTING_NAME_MAX characters of storable text; a blank cell
 * leaves the tag as it is (a row with all three blank changes nothing, so the template uploads as is). Returns the row or the message of its first problem.
 */
export function validateBulkRow(
  cells: readonly string[],
  columns: BulkColumns,
  row: number,
): BulkRow | { row: number; message: string } {
  // The template's text cells were defused when written (renderTemplateXlsx): read them as typed.
  const cell = (index: number | null) => (index === null ? '' : restoreDefusedText(cells[index] ?? ''));
  const idText = cell(columns.itemId).trim();
  const din = normalizeAccountingName(cell(columns.din));
  let itemDistributorId: number | null = null;
  if (idText !== '') {
    if (!/^\d{1,10}$/.test(idText) || Number(idText) < 1 || Number(idText) > 2_147_483_647)
      return { row, message: `Item ID "${idText.slice(0, 40)}" is not a whole number.` };
    itemDistributorId = Number(idText);
  } else if (din === null) return { row, message: 'Fill in the Item ID or the DIN of the item.' };
  const names: Record<'supplier' | 'category' | 'glCode', string | null> = { supplier: null, category: null, glCode: null };
  const labels = { supplier: 'Supplier', category: 'Category', glCode: 'GL Code' } as const;
  for (const field of ['supplier', 'category', 'glCode'] as const) {
    const raw = cell(columns[field]);
    if (!isSafeText(raw)) return { row, message: `${labels[field]} contains a character that is not allowed.` };
    const name = normalizeAccountingName(raw);
    if (name !== null && name.length > ACCOUNTING_NAME_MAX)
      return { row, message: `${labels[field]} is too long (${ACCOUNTING_NAME_MAX} characters at most).` };
    names[field] = name;
  }
  return {
    row,
    itemDistributorId,
    distributor: normalizeAccountingName(cell(columns.distributor)),
    din,
    ...names,
  };
}
