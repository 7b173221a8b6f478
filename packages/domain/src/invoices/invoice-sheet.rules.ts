/**
 * Invoice files as spreadsheets (CSV or xlsx, issue 36): the columns are found by their header
 * names, whatever their order, and every row becomes an invoice line of our model.
 */
import { isIsoDate } from '../orders/order-dates.rules';
import { formatMoney, formatUnitPrice, parseDecimal } from '../money/money.rules';
import {
  checkInvoiceTotal,
  getInvoiceLineAmount,
  InvoiceReadError,
  normalizeQuantity,
  type Invoice,
  type InvoiceLine,
} from './invoice.rules';

export const INVOICE_SHEET_FIELDS = [
  'invoiceNumber',
  'invoiceDate',
  'itemNumber',
  'description',
  'quantity',
  'unitPrice',
  'extendedPrice',
] as const;
export type InvoiceSheetField = (typeof INVOICE_SHEET_FIELDS)[number] | 'poNumber' | 'upc' | 'unit';

/** The header names each column goes by (compared without case, spaces or punctuation). */
export const INVOICE_SHEET_HEADERS: Record<InvoiceSheetField, readonly string[]> = {
  invoiceNumber: ['invoice number', 'invoice no', 'invoice #', 'invoice num', 'inv no', 'inv #', 'invoice'],
  invoiceDate: ['invoice date', 'inv date', 'date'],
  itemNumber: [
    'item number',
    'item no',
    'item #',
    'item',
    'item code',
    'product number',
    'sku',
    'din',
    'supc',
    'vendor item number',
  ],
  description: ['description', 'item description', 'product description', 'desc', 'product'],
  quantity: ['quantity shipped', 'qty shipped', 'shipped', 'ship qty', 'quantity', 'qty'],
  unitPrice: ['unit price', 'price', 'case price', 'price each', 'unit cost'],
  extendedPrice: ['extended price', 'extended', 'ext price', 'extension', 'amount', 'line total', 'total'],
  poNumber: ['po number', 'po no', 'po #', 'purchase order', 'purchase order number', 'po'],
  upc: ['upc', 'gtin', 'upc code'],
  unit: ['unit', 'uom', 'unit of measure'],
};

const LABELS: Record<(typeof INVOICE_SHEET_FIELDS)[number], string> = {
  invoiceNumber: 'invoice number',
  invoiceDate: 'invoice date',
  itemNumber: 'item number',
  description: 'description',
  quantity: 'quantity shipped',
  unitPrice: 'unit price',
  extendedPrice: 'extended price',
};

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9#]/g, '');

/** Column index of each field in a header row; fields whose header is missing are absent. */
export function matchInvoiceHeaders(header: readonly string[]): Partial<Record<InvoiceSheetField, number>> {
  const columns: Partial<Record<InvoiceSheetField, number>> = {};
  const used = new Set<number>();
  // Longer names first, so "invoice date" is not taken by "date" nor "unit price" by "price".
  const wanted = (Object.entries(INVOICE_SHEET_HEADERS) as [InvoiceSheetField, readonly string[]][])
    .flatMap(([field, names]) => names.map((name) => ({ field, name: key(name) })))
    .sort((a, b) => b.name.length - a.name.length);
  for (const { field, name } of wanted) {
    if (columns[field] !== undefined) continue;
    const index = header.findIndex((cell, i) => !used.has(i) && key(cell) === name);
    if (index >= 0) {
      columns[field] = index;
      used.add(index);
    }
  }
  return columns;
}

/** A sheet date (YYYY-MM-DD, MM/DD/YYYY or M/D/YY) as YYYY-MM-DD, or null. */
export function readSheetDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  const date = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : us
      ? `${us[3].length === 2 ? `20${us[3]}` : us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`
      : '';
  return isIsoDate(date) ? date : null;
}

