import ExcelJS from 'exceljs';
import { defuseFormulaText, formatIsoDate } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { getChainSummary, listPriceVariance, type RangeInput } from './chain.service';
import { listChainStock } from './chain-stock.service';
import { listMemberLocations } from './chain.repo';

/** Every row of the price variance in one sheet: the accountant's copy, not a page. */
const EXPORT_ROW_LIMIT = 10_000;
const MONEY = '$#,##0.00';
const UNIT_PRICE = '$#,##0.0000';

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The locations table as xlsx (issue 39 "Export"): the same figures GET chain/summary answers,
 * each location's range beside it, and the group's total as a row of sums. Location names are
 * text people typed: defused, never formulas (the exports' one rule).
 */
export async function renderChainSummaryXlsx(db: Database, userId: number, input: RangeInput): Promise<Buffer> {
  const summary = await getChainSummary(db, userId, input);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Locations');
  sheet.addRow(['Location', 'From', 'To', 'Total purchases', 'Total orders', 'Total savings']).font = { bold: true };
  for (const row of summary.locations) {
    const added = sheet.addRow([
      defuseFormulaText(row.name),
      formatIsoDate(row.startDate),
      formatIsoDate(row.endDate),
      // exceljs takes numbers: cents / 100 is exact for a 2-decimal display cell.
      row.totalPurchases / 100,
      row.totalOrders,
      row.totalSavings / 100,
    ]);
    added.getCell(4).numFmt = MONEY;
    added.getCell(6).numFmt = MONEY;
  }
  const { totals } = summary;
  const total = sheet.addRow(['Group total', '', '', totals.totalPurchases / 100, totals.totalOrders, totals.totalSavings / 100]);
  total.font = { bold: true };
  total.getCell(4).numFmt = MONEY;
  total.getCell(6).numFmt = MONEY;
  sheet.columns.forEach((column, index) => {
    column.width = [32, 12, 12, 16, 12, 16][index];
  });
  return toBuffer(workbook);
}

/**
 * The price variance as xlsx: every item of the range, biggest saving first, with the parts of the
 * saving (paid − at the lowest price) and the unit its prices are per.
 */
export async function renderPriceVarianceXlsx(db: Database, userId: number, input: RangeInput): Promise<Buffer> {
  const [summary, variance] = await Promise.all([
    getChainSummary(db, userId, input),
    listPriceVariance(db, userId, {
      ...input,
      filter_type: input.filter_type,
      page: 1,
      limit: EXPORT_ROW_LIMIT,
      sort: '-would_have_saved',
    }),
  ]);
  const names = new Map(summary.locations.map((l) => [l.locationId, l.name]));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Price variance');
  sheet.addRow([
    'Item',
    'Distributor',
    'DIN',
    'Pack size',
    'Lowest price',
    'Lowest paid by',
    'Highest price',
    'Highest paid by',
    'Per',
    'Cases',
    'Units bought',
    'Paid',
    'At the lowest price',
    'Would have saved',
    'Offers',
  ]).font = { bold: true };
  for (const row of variance.data) {
    const added = sheet.addRow([
      defuseFormulaText(row.name),
      defuseFormulaText(row.distributor),
      defuseFormulaText(row.din),
      defuseFormulaText(row.packSize),
      row.lowestUnitPrice / 10_000,
      defuseFormulaText(names.get(row.lowestLocationId) ?? ''),
      row.highestUnitPrice / 10_000,
      defuseFormulaText(names.get(row.highestLocationId) ?? ''),
      defuseFormulaText(row.unit),
      row.quantity,
      row.unitsBought,
      row.totalPaid / 100,
      row.costAtLowest / 100,
      row.wouldHaveSaved / 100,
      row.offers.length,
    ]);
    added.getCell(5).numFmt = UNIT_PRICE;
    added.getCell(7).numFmt = UNIT_PRICE;
    for (const cell of [12, 13, 14]) added.getCell(cell).numFmt = MONEY;
  }
  sheet.columns.forEach((column, index) => {
    column.width = [40, 20, 12, 12, 14, 24, 14, 24, 8, 8, 12, 14, 16, 16, 8][index];
  });
  return toBuffer(workbook);
}

/** Stock across locations as xlsx: a row per shared group, a value column per location, the total. */
export async function renderChainStockXlsx(db: Database, userId: number): Promise<Buffer> {
  const [{ data: rows }, locations] = await Promise.all([listChainStock(db, userId), listMemberLocations(db, userId)]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['Group', ...locations.map((l) => defuseFormulaText(l.name)), 'Total on hand', 'Locations below par']).font = {
    bold: true,
  };
  for (const row of rows) {
    const values = locations.map((l) => {
      const cell = row.locations.find((c) => c.locationId === l.locationId);
      if (!cell) return '';
      return cell.isBelowPar ? `${(cell.onHandValue / 100).toFixed(2)} (below par)` : cell.onHandValue / 100;
    });
    const added = sheet.addRow([defuseFormulaText(row.name), ...values, row.totalOnHandValue / 100, row.belowParLocations]);
    for (let i = 2; i <= locations.length + 2; i += 1) added.getCell(i).numFmt = MONEY;
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 36 : 18;
  });
  return toBuffer(workbook);
}
