/**
 * Test data factories: each builds the rows one test needs — a location, a distributor, an item
 * offered to a location, a cart, a shopping list, an order — with sensible defaults and overrides,
 * so a test makes its own data instead of finding some in the demo data with SQL. They write
 * through the same tables as the app (the search-text trigger fills itself) and never depend on
 * the demo seed, though they can add to a seeded location.
 */
export { buildDistributor, buildLocation, linkDistributor, type BuiltLocation } from './locations';
export { buildOffer, OFFER_KINDS, type BuiltOffer } from './offers';
export { buildCart, buildOrder, buildShoppingList } from './shopping';
export { buildInventoryGroup, buildInventoryList } from './inventory';
