/**
 * The inventory lifecycle (doc 2 §4 "Inventory lifecycle", §7; doc 3 §4 "Inventory completion"):
 * start (clears every on-hand value), count, review, complete (a snapshot of every item with its
 * price and value at that moment, then on-hand zeroed), reopen (owner title only), past
 * inventories, the spreadsheet, and the offline batch sync. The live read goes through the
 * inventory comparison view's service, so values are the ones the view shows.
 */
import ExcelJS from 'exceljs';
import { type Database } from '@stockpot/db';
import {
  INVENTORIES_TEXTS,
  defuseFormulaText,
  canReopenInventory,
  filterInventoryDetail,
  formatIsoDate,
  getInventoryFileName,
  parseCents,
  resolveCountConflict,
  sumOnHandAmounts,
  toDecimalString,
  toPageMeta,
  type DetailFilter,
  type InventoryDetail,
  type InventoryGroup,
  type InventoryItem,
  type InventoryView,
  type PageMeta,
  type PastInventory,
  type UpdateItemBatchRequest,
  type UpdateItemBatchResponse,
} from '@stockpot/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { getLocationContext } from '../catalog/catalog.public';
import * as inventoryView from '../inventory/inventory.service';
import * as repo from './inventories.repo';
import type { InventoryRow, SnapshotRow } from './inventories.repo';

export const INVENTORY_DISABLED = 'Inventory counts are not turned on for this location.';
export const ALREADY_ACTIVE = 'An inventory is already under way. Review and complete it before starting another.';
export const NOTHING_TO_COMPLETE = 'There is no inventory under way to complete.';
export const ALREADY_COMPLETE = 'This inventory is already complete.';
export const NOT_COMPLETE = 'This inventory is under way, not complete: there is nothing to reopen.';
export const OTHER_ACTIVE = 'Another inventory is under way. Complete it before reopening this one.';
export const NOT_ACTIVE = 'This inventory is complete. Reopen it before changing its counts.';
/** The spreadsheet's file URL; Download fetches it with the session. */
export const spreadsheetUrl = (id: number) => `/api/v1/inventory/spreadsheet?id=${id}`;
/** Groups read per page when the live inventory is gathered. */
const LIVE_PAGE = 200;

const inventoryNotFound = () => notFound('Inventory');
const noInventory = () => new AppError(404, 'not_found', INVENTORIES_TEXTS.noInventory);

/** display_inventory (doc 2 §6) governs every lifecycle call. */
async function requireEnabled(db: Database, locationId: number): Promise<{ activeInventoryId: number | null }> {
  const flags = await repo.findLocationFlags(db, locationId);
  if (!flags) throw notFound('Location');
  if (!flags.displayInventory) throw forbidden(INVENTORY_DISABLED);
  return flags;
}

function toPastInventory(row: InventoryRow): PastInventory {
  return {
    id: row.id,
    start_date: row.startDate,
    completed_date: row.completedDate,
    total_on_hand_value: parseCents(row.totalOnHandValue),
    unitMeasure: 'USD',
    file_url: spreadsheetUrl(row.id),
    status: row.status,
  };
}

// ---------------------------------------------------------------- reads

export async function listInventories(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: PastInventory[]; _meta: PageMeta }> {
  await requireEnabled(db, locationId);
  const total = await repo.countInventories(db, locationId);
  const rows = await repo.selectInventories(db, locationId, { limit, offset: (page - 1) * limit });
  const data = rows.map(toPastInventory);
  // An inventory under way is worth what is counted now.
  for (const inventory of data)
    if (inventory.status === 'active') inventory.total_on_hand_value = sumViews(await readLive(db, locationId, inventory.id));
  return { data, _meta: toPageMeta(total, page, limit) };
}

const sumViews = (views: readonly InventoryView[]) => views.reduce((sum, view) => sum + view.totalOnHandAmount, 0);

