/** A generic group's linked item as a generic ingredient lists it, with its last purchase. */
import type { Database } from '@stockpot/db';
import { createCostBook, describeGroupItem, pickLastPurchase, type LinkedIngredientItem } from '@stockpot/domain';
import { AppError } from '../../platform/errors';
import { loadCostBook, loadPurchases } from './recipe-read.service';
import * as repo from './recipes.repo';

const linkedItemNotFound = () => new AppError(404, 'not_found', 'Linked item not found.');

/**
 * GET recipe/item/{groupId}/genericItem/{id} and …/genericCustomItem/{id} (doc 2 §7): an item linked
 * to one of the location's generic groups, as a generic ingredient lists it, with its last purchase.
 * An id that is not a linked item of that kind in that group of the location answers 404.
 */
export async function getLinkedItem(
  db: Database,
  locationId: number,
  groupId: number,
  kind: 'item' | 'custom',
  id: number,
): Promise<LinkedIngredientItem> {
  const groupItems = await repo.selectGroupItems(db, locationId, [groupId]);
  const linked = groupItems.find((g) => g.id === id && (kind === 'custom' ? g.kind === 'custom' : g.kind !== 'custom'));
  if (!linked) throw linkedItemNotFound();
  // Only a sub-recipe's price needs the location's recipes; a catalogue item needs its one offer, a custom item none.
  const book =
    linked.kind === 'subrecipe'
      ? await loadCostBook(db, locationId)
      : createCostBook({
          recipes: [],
          ingredients: [],
          groups: [],
          groupItems: [],
          offers: await repo.selectOffers(db, locationId, linked.itemDistributorId ? [linked.itemDistributorId] : []),
        });
  const item = describeGroupItem(book, linked);
  if (!item) throw linkedItemNotFound();
  const offerIds = item.itemDistributorId ? [item.itemDistributorId] : [];
  return { ...item, ...pickLastPurchase(offerIds, await loadPurchases(db, locationId, offerIds)) };
}
