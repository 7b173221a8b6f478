/** Groups read across a location's lists: by name (all-groups, groups-search), or the ones holding a catalogue item. */
import type { Database } from '@stockpot/db';
import { sortGroupItems, toPageMeta, type GroupSummary, type ListWithGroups, type PageMeta } from '@stockpot/domain';
import { getLocationContext, type LocationContext } from '../catalog/catalog.public';
import * as acrossListsRepo from './inventory-across-lists.repo';
import * as itemsRepo from './inventory-group-items.repo';
import { selectLinkedOffers, toGroupItem } from './inventory-item-view';

/** GET /comparison-views/all-groups and /comparison-views/groups-search: groups across the location's lists. */
export async function listGroupSummaries(
  db: Database,
  locationId: number,
  query: { page: number; limit: number; term: string },
): Promise<{ data: GroupSummary[]; _meta: PageMeta }> {
  const rows = await acrossListsRepo.selectGroupSummaries(db, locationId, query.term, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(({ total: _total, ...row }) => row),
    _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit),
  };
}

/**
 * Each group's catalogue items (by item-distributor id) in the order of its cards: sortGroupItems
 * over the view's own items (toGroupItem). Sub-recipes and custom items are no offers and are left
 * out, and the order of the rest does not depend on them, so neither their costs (the cost book)
 * nor the groups' spend is read.
 */
async function readOfferCardOrder(db: Database, ctx: LocationContext, groupIds: number[]): Promise<Map<number, number[]>> {
  const rows = (await itemsRepo.selectGroupItems(db, ctx.locationId, groupIds)).filter((row) => row.kind === 'item');
  const byOffer = await selectLinkedOffers(db, ctx, rows);
  return new Map(
    groupIds.map((groupId): [number, number[]] => {
      const items = rows.flatMap((row) => {
        const cat = row.groupId === groupId ? byOffer.get(row.itemDistributorId!) : undefined;
        return cat ? [toGroupItem(row, cat, undefined, ctx).item] : [];
      });
      return [groupId, sortGroupItems(items).map((item) => item.itemDistributorId!)];
    }),
  );
}

/**
 * GET /comparison-views/from-item-distributor: the lists holding a catalogue item, with the groups
 * that hold it when `expand` names groups, and each group's catalogue items when `showItems`.
 */
export async function findListsHoldingOffer(
  db: Database,
  locationId: number,
  query: { id: number; expand: string; showItems?: string },
): Promise<ListWithGroups[]> {
  const withGroups = query.expand.split(',').includes('groups');
  const withItems = query.showItems === '1' || query.showItems === 'true';
  const rows = await acrossListsRepo.selectGroupsHoldingOffer(db, locationId, query.id);
  // With showItems each group's items come in the order of its cards, not the stored sort index
  // the cards do not follow (issue 34).
  const cardOrder =
    withGroups && withItems && rows.length > 0
      ? await readOfferCardOrder(db, await getLocationContext(db, locationId), [...new Set(rows.map((r) => r.groupId))])
      : new Map<number, number[]>();
  const lists = new Map<number, ListWithGroups>();
  for (const row of rows) {
    const list = lists.get(row.listId) ?? { id: row.listId, name: row.listName, ...(withGroups ? { groups: [] } : {}) };
    lists.set(row.listId, list);
    const itemIds = cardOrder.get(row.groupId) ?? row.itemIds;
    list.groups?.push({ id: row.groupId, name: row.groupName, ...(withItems ? { itemIds } : {}) });
  }
  return [...lists.values()];
}
