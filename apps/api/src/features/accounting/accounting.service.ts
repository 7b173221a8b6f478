/** Rules, authorization and transactions of the accounting area (doc 3 §2.8, §5, §7 "Accounting"). */
import ExcelJS from 'exceljs';
import type { Database } from '@stockpot/db';
import {
  ACCOUNTING_MESSAGES,
  ACCOUNTING_PAGE_SIZE,
  BULK_TEMPLATE_HEADER,
  buildQuickbooksIif,
  defuseFormulaText,
  buildQuickbooksOnlineCsv,
  getAccountingNameKey,
  isBlankRow,
  mapBulkHeader,
  normalizeAccountingName,
  parseCents,
  parseUnitPrice,
  toPageMeta,
  UNTAGGED_EXPENSE_ACCOUNT,
  validateBulkRow,
  type AccountingFilterOptions,
  type AccountingItem,
  type AccountingSpreadsheetKind,
  type AccountingTag,
  type AccountingTagBody,
  type Bill,
  type BulkRow,
  type BulkUploadResult,
  type QuickbooksQuery,
} from '@stockpot/domain';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import {
  insertTagName,
  selectAccountingDistributors,
  selectAccountingFlag,
  selectAccountingItem,
  selectAccountingItems,
  selectBillLines,
  selectItemKeys,
  selectTagById,
  selectTagByName,
  selectTagList,
  selectTagRecord,
  selectTemplateRows,
  updatePayableTerms,
  upsertTag,
  upsertTags,
  type AccountingItemRow,
  type TagKind,
} from './accounting.repo';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';

/** Rows a bulk upload may hold below its header. */
export const BULK_UPLOAD_MAX_ROWS = 20_000;
/** The account of an order's delivery fee on a bill (QuickBooks' standard freight account). */
export const DELIVERY_FEE_ACCOUNT = 'Freight and Delivery';

/** doc 3 §6: accounting is offered only where the location has display_accounting (docs/decisions.md: 403). */
export async function assertAccounting(db: Database, locationId: number): Promise<void> {
  if (!(await selectAccountingFlag(db, locationId))) throw forbidden('Accounting is turned off for this location.');
}

function toAccountingItem(row: AccountingItemRow): AccountingItem {
  return {
    id: row.accounting_id,
    accountingId: row.accounting_id,
    itemDistributorId: row.item_distributor_id,
    name: row.name,
    description: row.description,
    din: row.din,
    brand: row.brand,
    distributor: row.distributor,
    price: parseCents(row.price),
    unitMeasure: row.unit_measure,
    packSize: row.pack_size,
    packSizeUom: row.pack_size_uom,
    isCatchWeight: row.is_catch_weight,
    isFixedWeight: row.is_fixed_weight,
    isMarketPrice: row.is_market_price,
    unitPrice: parseUnitPrice(row.unit_price),
    accountingSupplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
    accountingCategory: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? '' },
    accountingCode: row.gl_code_id === null ? null : { id: row.gl_code_id, code: row.gl_code ?? '' },
  };
}

export async function listAccountingItems(db: Database, locationId: number, filter: AccountingFilterOptions, page: number) {
  const { rows, total } = await selectAccountingItems(
    db,
    locationId,
    filter,
    ACCOUNTING_PAGE_SIZE,
    (page - 1) * ACCOUNTING_PAGE_SIZE,
  );
  return { data: rows.map(toAccountingItem), _meta: toPageMeta(total, page, ACCOUNTING_PAGE_SIZE) };
}

export async function listAccountingDistributors(db: Database, locationId: number, search = '') {
  const rows = await selectAccountingDistributors(db, locationId, search);
  return rows.map((row) => ({ id: row.id, nickname: row.nickname, payableTerms: row.payable_terms }));
}

/** doc 3 §5: payable terms (a non-zero number of days, checked by the schema) of one of the location's distributors. */
export async function setPayableTerms(db: Database, locationId: number, distributorId: number, terms: number) {
  const row = await updatePayableTerms(db, locationId, distributorId, terms);
  if (!row) throw notFound('Distributor');
  return { id: row.id, nickname: row.nickname, payableTerms: row.payable_terms };
}

