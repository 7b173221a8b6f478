/**
 * Reading an uploaded spreadsheet (order guides, accounting bulk upload) into rows of text
 * (ARCHITECTURE.md "files"): exceljs for .xlsx, `@e965/xlsx` for legacy .xls and .ods, our own
 * RFC 4180 reader for .csv (so "001234" keeps its zeros).
 * The kind comes from the content (detectSpreadsheetKind), never the name. A formula cell is read
 * as its formula text ("=…"), never evaluated and never its cached result: cells are data.
 */
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { parseCsv } from '@stockpot/domain';

/** What the upload's content says it is (detected by the features' domain rules, never by name). */
export type SheetKind = 'xlsx' | 'xls' | 'ods' | 'csv';

/** A sheet may claim columns up to XFD; no upload of ours has more than this many. */
const MAX_COLUMNS = 256;

/** Text of a number as a person typed it: no exponent for ordinary item numbers and prices. */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(10)));
}

function excelCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Buffer, maxRows: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (rowNumber > maxRows) return;
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(excelCellText(row.getCell(column).value));
    rows[rowNumber - 1] = cells;
  });
  for (let i = 0; i < rows.length; i += 1) rows[i] ??= [];
  return rows;
}

/** Legacy .xls and OpenDocument .ods, both through SheetJS. */
function readWithSheetJs(bytes: Buffer, maxRows: number): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellDates: true, dense: false });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const rows: string[][] = [];
  for (let r = range.s.r; r <= Math.min(range.e.r, range.s.r + maxRows - 1); r += 1) {
    const cells: string[] = [];
    for (let c = 0; c <= Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1); c += 1) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (!cell) cells.push('');
      else if (cell.f) cells.push(`=${cell.f}`);
      else if (cell.t === 'n') cells.push(numberText(cell.v as number));
      else if (cell.t === 'd') cells.push((cell.v as Date).toISOString().slice(0, 10));
      else if (cell.t === 'b') cells.push(cell.v ? 'TRUE' : 'FALSE');
      else cells.push(cell.v === undefined || cell.v === null ? '' : String(cell.v));
    }
    rows.push(cells);
  }
  return rows;
}

/** The first sheet's rows as text; `maxRows` reads only the top (the template check). */
export async function readSheetRows(bytes: Buffer, kind: SheetKind, maxRows = Number.MAX_SAFE_INTEGER): Promise<string[][]> {
  if (kind === 'xlsx') return readXlsx(bytes, maxRows);
  if (kind === 'xls' || kind === 'ods') return readWithSheetJs(bytes, maxRows);
  // The template check needs only the top of a CSV: the first 64 KB hold any header row.
  const text = (maxRows < Number.MAX_SAFE_INTEGER ? bytes.subarray(0, 65_536) : bytes).toString('utf8');
  return parseCsv(text).slice(0, maxRows);
}
