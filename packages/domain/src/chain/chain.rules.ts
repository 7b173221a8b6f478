/**
 * The chain view (issue 39): figures across every location a user belongs to. Pure rules; the SQL
 * that computes the same figures in the API is held to these by its tests.
 */

/** A chain needs two locations: with one there is nothing to compare (docs/decisions.md "Chain view"). */
export const CHAIN_MIN_LOCATIONS = 2;

/** Whether a user with this many locations sees the chain view (sidebar entry, route, API). */
export function canOpenChain(locationCount: number): boolean {
  return locationCount >= CHAIN_MIN_LOCATIONS;
}

/** One location's headline figures for a range: cents and a count. */
export interface ChainFigures {
  totalPurchases: number;
  totalOrders: number;
  totalSavings: number;
}

/** The group's totals: the sum of each location's own analytics figures (issue 39 "Quality"). */
export function sumChainFigures(locations: readonly ChainFigures[]): ChainFigures {
  return locations.reduce<ChainFigures>(
    (sum, l) => ({
      totalPurchases: sum.totalPurchases + l.totalPurchases,
      totalOrders: sum.totalOrders + l.totalOrders,
      totalSavings: sum.totalSavings + l.totalSavings,
    }),
    { totalPurchases: 0, totalOrders: 0, totalSavings: 0 },
  );
}

/** What one location bought of one item at one price: the price in 1/10000 dollars, the units bought. */
export interface LocationPurchase {
  locationId: number;
  /** 1/10000 dollars per unit of sale. */
  unitPrice: number;
  quantity: number;
}

export interface PriceVariance {
  lowestUnitPrice: number;
  lowestLocationId: number;
  highestUnitPrice: number;
  highestLocationId: number;
  /** Units bought across the group. */
  quantity: number;
  /** Cents paid across the group: Σ unit price × units. */
  totalPaid: number;
  /** Cents: what the group paid above the lowest price, totalPaid − lowestUnitPrice × quantity. */
  wouldHaveSaved: number;
}

/**
 * Price variance of one item across the group (issue 39): the lowest and highest price paid, by
 * which location (ties: the lower location id, so the answer is stable), and what the group would
 * have saved had every unit been bought at the lowest price. Never negative; zero when every
 * location paid the same. Rounded once, to the cent, over the whole item.
 */
export function getPriceVariance(purchases: readonly LocationPurchase[]): PriceVariance | null {
  const bought = purchases.filter((p) => p.quantity > 0);
  if (bought.length === 0) return null;
  let lowest = bought[0];
  let highest = bought[0];
  for (const p of bought) {
    if (p.unitPrice < lowest.unitPrice || (p.unitPrice === lowest.unitPrice && p.locationId < lowest.locationId)) lowest = p;
    if (p.unitPrice > highest.unitPrice || (p.unitPrice === highest.unitPrice && p.locationId < highest.locationId)) highest = p;
  }
  const quantity = bought.reduce((sum, p) => sum + p.quantity, 0);
  // In 1/10000 dollars × units: exact integers until the one rounding to cents.
  const paid = bought.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0);
  const above = paid - lowest.unitPrice * quantity;
  return {
    lowestUnitPrice: lowest.unitPrice,
    lowestLocationId: lowest.locationId,
    highestUnitPrice: highest.unitPrice,
    highestLocationId: highest.locationId,
    quantity,
    totalPaid: roundToCents(paid),
    wouldHaveSaved: roundToCents(above),
  };
}

/** 1/10000 dollars to cents, half away from zero (the domain's one rounding). */
function roundToCents(tenThousandths: number): number {
  const sign = tenThousandths < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(tenThousandths) + 50) / 100);
}

/** Whether an item's prices differ across locations enough to list: two locations, two prices. */
export function hasPriceVariance(purchases: readonly LocationPurchase[]): boolean {
  const bought = purchases.filter((p) => p.quantity > 0);
  return new Set(bought.map((p) => p.locationId)).size >= 2 && new Set(bought.map((p) => p.unitPrice)).size >= 2;
}

/** Sorts of the price variance list; the default puts the biggest saving first (issue 39). */
export const CHAIN_VARIANCE_SORTS = ['-would_have_saved', 'would_have_saved', 'name', '-name'] as const;
export type ChainVarianceSort = (typeof CHAIN_VARIANCE_SORTS)[number];
export const CHAIN_VARIANCE_PAGE_SIZE = 20;
/** Shared groups a page of the stock table (200 locations' groups at once were 1.5 MB: docs/performance.md). */
export const CHAIN_STOCK_PAGE_SIZE = 20;

/** Sorts of the per-location table (client side: a chain has a handful of locations). */
export const CHAIN_LOCATION_SORT_KEYS = ['name', 'totalPurchases', 'totalOrders', 'totalSavings'] as const;
export type ChainLocationSortKey = (typeof CHAIN_LOCATION_SORT_KEYS)[number];

/** Sorts the per-location rows by a column; ties by name then id, so the order is stable. */
export function sortChainLocations<T extends ChainFigures & { name: string; locationId: number }>(
  rows: readonly T[],
  key: ChainLocationSortKey,
  descending: boolean,
): T[] {
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const primary = key === 'name' ? a.name.localeCompare(b.name) : a[key] - b[key];
    return direction * primary || a.name.localeCompare(b.name) || a.locationId - b.locationId;
  });
}

/** What the variance list sorts by: the saving, then the name, then the representative offer. */
export interface SortableVariance {
  itemDistributorId: number;
  name: string;
  wouldHaveSaved: number;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts the variance rows (CHAIN_VARIANCE_SORTS; default biggest saving first), ties by name then offer id. */
export function sortChainVariances<T extends SortableVariance>(rows: readonly T[], sort: string): T[] {
  const byName = (a: T, b: T) => compareText(a.name, b.name) || a.itemDistributorId - b.itemDistributorId;
  const compare: Record<string, (a: T, b: T) => number> = {
    '-would_have_saved': (a, b) => b.wouldHaveSaved - a.wouldHaveSaved || byName(a, b),
    would_have_saved: (a, b) => a.wouldHaveSaved - b.wouldHaveSaved || byName(a, b),
    name: byName,
    '-name': (a, b) => byName(b, a),
  };
  return [...rows].sort(compare[sort] ?? compare['-would_have_saved']);
}
