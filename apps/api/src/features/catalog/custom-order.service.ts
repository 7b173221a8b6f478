/** The catalogue's custom order (doc 1 §4 "Drag reorder"): moving one item, renumbering when needed. */
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { refreshLocationReadModel, syncCustomOrder, type Database } from '@stockpot/db';
import { getSortMoveProblem, type customOrderRequestSchema } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { placeInSequence, renumberSequence, type SortSequence } from '../../platform/sort-order';
import * as repo from './custom-order.repo';

type CustomOrderData = z.infer<typeof customOrderRequestSchema>['custom_order_data'];

/** The catalogue's custom order of a location as a sequence: indexed items first, then the rest by name. */
function customOrderSequence(locationId: number): SortSequence {
  return {
    table: 'location_items',
    scope: (s) => sql`${s}.location_id = ${locationId}`,
    renumberJoin: sql`JOIN item_distributors d ON d.id = s.item_distributor_id JOIN items i ON i.id = d.item_id`,
    renumberOrder: sql`s.sort_index ASC NULLS LAST, lower(i.name) COLLATE "C", s.item_distributor_id`,
  };
}

/**
 * POST items/custom-order (doc 1 §4 "Drag reorder"): puts the item at the top, at the bottom, or
 * right after the item now above it (the first of `item_distributor_ids`; with only an item below,
 * send `special: 'top'`), by the one reorder rule (placeInSequence). When some items have never
 * been ordered, the location's sequence is renumbered first. `reference_sort_index` from the
 * client is not trusted.
 */
export async function moveInCustomOrder(
  db: Database,
  locationId: number,
  data: CustomOrderData,
): Promise<{ itemDistributorId: number; sortIndex: number }> {
  const id = data.item_distributor_id;
  const problem = getSortMoveProblem({ movedId: id, neighbourIds: data.item_distributor_ids, special: data.special ?? null });
  if (problem === 'own-neighbour') throw badRequest('An item cannot be its own neighbour.', 'invalid_custom_order');
  if (problem === 'no-place') {
    throw badRequest('Send the item now above the moved one, or special top or bottom.', 'invalid_custom_order');
  }
  return db.transaction(async (tx) => {
    await repo.lockCustomOrder(tx, locationId);
    // Whatever else is waiting for the read model first, so the sync below carries only this move.
    await refreshLocationReadModel(tx, locationId);
    const known = await repo.findSortIndexes(tx, locationId, [id, ...data.item_distributor_ids]);
    if ([id, ...data.item_distributor_ids].some((itemId) => !known.has(itemId))) throw notFound('Item');
    const sequence = customOrderSequence(locationId);
    if (await repo.hasUnindexedItems(tx, locationId)) await renumberSequence(tx, sequence);
    const sortIndex = await placeInSequence(tx, sequence, {
      movedId: id,
      aboveId: data.item_distributor_ids[0] ?? null,
      special: data.special ?? null,
    });
    await syncCustomOrder(tx, locationId);
    return { itemDistributorId: id, sortIndex };
  });
}