export async function listTags(db: Database, locationId: number, kind: TagKind) {
  return selectTagList(db, locationId, kind);
}

const KIND_LABEL: Record<TagKind, string> = { supplier: 'Supplier name', category: 'Category name', glCode: 'GL code' };

/**
 * doc 3 §5: creates a supplier, category or GL code; a blank value is refused (the screen ignores it),
 * a case-insensitive duplicate is not created and the existing entry is answered instead.
 */
export async function createTag(
  db: Database,
  locationId: number,
  kind: TagKind,
  typed: string,
): Promise<{ entry: { id: number; name: string }; isCreated: boolean }> {
  const name = normalizeAccountingName(typed);
  if (name === null) throw badRequest(`${KIND_LABEL[kind]} must not be blank.`, 'validation_error');
  return db.transaction(async (tx) => {
    const existing = await selectTagByName(tx, locationId, kind, name);
    if (existing) return { entry: existing, isCreated: false };
    const created = await insertTagName(tx, locationId, kind, name);
    if (created) return { entry: created, isCreated: true };
    // Another request created the same name between the read and the insert.
    const raced = await selectTagByName(tx, locationId, kind, name);
    if (!raced) throw badRequest('The name was changed at the same time; please try again.');
    return { entry: raced, isCreated: false };
  });
}

function getTagChange(body: AccountingTagBody): { kind: TagKind; id: number | null } {
  if (body.merchant_accounting_supplier_id !== undefined) return { kind: 'supplier', id: body.merchant_accounting_supplier_id };
  if (body.merchant_accounting_category_id !== undefined) return { kind: 'category', id: body.merchant_accounting_category_id };
  return { kind: 'glCode', id: body.merchant_accounting_gl_code_id ?? null };
}

const TAG_NOT_FOUND: Record<TagKind, string> = { supplier: 'Supplier', category: 'Category', glCode: 'GL code' };

async function toTag(db: Database, locationId: number, itemDistributorId: number): Promise<AccountingTag> {
  const item = await selectAccountingItem(db, locationId, itemDistributorId);
  if (!item || item.accounting_id === null) throw notFound('Accounting record');
  const view = toAccountingItem(item);
  return {
    id: item.accounting_id,
    itemDistributorId,
    accountingSupplier: view.accountingSupplier,
    accountingCategory: view.accountingCategory,
    accountingCode: view.accountingCode,
  };
}

/**
 * POST merchant-accounting and PATCH merchant-accounting/{id}: sets one tag of one of the location's
 * items (null clears it). With a record id the record must be the location's and of the same item.
 */
export async function setItemTag(
  db: Database,
  locationId: number,
  body: AccountingTagBody,
  recordId?: number,
): Promise<AccountingTag> {
  return db.transaction(async (tx) => {
    if (recordId !== undefined) {
      const record = await selectTagRecord(tx, locationId, recordId);
      if (!record) throw notFound('Accounting record');
      if (record.item_distributor_id !== body.item_distributor_id)
        throw badRequest('item_distributor_id is not the item of this accounting record.', 'validation_error');
    }
    if (!(await selectAccountingItem(tx, locationId, body.item_distributor_id))) throw notFound('Item');
    const change = getTagChange(body);
    if (change.id !== null && !(await selectTagById(tx, locationId, change.kind, change.id)))
      throw notFound(TAG_NOT_FOUND[change.kind]);
    await upsertTag(tx, locationId, body.item_distributor_id, change.kind, change.id);
    return toTag(tx, locationId, body.item_distributor_id);
  });
}

