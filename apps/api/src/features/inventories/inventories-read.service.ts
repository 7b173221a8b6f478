/**
 * Reading inventories (doc 2 §4, §7): past inventories, one inventory's detail, the one under way
 * (status control and review), and its items page by page.
 */
import { type Database } from '@stockpot/db';
import {
  filterInventoryDetail,
  toPageMeta,
  type DetailFilter,
  type InventoryDetail,
  type InventoryItem,
  type PageMeta,
  type PastInventory,
} from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import * as repo from './inventories.repo';
import { inventoryNotFound, requireEnabled, toPastInventory } from './inventories-guards';
import { readLive, readViews, sumViews } from './inventories-views';

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