/** Every list, group and item of the location as the comparison view prices them now. */
async function readLive(db: Database, locationId: number, inventoryId: number): Promise<InventoryView[]> {
  const views: InventoryView[] = [];
  for (const list of await inventoryView.listAllInventoryLists(db, locationId)) {
    const groups: InventoryGroup[] = [];
    for (let page = 1; ; page++) {
      const read = await inventoryView.listGroups(db, locationId, list.id, {
        page,
        limit: LIVE_PAGE,
        expand: 'items',
        filter: { nameLike: '', sort: 'custom' },
      });
      for (const group of read.data) {
        const items: InventoryItem[] = (group.items ?? []).map((item) => ({
          id: item.id,
          description: item.name,
          distributor: item.distributor,
          price: item.price,
          unitMeasure: item.unitMeasure,
          packSize: item.packSize,
          customPackSize: item.customPackSize,
          packSizeUom: item.packSizeUom,
          unitQuantity: item.unitQuantity,
          unitSize: item.unitSize,
          onHand: item.onHand,
          onHandPack: item.onHandPack,
          onHandUom: item.onHandUom,
          totalOnHand: item.totalOnHand,
          totalOnHandAmount: item.totalOnHandAmount,
          inventoryId,
          itemId: item.id,
          genericGroupId: group.id,
          comparisonViewId: list.id,
        }));
        groups.push({
          id: group.id,
          name: group.name,
          comparisonViewId: list.id,
          totalOnHandAmount: sumOnHandAmounts(items),
          purchased: group.purchased,
          comparisonViewTotalOnHandAmount: 0,
          items,
        });
      }
      if (page >= read._meta.pageCount) break;
    }
    const total = sumOnHandAmounts(groups);
    views.push({
      id: list.id,
      name: list.name,
      totalOnHandAmount: total,
      groups: groups.map((g) => ({ ...g, comparisonViewTotalOnHandAmount: total })),
    });
  }
  return views;
}

/** A completed inventory as it was copied at completion. */
function fromSnapshot(rows: readonly SnapshotRow[], inventoryId: number): InventoryView[] {
  const views = new Map<number, InventoryView>();
  const groups = new Map<number, InventoryGroup>();
  for (const row of rows) {
    let view = views.get(row.listId);
    if (!view) {
      view = { id: row.listId, name: row.listName, totalOnHandAmount: 0, groups: [] };
      views.set(row.listId, view);
    }
    let group = groups.get(row.groupId);
    if (!group) {
      group = {
        id: row.groupId,
        name: row.groupName,
        comparisonViewId: row.listId,
        totalOnHandAmount: 0,
        purchased: parseCents(row.groupPurchased),
        comparisonViewTotalOnHandAmount: 0,
        items: [],
      };
      groups.set(row.groupId, group);
      view.groups.push(group);
    }
    const amount = parseCents(row.totalOnHandAmount);
    group.items.push({
      id: row.groupItemId,
      description: row.description,
      distributor: row.distributor,
      price: parseCents(row.price),
      unitMeasure: row.unitMeasure,
      packSize: row.packSize,
      customPackSize: row.customPackSize,
      packSizeUom: row.packSizeUom,
      unitQuantity: Number(row.unitQuantity),
      unitSize: Number(row.unitSize),
      onHand: Number(row.onHand),
      onHandPack: Number(row.onHandPack),
      onHandUom: Number(row.onHandUom),
      totalOnHand: Number(row.totalOnHand),
      totalOnHandAmount: amount,
      inventoryId,
      itemId: row.groupItemId,
      genericGroupId: row.groupId,
      comparisonViewId: row.listId,
    });
    group.totalOnHandAmount += amount;
    view.totalOnHandAmount += amount;
  }
  return [...views.values()].map((view) => ({
    ...view,
    groups: view.groups.map((group) => ({ ...group, comparisonViewTotalOnHandAmount: view.totalOnHandAmount })),
  }));
}

async function readViews(db: Database, locationId: number, row: InventoryRow): Promise<InventoryView[]> {
  return row.status === 'active'
    ? readLive(db, locationId, row.id)
    : fromSnapshot(await repo.selectSnapshot(db, locationId, row.id), row.id);
}

export async function getInventoryDetail(
  db: Database,
  locationId: number,
  inventoryId: number,
  filter: DetailFilter = { search: '', missingOnHandOnly: false },
): Promise<InventoryDetail> {
  await requireEnabled(db, locationId);
  const row = await repo.findInventory(db, locationId, inventoryId);
  if (!row) throw inventoryNotFound();
  const views = await readViews(db, locationId, row);
  const inventory = toPastInventory(row);
  if (row.status === 'active') inventory.total_on_hand_value = sumViews(views);
  return { inventory, comparisonViews: filterInventoryDetail(views, filter) };
}

/** The inventory under way, or null: what the status control shows ('Start Inventory' / 'Review Inventory'). */
export async function getActiveInventory(db: Database, locationId: number): Promise<PastInventory | null> {
  const { activeInventoryId } = await requireEnabled(db, locationId);
  if (activeInventoryId === null) return null;
  const row = await repo.findInventory(db, locationId, activeInventoryId);
  return row ? toPastInventory(row) : null;
}

