/**
 * Item Lookup relevance (doc 3 §2.4 "Item Lookup", issue 32): what a buyer searching "shrimp" means
 * is shrimp, not the sea bass of a brand called "Gulf Shore Shrimp Co.", and among the shrimp the
 * ones the location actually buys. The API's SQL orders pages the same way (`relevanceOrderSql` in
 * apps/api item-lookup.repo.ts); its test checks the two agree on the demo data.
 */

/** Said in 'Show Stats' instead of four $0.00 figures when the item was not bought in the period. */
export const ITEM_STATS_NO_PURCHASES = 'No purchases of this item in this period.';

/** The lookup's sort orders; `relevance` is the default. */
export const ITEM_LOOKUP_SORTS = ['relevance', 'name', '-name', 'price', '-price'] as const;
export type ItemLookupSort = (typeof ITEM_LOOKUP_SORTS)[number];

export interface LookupCandidate {
  description: string;
  din: string;
  brand: string;
  category: string;
}

/** 0: the search is in the item's name or item number; 1: only in its brand or category. */
export type LookupMatchRank = 0 | 1;

const contains = (text: string, search: string) => text.toLowerCase().includes(search);

/**
 * How well an item matches a lookup search (issue 32): its name or item number first, its brand or
 * category after; null when it does not match. An empty search matches everything equally.
 */
export function getLookupMatchRank(search: string, item: LookupCandidate): LookupMatchRank | null {
  const wanted = search.trim().toLowerCase();
  if (wanted === '' || contains(item.description, wanted) || contains(item.din, wanted)) return 0;
  if (contains(item.brand, wanted) || contains(item.category, wanted)) return 1;
  return null;
}

export interface RankedLookupItem {
  id: number;
  description: string;
  matchRank: LookupMatchRank;
  /** What the location spent on the item in the period, cents. */
  spentCents: number;
}

/**
 * Lookup relevance order (issue 32): name matches before brand or category matches, then what the
 * location spent on the item in the period (most first), then the name A–Z, then the id so pages
 * never shuffle. Names compare lower-cased, code unit by code unit (SQL: `lower(…) COLLATE "C"`).
 */
export function compareLookupItems(a: RankedLookupItem, b: RankedLookupItem): number {
  if (a.matchRank !== b.matchRank) return a.matchRank - b.matchRank;
  if (a.spentCents !== b.spentCents) return b.spentCents - a.spentCents;
  const nameA = a.description.toLowerCase();
  const nameB = b.description.toLowerCase();
  if (nameA !== nameB) return nameA < nameB ? -1 : 1;
  return a.id - b.id;
}

/** The items matching a search, most relevant first (issue 32). */
export function rankLookupItems<T extends LookupCandidate & { id: number; spentCents: number }>(
  search: string,
  items: readonly T[],
): T[] {
  return items
    .map((item) => ({ item, matchRank: getLookupMatchRank(search, item) }))
    .filter((entry): entry is { item: T; matchRank: LookupMatchRank } => entry.matchRank !== null)
    .sort((a, b) => compareLookupItems({ ...a.item, matchRank: a.matchRank }, { ...b.item, matchRank: b.matchRank }))
    .map((entry) => entry.item);
}
