import type { FilterOptions } from '@stockpot/domain';

type LocationId = number | null;

/**
 * Every TanStack Query key of the app, in one factory. A key starts with the resource and carries
 * the active location, so a location switch never shows another location's data. Code reads,
 * writes and invalidates data only through these keys: an area that must refresh another area's
 * data (a shopping-list change refreshing the place-order list) names it here, never by a string.
 */
export const queryKeys = {
  currentUser: () => ['users', 'current-user'] as const,
  /** GET shopping-carts. */
  cart: (locationId: LocationId) => ['shopping-carts', locationId] as const,
  distributors: (locationId: LocationId) => ['distributors', locationId] as const,
  pastOrderOptions: (locationId: LocationId) => ['orders', 'past-options', locationId] as const,
  paymentMethods: {
    /** Every card query of a location: one invalidation reaches the list and each card. */
    all: (locationId: LocationId) => ['payment-methods', locationId] as const,
    detail: (locationId: LocationId, token: string) => ['payment-methods', locationId, token] as const,
  },
  items: {
    /** Every place-order list of every location, whatever its search, filter, sort or page size. */
    allLists: () => ['items', 'list'] as const,
    /** The place-order list (GET items) for one search, filter, sort and page size. */
    list: (locationId: LocationId, filterOptions: FilterOptions, limit: number) =>
      ['items', 'list', locationId, filterOptions, limit] as const,
    /** GET items for the catalogue screen of a shopping list. */
    shoppingListCatalog: (locationId: LocationId, filterOptions: FilterOptions, limit: number) =>
      ['items', 'shopping-list-catalog', locationId, filterOptions, limit] as const,
    matches: (locationId: LocationId, itemDistributorId: number) => ['items', 'matches', locationId, itemDistributorId] as const,
    shoppingCartMatches: (locationId: LocationId) => ['items', 'shopping-cart-matches', locationId] as const,
    searchSuggestions: (locationId: LocationId, search: string) => ['items', 'search-suggestions', locationId, search] as const,
  },
  shoppingLists: {
    /** Every shopping-list query of a location starts with this, so one invalidation reaches them all. */
    all: (locationId: LocationId) => ['shopping-lists', locationId] as const,
    /** GET shopping-lists (the lists screen and the filters modal). */
    list: (locationId: LocationId) => ['shopping-lists', locationId, 'all'] as const,
    detail: (locationId: LocationId, listId: number) => ['shopping-lists', locationId, 'detail', listId] as const,
    items: (locationId: LocationId, listId: number, limit: number) =>
      ['shopping-lists', locationId, 'items', listId, limit] as const,
  },
};
