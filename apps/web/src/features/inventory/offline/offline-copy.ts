/**
 * Reading and writing the offline copy (doc 2 §4): the download of every group of a list, a count
 * typed while offline, the groups as the view shows them, and the batch that goes back on return.
 * No React here: the store and the page call these.
 */
import {
  applyOfflineCount,
  buildSyncBatch,
  countUnsyncedItems,
  getGroupOnHand,
  INVENTORY_PAGE_SIZE_DESKTOP,
  sumGroupOnHandAmount,
  type GenericGroup,
  type InventoryList,
  type InventorySort,
  type OfflineBatchEntry,
  type OnHandCounts,
} from '@stockpot/domain';
import type { OfflineInventoryDb, OfflineGroupRow, OfflineItemRow } from './offline-db';

/** What the download fetches; the page passes the API client, tests a fake server. */
export interface OfflineSource {
  lists: () => Promise<InventoryList[]>;
  groupsPage: (listId: number, page: number, limit: number) => Promise<{ data: GenericGroup[]; pageCount: number }>;
  cart: () => Promise<unknown>;
}

/** Downloads every group of the list (all pages) with lists and cart, then replaces the copy in one transaction. */
export async function downloadList(db: OfflineInventoryDb, source: OfflineSource, listId: number): Promise<number> {
  const lists = await source.lists();
  const groups: GenericGroup[] = [];
  for (let page = 1; ; page++) {
    const answer = await source.groupsPage(listId, page, INVENTORY_PAGE_SIZE_DESKTOP);
    groups.push(...answer.data);
    if (page >= answer.pageCount || answer.data.length === 0) break;
  }
  // The cart is kept for reading only; a location without a cart still counts offline.
  const cart = await source.cart().catch(() => null);
  const groupRows: OfflineGroupRow[] = groups.map(({ items = [], ...group }) => ({ ...group, itemIds: items.map((i) => i.id) }));
  const itemRows: OfflineItemRow[] = groups.flatMap((group) =>
    (group.items ?? []).map((item) => ({ ...item, genericGroupId: group.id, toUpdate: false })),
  );
  await db.transaction('rw', [db.lists, db.groups, db.cart, db.items], async () => {
    await Promise.all([db.lists.clear(), db.groups.clear(), db.cart.clear(), db.items.clear()]);
    await db.lists.bulkPut(lists);
    await db.groups.bulkPut(groupRows);
    await db.cart.put({ id: 'cart', data: cart });
    await db.items.bulkPut(itemRows);
  });
  return groups.length;
}

/** A count typed offline: applied to the item, the group's totals follow, the item waits for sync. */
export async function recordOfflineCount(
  db: OfflineInventoryDb,
  itemId: number,
  counts: Partial<OnHandCounts>,
  now = new Date(),
): Promise<void> {
  await db.transaction('rw', [db.groups, db.items], async () => {
    const item = await db.items.get(itemId);
    if (!item) throw new Error('This item is not in the offline copy.');
    await db.items.put(applyOfflineCount(item, counts, now));
    const group = await db.groups.get(item.genericGroupId);
    if (!group) return;
    const items = await db.items.where('genericGroupId').equals(group.id).toArray();
    await db.groups.put({
      ...group,
      totalOnHandAmount: sumGroupOnHandAmount(items),
      totalOnHand: getGroupOnHand(items, group.unitId).amount,
    });
  });
}

/** The list's groups with their items, sorted and searched as online (custom order, A-Z, Z-A; name like). */
export async function readOfflineGroups(
  db: OfflineInventoryDb,
  listId: number,
  sort: InventorySort,
  search: string,
): Promise<GenericGroup[]> {
  const rows = await db.groups.where('comparisonViewId').equals(listId).toArray();
  const items = new Map((await db.items.toArray()).map((item) => [item.id, item]));
  const needle = search.trim().toLowerCase();
  const groups = rows
    .filter((group) => group.name.toLowerCase().includes(needle))
    .map(({ itemIds, ...group }) => ({
      ...group,
      items: itemIds.flatMap((id) => {
        const item = items.get(id);
        if (!item) return [];
        const { genericGroupId: _group, toUpdate: _flag, countedAt: _at, ...rest } = item;
        return [rest];
      }),
    }));
  if (sort === 'custom') return groups.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const direction = sort === 'asc' ? 1 : -1;
  return groups.sort((a, b) => direction * a.name.localeCompare(b.name));
}

export async function readOfflineLists(db: OfflineInventoryDb): Promise<InventoryList[]> {
  return (await db.lists.toArray()).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export async function countUnsynced(db: OfflineInventoryDb): Promise<number> {
  return countUnsyncedItems(await db.items.toArray());
}

export async function readSyncBatch(db: OfflineInventoryDb, now = new Date()): Promise<OfflineBatchEntry[]> {
  return buildSyncBatch(await db.items.toArray(), now);
}

/** After a successful sync: the copy is gone, and with it every toUpdate flag. */
export async function clearOfflineCopy(db: OfflineInventoryDb): Promise<void> {
  await db.transaction('rw', [db.lists, db.groups, db.cart, db.items], async () => {
    await Promise.all([db.lists.clear(), db.groups.clear(), db.cart.clear(), db.items.clear()]);
  });
}
