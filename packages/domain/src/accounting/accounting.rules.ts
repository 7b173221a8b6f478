/**
 * Accounting rules of doc 3 (§2.8, §4 "Bulk upload (accounting)", §5, §8): tag names, payable terms,
 * the bulk-upload file and rows, and the accounting-software exports (QuickBooks Desktop IIF bills
 * and a QuickBooks Online bill CSV).
 */
import { defuseFormulaText, restoreDefusedText } from '../distributors/csv.rules';
import { toDecimalString } from '../money/money.rules';
import { formatIsoDate } from '../common/date-format.rules';
import { isSafeText } from '../common/input.schema';
import { addDaysToIsoDate } from '../orders/order-dates.rules';
import { NO_RESULTS_TIPS } from '../catalog/item-list.rules';
import { ACCOUNTING_NAME_MAX } from './accounting.schema';

/** doc 3 §8 texts of the accounting screen, spelled as the spec writes them. */
export const ACCOUNTING_MESSAGES = {
  fileSize: 'File size is too big.',
  fileType: 'Please choose another file type.',
  uploaded: 'Your file was uploaded successfully.',
  empty: 'Sorry, there are no exact match results found',
} as const;

/**
 * doc 3 §2.8 "with the spelling and less-specific-words tips": the words doc 3 §2.5 and doc 1 §2
 * give them, 'Check your spelling' and 'Try to use less specific words' (one list for every search).
 */
export const ACCOUNTING_EMPTY_TIPS = NO_RESULTS_TIPS;

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

/** doc 3 §9: load the next page 600 px from the page bottom. */
export const ACCOUNTING_SCROLL_THRESHOLD_PX = 600;

/** A supplier, category or code as typed: trimmed with inner runs of spaces made one; null when blank (doc 3 §5: ignored). */
export function normalizeAccountingName(value: string | null | undefined): string | null {
  const name = (value ?? '').replace(/\s+/g, ' ').trim();
  return name === '' ? null : name;
}

/** The key two names are the same under (doc 3 §5: a case-insensitive duplicate is not created). */
export function getAccountingNameKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-US');
}

/** The existing entry with the same name, ignoring case (doc 3 §5), or undefined. */
export function findSameName<T>(entries: readonly T[], name: string, nameOf: (entry: T) => string): T | undefined {
  const key = getAccountingNameKey(name);
  return entries.find((entry) => getAccountingNameKey(nameOf(entry)) === key);
}

/**
 * What a typed name does (doc 3 §5): 'ignore' when blank, 'existing' when the same name ignoring
 * case is there, otherwise 'create'.
 */
export function planAccountingName<T>(
  entries: readonly T[],
  typed: string,
  nameOf: (entry: T) => string,
): { action: 'ignore' } | { action: 'existing'; entry: T } | { action: 'create'; name: string } {
  const name = normalizeAccountingName(typed);
  if (name === null) return { action: 'ignore' };
  const entry = findSameName(entries, name, nameOf);
  return entry === undefined ? { action: 'create', name } : { action: 'existing', entry };
}

/** Longest payable terms accepted, in days. */
export const PAYABLE_TERMS_MAX = 365;

/** doc 3 §5: payable terms are saved only if a non-zero number: the whole days to save, or null (not saved). */
export function parsePayableTerms(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= PAYABLE_TERMS_MAX ? days : null;
}

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

/**
 * A text cell made safe to open in a spreadsheet: the house's one rule (defuseFormulaText), so an
 * accounting export treats "=…", "+…", "@…" exactly as every other export does, and a plain number
 * such as "-1" stays a number.
 */
export const toSafeSpreadsheetText = defuseFormulaText;

