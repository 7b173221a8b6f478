import type { FilterOptions } from './catalog.schema';
import {
  getAvailableSorts,
  getDefaultSort,
  LIST_PAGE_SIZE_DESKTOP,
  LIST_PAGE_SIZE_MOBILE,
  type ListSort,
} from './list-sort.rules';
import type { ItemListState } from './item-list.rules';

/** The sort in force: the chosen one when it is offered for this search, else the default (doc 1 §9). */
export function getEffectiveSort(sortBy: ListSort | null, search: string): ListSort {
  return sortBy !== null && getAvailableSorts(search).includes(sortBy) ? sortBy : getDefaultSort(search);
}

/** The `filterOptions` JSON of GET items for a list state (doc 1 §7); Purchased Items Only asks for product PURCHASED. */
export function buildFilterOptions(state: ItemListState): FilterOptions {
  const search = state.search.trim();
  return {
    sort: getEffectiveSort(state.sortBy, search),
    search,
    product: state.filters.purchasedOnly ? 'PURCHASED' : state.product,
    distributorIds: [...state.filters.distributorIds].sort((a, b) => a - b),
    shoppingIds: [...state.filters.shoppingIds].sort((a, b) => a - b),
    pastOrderIds: [...state.filters.pastOrderIds].sort((a, b) => a - b),
  };
}

/** Page size of the list view: 50 on desktop, 25 on a phone (doc 1 §9). */
export function getListPageSize(isDesktop: boolean): number {
  return isDesktop ? LIST_PAGE_SIZE_DESKTOP : LIST_PAGE_SIZE_MOBILE;
}
