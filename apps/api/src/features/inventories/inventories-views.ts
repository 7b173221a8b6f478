/**
 * An inventory's items grouped by comparison view: read live through the inventory comparison
 * view's service (so values are the ones the view shows), read back from the snapshot taken at
 * completion, and turned into snapshot rows.
 */
import { type Database } from '@stockpot/db';
import {
  parseCents,
  sumOnHandAmounts,
  toDecimalString,
  type InventoryGroup,
  type InventoryItem,
  type InventoryView,
} from '@stockpot/domain';
import * as inventoryView from '../inventory/inventory.public';
import * as repo from './inventories.repo';
import type { InventoryRow, SnapshotRow } from './inventories.repo';

/** Groups read per page when the live inventory is gathered. */
const LIVE_PAGE = 200;

export const sumViews = (views: readonly InventoryView[]) => views.reduce((sum, view) => sum + view.totalOnHandAmount, 0);

/** Every list, group and item of the location as the comparison view prices them now. */
export async function readLive(db: Database, locationId: number, inventoryId: number): Promise<InventoryView[]> {
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

export async function readViews(db: Database, locationId: number, row: InventoryRow): Promise<InventoryView[]> {
  return row.status === 'active'
    ? readLive(db, locationId, row.id)
    : fromSnapshot(await repo.selectSnapshot(db, locationId, row.id), row.id);
}

export function toSnapshotRows(views: readonly InventoryView[]): SnapshotRow[] {
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
