/** The inventory spreadsheet (doc 2 §7): one inventory as an xlsx download. */
import ExcelJS from 'exceljs';
import { type Database } from '@stockpot/db';
import { defuseFormulaText, formatIsoDate, getInventoryFileName } from '@stockpot/domain';
import * as repo from './inventories.repo';
import type { InventoryRow } from './inventories.repo';
import { inventoryNotFound, noInventory, requireEnabled } from './inventories-guards';
import { readViews, sumViews } from './inventories-views';

/**
 * GET inventory/spreadsheet (doc 2 §7): one inventory (by id, else the newest) as xlsx, a row per
 * item under its storage group and comparison group. No inventory or no items: 'You have no inventory.'
 */
export async function renderSpreadsheet(
  db: Database,
  locationId: number,
  inventoryId?: number,
): Promise<{ file: Buffer; fileName: string }> {
  await requireEnabled(db, locationId);
  let row: InventoryRow | undefined;
  if (inventoryId === undefined) [row] = await repo.selectInventories(db, locationId, { limit: 1, offset: 0 });
  else {
    row = await repo.findInventory(db, locationId, inventoryId);
    if (!row) throw inventoryNotFound();
  }
  if (!row) throw noInventory();
  const views = await readViews(db, locationId, row);
  if (!views.some((view) => view.groups.some((group) => group.items.length > 0))) throw noInventory();

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow([
    `Inventory started ${formatIsoDate(row.startDate)}`,
    row.completedDate ? `completed ${formatIsoDate(row.completedDate)}` : 'under way',
  ]);
  sheet.getRow(1).font = { bold: true };
  const header = sheet.addRow([
    'Storage group',
    'Comparison group',
    'Item',
    'Distributor',
    'Pack size',
    'Unit',
    'Price',
    'Cases',
    'Packs',
    'Units',
    'Total on hand (cases)',
    'On hand value',
  ]);
  header.font = { bold: true };
  const money = '$#,##0.00';
  for (const view of views)
    for (const group of view.groups)
      for (const item of group.items) {
        const added = sheet.addRow([
          // Names people typed are text, never formulas (the exports' one rule).
          defuseFormulaText(view.name),
          defuseFormulaText(group.name),
          defuseFormulaText(item.description),
          defuseFormulaText(item.distributor ?? ''),
          defuseFormulaText(item.customPackSize ?? item.packSize ?? ''),
          defuseFormulaText(item.unitMeasure ?? ''),
          // exceljs takes numbers: cents / 100 is exact enough for a display cell (2 decimals).
          item.price / 100,
          item.onHand,
          item.onHandPack,
          item.onHandUom,
          item.totalOnHand,
          item.totalOnHandAmount / 100,
        ]);
        added.getCell(7).numFmt = money;
        added.getCell(12).numFmt = money;
      }
  const total = sheet.addRow(['Total', '', '', '', '', '', '', '', '', '', '', sumViews(views) / 100]);
  total.font = { bold: true };
  total.getCell(12).numFmt = money;
  sheet.columns.forEach((column, index) => {
    column.width = [16, 20, 40, 22, 12, 6, 10, 8, 8, 8, 12, 14][index];
  });
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: getInventoryFileName(row.startDate) };
}