/** The bulk-upload template: the header and every item of the location with its tags (xlsx string cells: never formulas). */
export async function renderTemplateXlsx(db: Database, locationId: number): Promise<Buffer> {
  const rows = await selectTemplateRows(db, locationId);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stockpot';
  const sheet = workbook.addWorksheet('Accounting');
  sheet.columns = BULK_TEMPLATE_HEADER.map((header, index) => ({ header, width: [10, 24, 14, 44, 28, 24, 24][index] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow([
      row.item_distributor_id,
      ...[
        row.distributor,
        row.din,
        [row.brand, row.name, row.pack_size].filter(Boolean).join(' '),
        row.supplier_name ?? '',
        row.category_name ?? '',
        row.gl_code ?? '',
      ].map(defuseFormulaText),
    ]);
  // Text columns stay text: a DIN such as 001234 keeps its zeros, and a value starting with = is not a formula.
  for (const column of [2, 3, 4, 5, 6, 7]) sheet.getColumn(column).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ResolvedRow extends BulkRow {
  itemDistributorId: number;
}

/**
 * POST merchant-accounting/upload (doc 3 §4 "Bulk upload"): reads the file, checks every row, and
 * applies all of them in one transaction, creating the names it needs (case-insensitively reused).
 * Any refused row and nothing is written: the answer is a 400 listing each row's problem.
 */
export async function applyBulkUpload(
  db: Database,
  locationId: number,
  file: { bytes: Buffer; kind: AccountingSpreadsheetKind },
): Promise<BulkUploadResult> {
  let sheet: string[][];
  try {
    sheet = await readSheetRows(file.bytes, file.kind, BULK_UPLOAD_MAX_ROWS + 2);
  } catch {
    throw badRequest(ACCOUNTING_MESSAGES.fileType, 'unsupported_media_type', [
      { field: 'file', message: ACCOUNTING_MESSAGES.fileType },
    ]);
  }
  const headerIndex = sheet.findIndex((row) => !isBlankRow(row ?? []));
  if (headerIndex < 0) throw badRequest('The file is empty: fill in the template and upload it again.', 'validation_error');
  const header = mapBulkHeader(sheet[headerIndex]);
  if ('error' in header) throw badRequest(header.error, 'validation_error');
  const body = sheet.slice(headerIndex + 1);
  if (body.length > BULK_UPLOAD_MAX_ROWS)
    throw badRequest(`The file has more than ${BULK_UPLOAD_MAX_ROWS} rows; split it into smaller files.`, 'validation_error');

  const keys = await selectItemKeys(db, locationId);
  const byId = new Set(keys.map((k) => k.item_distributor_id));
  const byDin = new Map<string, typeof keys>();
  for (const key of keys) {
    const din = key.din.trim().toLowerCase();
    byDin.set(din, [...(byDin.get(din) ?? []), key]);
  }
  const errors: { row: number; message: string }[] = [];
  const resolved: ResolvedRow[] = [];
  body.forEach((cells, index) => {
    const rowNumber = headerIndex + index + 2;
    if (!cells || isBlankRow(cells)) return;
    const checked = validateBulkRow(cells, header.columns, rowNumber);
    if ('message' in checked) return void errors.push(checked);
    // A row that names no tag changes nothing (the template's untouched rows).
    if (checked.supplier === null && checked.category === null && checked.glCode === null) return;
    if (checked.itemDistributorId !== null) {
      if (!byId.has(checked.itemDistributorId))
        return void errors.push({
          row: rowNumber,
          message: `Item ID ${checked.itemDistributorId} is not an item of this location.`,
        });
      return void resolved.push({ ...checked, itemDistributorId: checked.itemDistributorId });
    }
    let matches = byDin.get((checked.din ?? '').toLowerCase()) ?? [];
    if (checked.distributor !== null)
      matches = matches.filter((m) => getAccountingNameKey(m.distributor) === getAccountingNameKey(checked.distributor ?? ''));
    if (matches.length === 0)
      return void errors.push({ row: rowNumber, message: `DIN ${checked.din} is not an item of this location.` });
    if (matches.length > 1)
      return void errors.push({
        row: rowNumber,
        message: `DIN ${checked.din} is sold by several distributors: fill in the Item ID.`,
      });
    resolved.push({ ...checked, itemDistributorId: matches[0].item_distributor_id });
  });
  if (errors.length > 0) {
    const first = errors[0];
    throw badRequest(
      `Nothing was saved: ${errors.length} row${errors.length === 1 ? '' : 's'} need${errors.length === 1 ? 's' : ''} fixing. Row ${first.row}: ${first.message}`,
      'validation_error',
      errors.slice(0, 200).map((e) => ({ field: `row ${e.row}`, message: e.message })),
    );
  }
  if (resolved.length === 0)
    throw badRequest(
      'The file has no tags to upload: fill in a Supplier, Category or GL Code below the header.',
      'validation_error',
    );

  return db.transaction(async (tx) => {
    const created = { suppliers: 0, categories: 0, glCodes: 0 };
    const ids: Record<TagKind, Map<string, number>> = { supplier: new Map(), category: new Map(), glCode: new Map() };
    const counters: Record<TagKind, keyof typeof created> = { supplier: 'suppliers', category: 'categories', glCode: 'glCodes' };
    for (const kind of ['supplier', 'category', 'glCode'] as const) {
      for (const entry of await selectTagList(tx, locationId, kind)) ids[kind].set(getAccountingNameKey(entry.name), entry.id);
      for (const row of resolved) {
        const name = row[kind];
        if (name === null || ids[kind].has(getAccountingNameKey(name))) continue;
        const entry = (await insertTagName(tx, locationId, kind, name)) ?? (await selectTagByName(tx, locationId, kind, name));
        if (!entry) throw badRequest('The names were changed at the same time; please upload again.');
        ids[kind].set(getAccountingNameKey(name), entry.id);
        created[counters[kind]] += 1;
      }
    }
    const idOf = (kind: TagKind, name: string | null) =>
      name === null ? null : (ids[kind].get(getAccountingNameKey(name)) ?? null);
    await upsertTags(
      tx,
      locationId,
      resolved.map((row) => ({
        itemDistributorId: row.itemDistributorId,
        supplierId: idOf('supplier', row.supplier),
        categoryId: idOf('category', row.category),
        glCodeId: idOf('glCode', row.glCode),
      })),
    );
    return { message: ACCOUNTING_MESSAGES.uploaded, applied: resolved.length, created };
  });
}

/** The bills of a date range: one per order, its lines' expense accounts from their GL codes. */
export async function buildBills(db: Database, locationId: number, startDate: string, endDate: string): Promise<Bill[]> {
  const lines = await selectBillLines(db, locationId, startDate, endDate);
  const bills = new Map<number, Bill>();
  for (const line of lines) {
    let bill = bills.get(line.order_id);
    if (!bill) {
      bill = {
        docNumber: line.custom_invoice_id?.trim() || `PO-${line.order_id}`,
        vendor: line.distributor,
        date: line.bill_date,
        termsDays: line.payable_terms,
        memo: `Stockpot order ${line.order_id}`,
        lines: [],
      };
      const fee = parseCents(line.delivery_fee);
      if (fee !== 0) bill.lines.push({ account: DELIVERY_FEE_ACCOUNT, description: 'Delivery fee', amountCents: fee });
      bills.set(line.order_id, bill);
    }
    bill.lines.splice(bill.lines.length - (bill.lines.at(-1)?.account === DELIVERY_FEE_ACCOUNT ? 1 : 0), 0, {
      account: line.gl_code ?? UNTAGGED_EXPENSE_ACCOUNT,
      description: [line.description, line.pack_size].filter(Boolean).join(' '),
      amountCents: parseCents(line.amount),
    });
  }
  return [...bills.values()];
}

/** The export file of GET orders/download-order-quickbooks: its bytes, type and name. */
export async function renderQuickbooksFile(db: Database, locationId: number, query: QuickbooksQuery) {
  const bills = await buildBills(db, locationId, query.startDate, query.endDate);
  const range = `${query.startDate}_${query.endDate}`;
  if (query.format === 'qbo')
    return {
      body: buildQuickbooksOnlineCsv(bills),
      contentType: 'text/csv; charset=utf-8',
      fileName: `quickbooks-online-bills-${range}.csv`,
    };
  return { body: buildQuickbooksIif(bills), contentType: 'text/plain; charset=utf-8', fileName: `quickbooks-bills-${range}.iif` };
}

/** The authenticated URL of the export file (doc 3 §7: the answer's data is a download URL). */
export function getQuickbooksFileUrl(query: QuickbooksQuery): string {
  const params = new URLSearchParams({ startDate: query.startDate, endDate: query.endDate, format: query.format });
  return `/api/v1/orders/quickbooks-bills?${params.toString()}`;
}
