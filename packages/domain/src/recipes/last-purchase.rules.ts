/** One offer's last purchase at the location (from its order history). */
export interface OfferPurchase {
  itemDistributorId: number;
  distributor: string;
  /** Cents paid per unit of measure on the last order. */
  price: number;
  /** YYYY-MM-DD. */
  date: string;
  unitMeasure: string;
}

/** What an ingredient says about its last purchase (doc 2 §3 "Ingredient"). */
export interface IngredientLastPurchase {
  lastPurchasedDistributor: string | null;
  lastPurchasedDistributorPrice: number | null;
  lastPurchasedDistributorDate: string | null;
  lastPurchasedDistributorItem: { unit_measure: string } | null;
}

export const NO_LAST_PURCHASE: IngredientLastPurchase = {
  lastPurchasedDistributor: null,
  lastPurchasedDistributorPrice: null,
  lastPurchasedDistributorDate: null,
  lastPurchasedDistributorItem: null,
};

/**
 * The ingredient's last purchase (doc 2 §3 "Ingredient": lastPurchasedDistributor, its price and
 * date, and the item's unit_measure): of the offers it can be bought as (an item ingredient's offer,
 * a generic ingredient's linked items), the one bought most recently; on the same day the lower
 * item distributor id, so the answer never depends on the read order. A sub-recipe has none.
 */
export function pickLastPurchase(
  offerIds: readonly number[],
  purchases: ReadonlyMap<number, OfferPurchase>,
): IngredientLastPurchase {
  let last: OfferPurchase | undefined;
  for (const id of offerIds) {
    const purchase = purchases.get(id);
    if (!purchase) continue;
    const isLater =
      !last || purchase.date > last.date || (purchase.date === last.date && purchase.itemDistributorId < last.itemDistributorId);
    if (isLater) last = purchase;
  }
  if (!last) return NO_LAST_PURCHASE;
  return {
    lastPurchasedDistributor: last.distributor,
    lastPurchasedDistributorPrice: last.price,
    lastPurchasedDistributorDate: last.date,
    lastPurchasedDistributorItem: { unit_measure: last.unitMeasure },
  };
}