/** Review (doc 2 §2): the active inventory grouped by comparison view. */
export async function getReview(db: Database, locationId: number): Promise<InventoryDetail> {
  const { activeInventoryId } = await requireEnabled(db, locationId);
  if (activeInventoryId === null) throw notFound('Inventory under way');
  return getInventoryDetail(db, locationId, activeInventoryId);
}

export async function listInventoryItems(
  db: Database,
  locationId: number,
  inventoryId: number,
  page: number,
  limit: number,
): Promise<{ data: InventoryItem[]; _meta: PageMeta }> {
  const detail = await getInventoryDetail(db, locationId, inventoryId);
  const items = detail.comparisonViews.flatMap((view) => view.groups.flatMap((group) => group.items));
  return { data: items.slice((page - 1) * limit, page * limit), _meta: toPageMeta(items.length, page, limit) };
}

// ---------------------------------------------------------------- transitions

export async function startInventory(
  db: Database,
  locationId: number,
  userId: number,
  startDate: string,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  const id = await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    if (flags?.activeInventoryId) throw badRequest(ALREADY_ACTIVE);
    const created = await repo.insertInventory(tx, locationId, userId, startDate);
    await repo.setActiveInventory(tx, locationId, created);
    await repo.zeroOnHand(tx, locationId);
    return created;
  });
  const row = await repo.findInventory(db, locationId, id);
  return toPastInventory(row!);
}

function toSnapshotRows(views: readonly InventoryView[]): SnapshotRow[] {
  return views.flatMap((view, listSort) =>
    view.groups.flatMap((group, groupSort) =>
      group.items.map((item, itemSort) => ({
        groupItemId: item.itemId,
        listId: view.id,
        listName: view.name,
        listSort,
        groupId: group.id,
        groupName: group.name,
        groupSort,
        groupPurchased: toDecimalString(group.purchased, 2),
        itemSort,
        description: item.description,
        distributor: item.distributor,
        price: toDecimalString(item.price, 2),
        unitMeasure: item.unitMeasure,
        packSize: item.packSize,
        customPackSize: item.customPackSize,
        packSizeUom: item.packSizeUom,
        unitQuantity: String(item.unitQuantity),
        unitSize: String(item.unitSize),
        onHand: String(item.onHand),
        onHandPack: String(item.onHandPack),
        onHandUom: String(item.onHandUom),
        totalOnHand: String(item.totalOnHand),
        totalOnHandAmount: toDecimalString(item.totalOnHandAmount, 2),
      })),
    ),
  );
}

/**
 * Complete (doc 2 §4): the active inventory's items are copied with their prices and values, the
 * active inventory is cleared and every on-hand value zeroed, in one transaction.
 */
export async function completeInventory(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId?: number,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  const ctx = await getLocationContext(db, locationId);
  const id = await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    const active = flags?.activeInventoryId ?? null;
    if (inventoryId !== undefined && inventoryId !== active) {
      const named = await repo.findInventory(tx, locationId, inventoryId);
      if (!named) throw inventoryNotFound();
      throw badRequest(ALREADY_COMPLETE);
    }
    if (active === null) throw badRequest(NOTHING_TO_COMPLETE);
    const views = await readLive(tx, locationId, active);
    await repo.insertSnapshot(tx, locationId, active, toSnapshotRows(views));
    await repo.markCompleted(tx, locationId, active, userId, ctx.today, toDecimalString(sumViews(views), 2));
    await repo.setActiveInventory(tx, locationId, null);
    await repo.zeroOnHand(tx, locationId);
    return active;
  });
  return toPastInventory((await repo.findInventory(db, locationId, id))!);
}

/**
 * Reopen (doc 2 §4, §6): owner title only. The inventory becomes the active one again and its
 * counts go back on the items that still exist (the others start at 0), so the counter corrects
 * what was counted; completing again takes a new snapshot.
 */
export async function reopenInventory(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId: number,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  if (!(await repo.findInventory(db, locationId, inventoryId))) throw inventoryNotFound();
  if (!canReopenInventory(await repo.findUserTitle(db, userId))) throw forbidden(INVENTORIES_TEXTS.reopenOwnerOnly);
  await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    const row = await repo.findInventory(tx, locationId, inventoryId, true);
    if (!row) throw inventoryNotFound();
    if (row.status !== 'completed') throw badRequest(NOT_COMPLETE);
    if (flags?.activeInventoryId) throw badRequest(OTHER_ACTIVE);
    await repo.zeroOnHand(tx, locationId);
    await repo.restoreCounts(tx, locationId, inventoryId);
    await repo.markReopened(tx, locationId, inventoryId);
    await repo.setActiveInventory(tx, locationId, inventoryId);
  });
  return toPastInventory((await repo.findInventory(db, locationId, inventoryId))!);
}