/** A CSV field: made formula-safe, then quoted when it holds a comma, quote or line break. */
export function toSafeCsvField(value: string): string {
  const safe = toSafeSpreadsheetText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An IIF text field: tabs and line breaks (the format's separators) made spaces, quotes dropped, then formula-safe. */
export function toSafeIifField(value: string): string {
  return toSafeSpreadsheetText(
    value
      .replace(/[\t\r\n]+/g, ' ')
      .replace(/"/g, '')
      .trim(),
  );
}

/** The expense account of lines whose item has no GL code (QuickBooks' own default expense account). */
export const UNTAGGED_EXPENSE_ACCOUNT = 'Uncategorized Expense';
/** The account every bill credits (QuickBooks' built-in payables account). */
export const ACCOUNTS_PAYABLE_ACCOUNT = 'Accounts Payable';

export interface BillLine {
  /** The expense account: the item's GL code, or UNTAGGED_EXPENSE_ACCOUNT. */
  account: string;
  description: string;
  amountCents: number;
}

/** One bill: an order of the period, owed to its distributor. */
export interface Bill {
  docNumber: string;
  vendor: string;
  /** YYYY-MM-DD: the bill date (the delivery date, else the order date). */
  date: string;
  /** Payable terms of the distributor in days; 0 when none are set. */
  termsDays: number;
  memo: string;
  lines: BillLine[];
}

/** The bill's due date: its date plus the payable terms (doc 3 §3 payableTerms, days). */
export function getBillDueDate(bill: Pick<Bill, 'date' | 'termsDays'>): string {
  return addDaysToIsoDate(bill.date, bill.termsDays);
}

/** QuickBooks terms text: "Net 14", or "Due on receipt" without payable terms. */
export function getTermsName(termsDays: number): string {
  return termsDays > 0 ? `Net ${termsDays}` : 'Due on receipt';
}

export const IIF_TRNS_HEADER = [
  '!TRNS',
  'TRNSID',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'DUEDATE',
  'TERMS',
];
export const IIF_SPL_HEADER = ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'];
export const IIF_END_HEADER = ['!ENDTRNS'];

/** A bill's lines without zero amounts; a bill with none is not exported. */
function getBillableLines(bill: Bill): BillLine[] {
  return bill.lines.filter((line) => line.amountCents !== 0);
}

/**
 * QuickBooks Desktop IIF bills (tab-separated): the !TRNS, !SPL and !ENDTRNS header rows, then per
 * bill a TRNS line (TRNSTYPE BILL) crediting Accounts Payable with the bill total, one SPL line per
 * order line debiting its expense account, and ENDTRNS. TRNS and SPL amounts of a bill sum to zero.
 * DATE and DUEDATE are MM/DD/YY; TERMS comes from the payable terms. Lines end with CRLF.
 */
export function buildQuickbooksIif(bills: readonly Bill[]): string {
  const rows: string[][] = [IIF_TRNS_HEADER, IIF_SPL_HEADER, IIF_END_HEADER];
  for (const bill of bills) {
    const lines = getBillableLines(bill);
    if (lines.length === 0) continue;
    const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const date = formatIsoDate(bill.date, 'MM/DD/YY');
    const vendor = toSafeIifField(bill.vendor);
    const docNumber = toSafeIifField(bill.docNumber);
    rows.push([
      'TRNS',
      '',
      'BILL',
      date,
      ACCOUNTS_PAYABLE_ACCOUNT,
      vendor,
      toDecimalString(-total, 2),
      docNumber,
      toSafeIifField(bill.memo),
      formatIsoDate(getBillDueDate(bill), 'MM/DD/YY'),
      toSafeIifField(getTermsName(bill.termsDays)),
    ]);
    for (const line of lines)
      rows.push([
        'SPL',
        '',
        'BILL',
        date,
        toSafeIifField(line.account),
        vendor,
        toDecimalString(line.amountCents, 2),
        docNumber,
        toSafeIifField(line.description),
      ]);
    rows.push(['ENDTRNS']);
  }
  return rows.map((row) => row.join('\t')).join('\r\n') + '\r\n';
}

/** The QuickBooks Online bill import columns (Import bills, CSV). */
export const QBO_BILL_HEADER = [
  'Bill No',
  'Supplier',
  'Bill Date',
  'Due Date',
  'Terms',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
] as const;

/** A QuickBooks Online bill CSV: one row per bill line, dates MM/DD/YYYY, every text cell formula-safe. */
export function buildQuickbooksOnlineCsv(bills: readonly Bill[]): string {
  const rows: string[][] = [[...QBO_BILL_HEADER]];
  for (const bill of bills)
    for (const line of getBillableLines(bill))
      rows.push([
        bill.docNumber,
        bill.vendor,
        formatIsoDate(bill.date, 'MM/DD/YYYY'),
        formatIsoDate(getBillDueDate(bill), 'MM/DD/YYYY'),
        getTermsName(bill.termsDays),
        bill.memo,
        line.account,
        line.description,
        toDecimalString(line.amountCents, 2),
      ]);
  return rows.map((row) => row.map(toSafeCsvField).join(',')).join('\r\n') + '\r\n';
}
