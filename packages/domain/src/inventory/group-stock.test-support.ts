import type { GroupStockItem } from './group-stock.rules';

/** A group item for the group-stock and item-order tests: orderable, $10.00 a case of 4/10 LB, none on hand. */
export const stockItem = (over: Partial<GroupStockItem> & { id: number }): GroupStockItem => ({
  isPunchedOut: false,
  isSubRecipe: false,
  finalUnitPrice: 10_000,
  finalUnit: 'LB',
  price: 1_000,
  packSize: '4/10 LB',
  isPreferred: false,
  isOrderable: true,
  totalOnHand: 0,
  ...over,
});