// ---------------------------------------------------------------- counts

/** Writes counts through the comparison view's on-hand rule (it keys a catalogue item by its offer id). */
function writeCount(
  tx: Database,
  locationId: number,
  item: repo.CountedGroupItem,
  counts: { onHand?: number; onHandPack?: number; onHandUom?: number },
) {
  const key = item.kind === 'item' ? item.itemDistributorId! : item.id;
  return inventoryView.updateOnHand(tx, locationId, item.listId, item.groupId, item.kind, key, counts);
}

/** PATCH /inventory/{id}/item/{itemId}: a count against the active inventory; the count it replaces goes to history. */
export async function countItem(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId: number,
  itemId: number,
  body: { onHand?: number; onHandPack?: number; onHandUom?: number },
): Promise<{ collectiveOnHand: number; collectiveOnHandUom: string; totalOnHand: number; totalOnHandAmount: number }> {
  await requireEnabled(db, locationId);
  const inventory = await repo.findInventory(db, locationId, inventoryId);
  if (!inventory) throw inventoryNotFound();
  const item = await repo.findCountedItem(db, locationId, itemId);
  if (!item) throw notFound('Item');
  if (inventory.status !== 'active') throw badRequest(NOT_ACTIVE);
  return db.transaction(async (tx) => {
    const current = await repo.findCountedItem(tx, locationId, itemId, undefined, true);
    if (!current) throw notFound('Item');
    await repo.insertHistory(tx, {
      locationId,
      groupItemId: itemId,
      inventoryId,
      onHand: current.onHand,
      onHandPack: current.onHandPack,
      onHandUom: current.onHandUom,
      countedAt: current.updatedAt,
      reason: 'replaced',
      userId,
      batchId: null,
    });
    return writeCount(tx, locationId, current, body);
  });
}

/**
 * PATCH /comparison-views/update-item-batch (doc 2 §4 "Returning online"): every offline edit in
 * one transaction. A batch id seen before answers its first result and writes nothing; per item,
 * the later count wins (resolveCountConflict) and the other one is kept in the item's history.
 */
export async function applyItemBatch(
  db: Database,
  locationId: number,
  userId: number,
  body: UpdateItemBatchRequest,
): Promise<UpdateItemBatchResponse> {
  await requireEnabled(db, locationId);
  return db.transaction(async (tx) => {
    if (!(await repo.claimBatch(tx, locationId, userId, body.batchId))) {
      const previous = (await repo.findBatchResult(tx, locationId, body.batchId)) as UpdateItemBatchResponse;
      return { ...previous, replayed: true };
    }
    const itemIds = [...new Set(body.batch.map((entry) => entry.id))].sort((a, b) => a - b);
    await repo.lockCountedItems(tx, locationId, itemIds);
    const flags = await repo.findLocationFlags(tx, locationId);
    const inventoryId = flags?.activeInventoryId ?? null;
    let applied = 0;
    let kept = 0;
    for (const entry of body.batch) {
      const current = await repo.findCountedItem(tx, locationId, entry.id, entry.genericGroupId, true);
      if (!current) throw notFound('Item');
      const history = { locationId, groupItemId: entry.id, inventoryId, userId, batchId: body.batchId };
      if (resolveCountConflict(current.updatedAt, entry.countedAt) === 'keep') {
        await repo.insertHistory(tx, {
          ...history,
          onHand: String(entry.onHand),
          onHandPack: String(entry.onHandPack),
          onHandUom: String(entry.onHandUom),
          countedAt: entry.countedAt,
          reason: 'superseded',
        });
        kept++;
        continue;
      }
      await repo.insertHistory(tx, {
        ...history,
        onHand: current.onHand,
        onHandPack: current.onHandPack,
        onHandUom: current.onHandUom,
        countedAt: current.updatedAt,
        reason: 'replaced',
      });
      await writeCount(tx, locationId, current, {
        onHand: entry.onHand,
        onHandPack: entry.onHandPack,
        onHandUom: entry.onHandUom,
      });
      await repo.setCountedAt(tx, locationId, entry.id, entry.countedAt);
      applied++;
    }
    if (body.comparisonViewId !== undefined && !(await repo.clearOnInventory(tx, locationId, body.comparisonViewId)))
      throw notFound('Inventory list');
    const result: UpdateItemBatchResponse = { batchId: body.batchId, applied, kept, replayed: false };
    await repo.saveBatchResult(tx, locationId, body.batchId, result);
    return result;
  });
}

// ---------------------------------------------------------------- spreadsheet

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
