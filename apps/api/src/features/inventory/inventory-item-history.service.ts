/** A group's catalogue item's history (doc 2 §7): its past counts with the cases ordered, and its price windows. */
import type { Database } from '@stockpot/db';
import { HISTORIC_ON_HAND_ROWS, type HistoricRecord, type ItemPriceAnalytics } from '@stockpot/domain';
import { getLocationContext } from '../catalog/catalog.public';
import * as repo from './inventory-item-history.repo';
import { itemNotFound, requireGroup } from './inventory-guards';
import { getPriceWindows } from './price-analytics.service';

/** A catalogue item of the list's group, or 404. */
async function requireGroupOffer(db: Database, locationId: number, listId: number, groupId: number, itemDistributorId: number) {
  await requireGroup(db, locationId, listId, groupId);
  const item = await repo.findGroupOffer(db, locationId, groupId, itemDistributorId);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * GET …/item/{itemId}/historic-inventory (doc 2 §7): the item's count in the last 12 completed
 * inventories that hold it, newest first, with the cases ordered until the next count.
 */
export async function getHistoricInventory(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<HistoricRecord[]> {
  const item = await requireGroupOffer(db, locationId, listId, groupId, itemDistributorId);
  const ctx = await getLocationContext(db, locationId);
  const rows = await repo.selectHistoricInventory(db, locationId, ctx.timezone, item, HISTORIC_ON_HAND_ROWS);
  return rows.map((row) => ({ startDate: row.startDate, onHand: Number(row.onHand), ordered: Number(row.ordered) }));
}

/** GET …/item/{itemId}/price-analytics (doc 2 §7, path not shown): the item's own twelve price windows. */
export async function getItemPriceAnalytics(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<ItemPriceAnalytics> {
  const item = await requireGroupOffer(db, locationId, listId, groupId, itemDistributorId);
  const ctx = await getLocationContext(db, locationId);
  const windows = await getPriceWindows(db, ctx, [groupId], item.id);
  return { analytics: windows.get(groupId)! };
}
