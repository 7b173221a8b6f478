/**
 * Reading an uploaded spreadsheet (order guides, accounting bulk upload) into rows of text
 * (ARCHITECTURE.md "files"): exceljs for .xlsx, `@e965/xlsx` for legacy .xls and .ods, our own
 * RFC 4180 reader for .csv (so "001234" keeps its zeros). `openSheetRows` reads a stored file row
 * by row for the order-guide import (issue 20): .csv and .xlsx as streams, .xls whole (SheetJS
 * cannot stream).
 * The kind comes from the content (detectSpreadsheetKind), never the name. A formula cell is read
 * as its formula text ("=…"), never evaluated and never its cached result: cells are data.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { createCsvReader, parseCsv } from '@stockpot/domain';

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

function sheetJsCellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.f) return `=${cell.f}`;
  if (cell.t === 'n') return numberText(cell.v as number);
  if (cell.t === 'd') return (cell.v as Date).toISOString().slice(0, 10);
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}

/** Legacy .xls and OpenDocument .ods, both through SheetJS: the whole workbook is parsed at once. */
function openWithSheetJs(bytes: Buffer): { totalRows: number; rows: Generator<SheetRow> } {
  const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellDates: true, dense: false });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet?.['!ref']) return { totalRows: 0, rows: (function* () {})() };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  function* rows(): Generator<SheetRow> {
    for (let r = range.s.r; r <= range.e.r; r += 1) {
      const cells: string[] = [];
      for (let c = 0; c <= Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1); c += 1) {
        cells.push(sheetJsCellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined));
      }
      yield { number: r + 1, cells };
    }
  }
  return { totalRows: range.e.r + 1, rows: rows() };
}

/** Legacy .xls and OpenDocument .ods, both through SheetJS. */
function readWithSheetJs(bytes: Buffer, maxRows: number): string[][] {
  const rows: string[][] = [];
  for (const row of openWithSheetJs(bytes).rows) {
    if (rows.length >= maxRows) break;
    rows.push(row.cells);
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

/** One row of a sheet read as a stream: its 1-based row number and its cells as text. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/** The file is not what its kind says (a NUL byte deep inside a "CSV"): the import cannot read it. */
export class SheetContentError extends Error {}

const CSV_CHUNK_BYTES = 64 * 1024;

/** The CSV's records, read from the file 64 KB at a time (a streaming decoder keeps characters whole). */
async function* streamCsvRows(filePath: string): AsyncGenerator<SheetRow> {
  const reader = createCsvReader();
  let number = 0;
  const stream = createReadStream(filePath, { encoding: 'utf8', highWaterMark: CSV_CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      // A text file has no NUL byte (detectSpreadsheetKind checks the first 8 KB at upload).
      if (chunk.includes('\u0000')) throw new SheetContentError('The file is not a text file: it holds a NUL byte.');
      for (const cells of reader.push(chunk)) yield { number: (number += 1), cells };
    }
    for (const cells of reader.end()) yield { number: (number += 1), cells };
  } finally {
    stream.destroy();
  }
}

/** How many records the CSV holds, read as a stream without keeping them (the progress bar's total). */
async function countCsvRows(filePath: string): Promise<number> {
  const reader = createCsvReader();
  let count = 0;
  const stream = createReadStream(filePath, { encoding: 'utf8', highWaterMark: CSV_CHUNK_BYTES });
  for await (const chunk of stream as AsyncIterable<string>) count += reader.push(chunk).length;
  return count + reader.end().length;
}

/**
 * The first worksheet of an .xlsx through exceljs's streaming WorkbookReader: rows come as the
 * sheet's XML is inflated and parsed, never the whole workbook in memory. Empty rows are absent
 * (their numbers are skipped). Formula cells read as their formula text, like readSheetRows.
 */
async function* streamXlsxRows(filePath: string): AsyncGenerator<SheetRow> {
  const input = createReadStream(filePath);
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        for (let column = 1; column <= Math.min(row.cellCount, MAX_COLUMNS); column += 1)
          cells.push(excelCellText(row.getCell(column).value));
        yield { number: row.number, cells };
      }
      // The first sheet only.
      return;
    }
  } finally {
    input.destroy();
  }
}

/**
 * A stored spreadsheet's first sheet, row by row, for the order-guide import (issue 20), with the
 * number of rows when it is known before reading: a CSV is counted first (a quick streamed pass),
 * an .xls is parsed whole by SheetJS (not streamable: its rows are known at once); an .xlsx is
 * streamed once and its total is not known until the end (null).
 */
export async function openSheetRows(
  filePath: string,
  kind: SheetKind,
): Promise<{ totalRows: number | null; rows: AsyncIterable<SheetRow> | Iterable<SheetRow> }> {
  if (kind === 'csv') return { totalRows: await countCsvRows(filePath), rows: streamCsvRows(filePath) };
  if (kind === 'xlsx') return { totalRows: null, rows: streamXlsxRows(filePath) };
  return openWithSheetJs(await readFile(filePath));
}
