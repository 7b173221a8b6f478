/**
 * The list view's sorts and page sizes (doc 1 §9). Kept free of zod so the web's list route can use
 * them without loading the schemas; catalog.schema builds its validation on these constants.
 */

export const LIST_SORTS = [
  'relevance',
  'most-purchased',
  'a-z',
  'z-a',
  'price-low',
  'price-high',
  'greatest-savings',
  'custom',
] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Sort labels as doc 1 §9 writes them. */
export const LIST_SORT_LABELS: Record<ListSort, string> = {
  relevance: 'Sort by relevance',
  'most-purchased': 'Most Purchased',
  'a-z': 'A-Z',
  'z-a': 'Z-A',
  'price-low': 'Price low to high',
  'price-high': 'Price high to low',
  'greatest-savings': 'Greatest Savings',
  custom: 'Custom',
};

/** Sorts offered: relevance only while searching, where it is the default (doc 1 §9). */
export function getAvailableSorts(search: string): ListSort[] {
  return search.trim() ? [...LIST_SORTS] : LIST_SORTS.filter((s) => s !== 'relevance');
}

export function getDefaultSort(search: string): ListSort {
  return search.trim() ? 'relevance' : 'most-purchased';
}

/** Page sizes: 50 on desktop, 25 on mobile (doc 1 §9); the API accepts up to 100. */
export const LIST_PAGE_SIZE_DESKTOP = 50;
export const LIST_PAGE_SIZE_MOBILE = 25;
