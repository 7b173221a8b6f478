/** The linked-items modal: the generic groups of the inventory view that link an item, with their items. */
import type { Database } from '@stockpot/db';
import { LINKED_ITEM_REMOVED_MESSAGE, type LinkedItems } from '@stockpot/domain';
import { AppError, notFound } from '../../platform/errors';
import { selectItemRows } from './item-rows.repo';
import { getLocationContext, toListItem } from './item-rows.service';
import * as repo from './linked-items.repo';

/**
 * The linked-items modal's call (doc 1 §7 "Item-distributor groups for linked items", path not
 * shown): every generic group of the location's inventory lists that links the item, with the
 * group's catalogue items as list rows. Punched-out items are filtered out (doc 1 §7), as are custom
 * items and sub-recipes (not catalogue offers) and items the location no longer has. An item of the
 * location that is in no group any more answers 409 with doc 1 §8's message; any other id is 404.
 */
export async function getLinkedItems(db: Database, locationId: number, itemDistributorId: number): Promise<LinkedItems> {
  const ctx = await getLocationContext(db, locationId);
  const groups = await repo.selectLinkedGroups(db, locationId, itemDistributorId);
  if (groups.length === 0) {
    const [own] = await selectItemRows(db, ctx, repo.offersSource(ctx, [itemDistributorId]));
    if (!own) throw notFound('Item');
    throw new AppError(409, 'removed_from_group', LINKED_ITEM_REMOVED_MESSAGE);
  }
  const ids = [...new Set(groups.flatMap((group) => group.itemDistributorIds))];
  const rows = await selectItemRows(db, ctx, repo.offersSource(ctx, ids));
  const byId = new Map(rows.filter((row) => !row.isPunchedOut).map((row) => [row.itemDistributorId, toListItem(row, ctx)]));
  return {
    itemDistributorId,
    groups: groups.map((group) => ({
      id: group.groupId,
      name: group.name,
      inventoryListId: group.inventoryListId,
      inventoryListName: group.inventoryListName,
      items: group.itemDistributorIds.flatMap((id) => byId.get(id) ?? []),
    })),
  };
}
