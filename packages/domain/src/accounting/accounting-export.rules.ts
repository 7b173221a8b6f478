/**
 * Accounting exports of doc 3 (§2.8): the bills of a period as QuickBooks Desktop IIF bills and a
 * QuickBooks Online bill CSV, every text cell formula-safe.
 */
import { defuseFormulaText } from '../distributors/csv.rules';
import { toDecimalString } from '../money/money.rules';
import { formatIsoDate } from '../common/date-format.rules';
import { addDaysToIsoDate } from '../orders/order-dates.rules';

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
