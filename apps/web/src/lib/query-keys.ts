import type { FilterOptions, ItemListFilters } from '@stockpot/domain';

type LocationId = number | null;

/**
 * Every TanStack Query key of the app, in one factory. A key starts with the resource and carries
 * the active location, so a location switch never shows another location's data. Code reads,
 * writes and invalidates data only through these keys: an area that must refresh another area's
 * data (a shopping-list change refreshing the place-order list) names it here, never by a string.
 */
export const queryKeys = {
  /** The accounting screen (doc 3 §2.8): items, distributors with payable terms, and the tag lists. */
  accounting: {
    all: (locationId: LocationId) => ['merchant-accounting', locationId] as const,
    allItems: (locationId: LocationId) => ['merchant-accounting', locationId, 'items'] as const,
    items: (locationId: LocationId, search: string) => ['merchant-accounting', locationId, 'items', search] as const,
    distributors: (locationId: LocationId) => ['merchant-accounting', locationId, 'distributors'] as const,
    tags: (locationId: LocationId, kind: 'supplier' | 'category' | 'gl-code') =>
      ['merchant-accounting', locationId, 'tags', kind] as const,
  },
  /** The chain view (issue 39): the user's locations together, so keyed by the user, not the active location. */
  chain: {
    summary: (userId: number | null, range: object) => ['chain', userId, 'summary', range] as const,
    variance: (userId: number | null, query: object) => ['chain', userId, 'price-variance', query] as const,
    stock: (userId: number | null, query: object) => ['chain', userId, 'stock', query] as const,
  },
  /** Barcodes (issue 40): the items a buyer searches to link a new barcode to. */
  barcodes: {
    linkSearch: (locationId: LocationId, search: string) => ['barcodes', locationId, 'link-search', search] as const,
  },
  /** Analytics (doc 3 §2.4): every read carries the location and the range or query it was asked for. */
  analytics: {
    all: (locationId: LocationId) => ['analytics', locationId] as const,
    summary: (locationId: LocationId, range: object) => ['analytics', locationId, 'summary', range] as const,
    detail: (locationId: LocationId, query: object) => ['analytics', locationId, 'detail', query] as const,
    lookup: (locationId: LocationId, query: object) => ['analytics', locationId, 'lookup', query] as const,
    itemStats: (locationId: LocationId, query: object) => ['analytics', locationId, 'item-stats', query] as const,
    lastPurchased: (locationId: LocationId) => ['analytics', locationId, 'last-purchased'] as const,
    suggestions: (locationId: LocationId) => ['analytics', locationId, 'savings-suggestions'] as const,
    savingsLines: (locationId: LocationId, query: object) => ['analytics', locationId, 'savings-lines', query] as const,
  },
  currentUser: () => ['users', 'current-user'] as const,
  /** GET shopping-carts. */
  cart: (locationId: LocationId) => ['shopping-carts', locationId] as const,
  distributors: (locationId: LocationId) => ['distributors', locationId] as const,
  /**
   * GET getting-started (issue 31): under the distributors' key, so whatever refreshes a location's
   * distributors (a guide uploaded, delivery days set) refreshes the checklist too.
   */
  gettingStarted: (locationId: LocationId) => ['distributors', locationId, 'getting-started'] as const,
  /** GET invoices/address (issue 36): the location's address for invoices by e-mail, shown on /distributor. */
  invoiceAddress: (locationId: LocationId) => ['invoices', locationId, 'address'] as const,
  /** The Distributors screens (doc 3 §2.7): GET distributors with reps, last guide and customer number. */
  /** A sales rep's own accounts: not location-scoped (the rep belongs to no location). */
  salesRep: {
    accounts: () => ['sales-rep', 'accounts'] as const,
    items: (repId: number, page: number, search: string) => ['sales-rep', 'accounts', repId, 'items', page, search] as const,
  },
  distributorAccounts: {
    list: (locationId: LocationId) => ['distributors', locationId, 'accounts'] as const,
    detail: (locationId: LocationId, distributorId: number) => ['distributors', locationId, 'accounts', distributorId] as const,
    orderingTerms: (locationId: LocationId, distributorId: number) =>
      ['distributors', locationId, 'accounts', distributorId, 'ordering-terms'] as const,
    directory: (locationId: LocationId, search: string) => ['distributors', locationId, 'directory', search] as const,
  },
  orderGuides: {
    items: (locationId: LocationId, guideId: number, page: number) =>
      ['order-guides', locationId, guideId, 'items', page] as const,
    priceChanges: (locationId: LocationId, guideId: number) => ['order-guides', locationId, guideId, 'price-changes'] as const,
    upload: (locationId: LocationId, uploadId: number) => ['order-guides', locationId, 'uploads', uploadId] as const,
    allowedChildren: (locationId: LocationId, distributorId: number) =>
      ['merchant', locationId, 'allowed-children', distributorId] as const,
  },
  pastOrderOptions: (locationId: LocationId) => ['orders', 'past-options', locationId] as const,
  /** Order history and receiving (doc 3 §2.5). */
  orderHistory: {
    /** Every order-history query of a location: one invalidation after receiving reaches them all. */
    all: (locationId: LocationId) => ['order-history', locationId] as const,
    list: (locationId: LocationId, page: number) => ['order-history', locationId, 'list', page] as const,
    detail: (locationId: LocationId, orderId: number) => ['order-history', locationId, 'detail', orderId] as const,
    invoiceImages: (locationId: LocationId, orderId: number) => ['order-history', locationId, 'invoices', orderId] as const,
    inventoryItems: (locationId: LocationId, orderId: number) => ['order-history', locationId, 'inventory', orderId] as const,
    reconciliation: (locationId: LocationId, orderId: number) =>
      ['order-history', locationId, 'reconciliation', orderId] as const,
  },
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
    /** GET items/{id}/linked-items: the generic groups linking an item (doc 1 §7). */
    linked: (locationId: LocationId, itemDistributorId: number) => ['items', 'linked', locationId, itemDistributorId] as const,
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
  inventories: {
    /** Every inventory-lifecycle query of a location: one invalidation after a transition. */
    all: (locationId: LocationId) => ['inventories', locationId] as const,
    /** GET inventory/active: the status control. */
    active: (locationId: LocationId) => ['inventories', locationId, 'active'] as const,
    /** GET inventory (page, limit 12). */
    list: (locationId: LocationId, page: number) => ['inventories', locationId, 'list', page] as const,
    /** GET inventory/{id} for a search and the missing-on-hand checkbox. */
    detail: (locationId: LocationId, id: number, search: string, missingOnHand: boolean) =>
      ['inventories', locationId, 'detail', id, search, missingOnHand] as const,
    /** GET inventory/review. */
    review: (locationId: LocationId) => ['inventories', locationId, 'review'] as const,
  },
  inventory: {
    /** Every inventory-view query of a location: one invalidation after an edit refetches groups and totals. */
    all: (locationId: LocationId) => ['comparison-views', locationId] as const,
    /** GET comparison-views/all-views. */
    lists: (locationId: LocationId) => ['comparison-views', locationId, 'lists'] as const,
    /** GET comparison-views/{id}/groups for one sort and name search, a page of `pageSize` at a time (70 on desktop, 25 on a phone). */
    groupPages: (locationId: LocationId, listId: number, sort: string, search: string, pageSize: number) =>
      ['comparison-views', locationId, 'groups', listId, sort, search, pageSize] as const,
    /** Every group of a list in its custom order (Rearrange). */
    allGroups: (locationId: LocationId, listId: number) => ['comparison-views', locationId, 'groups', listId, 'all'] as const,
    /** GET comparison-views/{id}/groups/{groupId}/totals. */
    totals: (locationId: LocationId, listId: number, groupId: number) =>
      ['comparison-views', locationId, 'totals', listId, groupId] as const,
    /** GET comparison-views/{id}/groups?analytics=1: the price-analytics page. */
    priceAnalytics: (locationId: LocationId, listId: number) =>
      ['comparison-views', locationId, 'price-analytics', listId] as const,
    /** GET …/item/{itemId}/historic-inventory: an item's counts in past inventories. */
    itemHistory: (locationId: LocationId, listId: number, groupId: number, itemDistributorId: number) =>
      ['comparison-views', locationId, 'item-history', listId, groupId, itemDistributorId] as const,
    /** GET …/item/{itemId}/price-analytics: an item's price windows. */
    itemPriceAnalytics: (locationId: LocationId, listId: number, groupId: number, itemDistributorId: number) =>
      ['comparison-views', locationId, 'item-price-analytics', listId, groupId, itemDistributorId] as const,
    /** GET …/search-items for the Add/Link dialog. */
    itemSearch: (locationId: LocationId, listId: number, groupId: number, search: string, filters: ItemListFilters) =>
      ['comparison-views', locationId, 'item-search', listId, groupId, search, filters] as const,
    /** The location's sub-recipes for the Add/Link dialog (GET recipe/search-ingredients, type subrecipe). */
    subRecipeSearch: (locationId: LocationId, search: string) =>
      ['comparison-views', locationId, 'sub-recipe-search', search] as const,
  },
  /** The device's offline copy of an inventory list (IndexedDB, doc 2 §4): read locally, never from the API. */
  inventoryOffline: {
    all: () => ['inventory-offline'] as const,
    lists: () => ['inventory-offline', 'lists'] as const,
    groups: (listId: number | null, sort: string, search: string) =>
      ['inventory-offline', 'groups', listId, sort, search] as const,
  },
  recipes: {
    /** Every recipe-costing query of a location: one invalidation after an edit refetches costs everywhere. */
    all: (locationId: LocationId) => ['recipes', locationId] as const,
    categories: (locationId: LocationId) => ['recipes', locationId, 'categories'] as const,
    list: (locationId: LocationId, menuId: number, range: string, sort: string) =>
      ['recipes', locationId, 'list', menuId, range, sort] as const,
    detail: (locationId: LocationId, recipeId: number) => ['recipes', locationId, 'detail', recipeId] as const,
    search: (locationId: LocationId, type: string, search: string, exclude: number) =>
      ['recipes', locationId, 'search', type, search, exclude] as const,
  },
  pos: {
    /** Every point-of-sale query of a location: an import or an assignment refetches them all. */
    all: (locationId: LocationId) => ['pos', locationId] as const,
    dates: (locationId: LocationId) => ['pos', locationId, 'dates'] as const,
    detail: (locationId: LocationId, date: string) => ['pos', locationId, 'detail', date] as const,
    recipes: (locationId: LocationId) => ['pos', locationId, 'recipes'] as const,
    foodCost: (locationId: LocationId, bgnDate: string, endDate: string) =>
      ['pos', locationId, 'food-cost', bgnDate, endDate] as const,
  },
  admin: {
    /** GET locations/all for the login-as location picker's search. */
    locations: (search: string) => ['admin', 'locations', search] as const,
    /** GET locations/users/{id} for the login-as user picker. */
    locationUsers: (locationId: number) => ['admin', 'location-users', locationId] as const,
  },
  messages: {
    /** GET users/get-message and users/get-broadcast-message for the place-order pop-ups. */
    popups: (locationId: LocationId) => ['messages', 'popups', locationId] as const,
  },
  /** GET suggested-orders (issue 37). */
  suggestedOrders: (locationId: LocationId) => ['suggested-orders', locationId] as const,
  /** GET suggested-orders/report. */
  suggestedOrderReport: (locationId: LocationId) => ['suggested-orders', locationId, 'report'] as const,
  /** GET suggested-orders/guard for one distributor at one cart version. */
  suggestedOrderGuard: (locationId: LocationId, distributorId: number, cartVersion: string) =>
    ['suggested-orders', locationId, 'guard', distributorId, cartVersion] as const,
  signUp: {
    /** The wizard's distributor search. */
    distributors: (search: string) => ['sign-up', 'distributors', search] as const,
  },
};
