/** Factories for the inventory: a list (the API's comparison view) and its generic groups of catalogue offers. */
import type { Database } from '../client';
import { inventoryGroupItems, inventoryGroups, inventoryLists } from '../schema';
import { inCustomOrder, next, type Insert } from './factory-helpers';

/** An inventory list (the API's comparison view) of the location, last in its order unless `sort` is given. */
export async function buildInventoryList(
  db: Database,
  options: { locationId: number } & Partial<Omit<Insert<typeof inventoryLists>, 'locationId'>>,
): Promise<typeof inventoryLists.$inferSelect> {
  const { locationId, ...values } = options;
  const [list] = await db
    .insert(inventoryLists)
    .values({ name: `Inventory list ${next()}`, ...values, locationId })
    .returning();
  return list;
}

/**
 * A generic group of an inventory list holding the given catalogue offers (group items of kind
 * 'item', uncounted) in that order; first in the list unless `group.sort` says otherwise.
 */
export async function buildInventoryGroup(
  db: Database,
  options: {
    locationId: number;
    listId: number;
    itemDistributorIds?: number[];
    group?: Partial<Omit<Insert<typeof inventoryGroups>, 'locationId' | 'inventoryListId'>>;
  },
): Promise<typeof inventoryGroups.$inferSelect> {
  const [group] = await db
    .insert(inventoryGroups)
    .values({
      name: `Group ${next()}`,
      sort: 0,
      ...options.group,
      locationId: options.locationId,
      inventoryListId: options.listId,
    })
    .returning();
  const ids = options.itemDistributorIds ?? [];
  if (ids.length > 0) {
    await db
      .insert(inventoryGroupItems)
      .values(
        inCustomOrder(ids).map((row) => ({ ...row, locationId: options.locationId, groupId: group.id, kind: 'item' as const })),
      );
  }
  return group;
}
