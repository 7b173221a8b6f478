/** The bulk upload of tags (doc 3 §4 "Bulk upload"): its template, and applying a filled-in file. */
import ExcelJS from 'exceljs';
import type { Database } from '@stockpot/db';
import {
  ACCOUNTING_MESSAGES,
  BULK_TEMPLATE_HEADER,
  defuseFormulaText,
  getAccountingNameKey,
  isBlankRow,
  mapBulkHeader,
  validateBulkRow,
  type AccountingSpreadsheetKind,
  type BulkRow,
  type BulkUploadResult,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';
import { selectItemKeys, selectTemplateRows } from './accounting.repo';
import { insertTagName, selectTagByName, selectTagList, upsertTags, type TagKind } from './accounting-tags.repo';

/** Rows a bulk upload may hold below its header. */
export const BULK_UPLOAD_MAX_ROWS = 20_000;

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