/** An amount cell ("$1,234.5", "12.3456") at the given scale, or null. */
function readAmount(text: string, scale: number): number | null {
  const value = text.trim().replace(/[$,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(value)) return null;
  return parseDecimal(value, scale);
}

const HEADER_SEARCH_ROWS = 10;

/**
 * Reads an invoice sheet (issue 36): the header row is the first of the top ten naming the seven
 * columns (invoice number, date, item number, description, quantity shipped, unit price, extended
 * price); every following row with a quantity is a line. One invoice per file. Each extended price
 * must be quantity × unit price, and the total is their sum.
 */
export function readInvoiceSheet(rows: readonly (readonly string[])[]): Invoice {
  let headerIndex = -1;
  let columns: Partial<Record<InvoiceSheetField, number>> = {};
  let best: Partial<Record<InvoiceSheetField, number>> = {};
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i += 1) {
    const found = matchInvoiceHeaders(rows[i]);
    if (INVOICE_SHEET_FIELDS.every((field) => found[field] !== undefined)) {
      headerIndex = i;
      columns = found;
      break;
    }
    if (Object.keys(found).length > Object.keys(best).length) best = found;
  }
  if (headerIndex < 0) {
    const missing = INVOICE_SHEET_FIELDS.filter((field) => best[field] === undefined).map((field) => LABELS[field]);
    throw new InvoiceReadError(
      'not_an_invoice',
      `This file is not an invoice we can read: no header row names the columns ${missing.join(', ')}.`,
    );
  }
  const cell = (row: readonly string[], field: InvoiceSheetField) => {
    const index = columns[field];
    return index === undefined ? '' : (row[index] ?? '').trim();
  };
  const lines: InvoiceLine[] = [];
  const numbers = new Set<string>();
  let invoiceDate: string | null = null;
  let poNumber: string | null = null;
  for (const [offset, row] of rows.slice(headerIndex + 1).entries()) {
    const rowNumber = headerIndex + offset + 2;
    if (row.every((value) => value.trim() === '') || cell(row, 'quantity') === '') continue;
    const where = `Row ${rowNumber}`;
    const quantity = normalizeQuantity(cell(row, 'quantity'));
    if (quantity === null)
      throw new InvoiceReadError('invalid_invoice', `${where}: quantity shipped "${cell(row, 'quantity')}" is not a number.`);
    const unitPrice = readAmount(cell(row, 'unitPrice'), 4);
    if (unitPrice === null)
      throw new InvoiceReadError('invalid_invoice', `${where}: unit price "${cell(row, 'unitPrice')}" is not an amount.`);
    const extended = readAmount(cell(row, 'extendedPrice'), 2);
    if (extended === null)
      throw new InvoiceReadError('invalid_invoice', `${where}: extended price "${cell(row, 'extendedPrice')}" is not an amount.`);
    const amount = getInvoiceLineAmount(quantity, unitPrice);
    if (amount !== extended)
      throw new InvoiceReadError(
        'invoice_total_mismatch',
        `${where}: the extended price ${formatMoney(extended)} is not ${quantity} × ${formatUnitPrice(unitPrice)} = ${formatMoney(amount)}.`,
      );
    if (cell(row, 'invoiceNumber')) numbers.add(cell(row, 'invoiceNumber'));
    invoiceDate ??= readSheetDate(cell(row, 'invoiceDate'));
    poNumber ??= cell(row, 'poNumber') || null;
    lines.push({
      lineNumber: lines.length + 1,
      itemNumber: cell(row, 'itemNumber') || null,
      upc: cell(row, 'upc') || null,
      description: cell(row, 'description'),
      quantity,
      unitCode: cell(row, 'unit').toUpperCase() || 'CA',
      unitPrice,
      amount,
    });
  }
  if (lines.length === 0)
    throw new InvoiceReadError('invalid_invoice', 'This invoice file has no lines with a quantity shipped.');
  if (numbers.size !== 1)
    throw new InvoiceReadError(
      'invalid_invoice',
      numbers.size === 0
        ? 'No row has an invoice number.'
        : `This file holds ${numbers.size} invoices (${[...numbers].join(', ')}): send one invoice per file.`,
    );
  if (!invoiceDate) throw new InvoiceReadError('invalid_invoice', 'No row has an invoice date written YYYY-MM-DD or MM/DD/YYYY.');
  const invoice: Invoice = {
    invoiceNumber: [...numbers][0],
    invoiceDate,
    poNumber,
    poDate: null,
    terms: null,
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
  };
  checkInvoiceTotal(invoice);
  return invoice;
}
