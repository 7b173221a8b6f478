import { useShoppingListOptions } from '../../../shared/ordering-options/use-ordering-options';

export type { ShoppingListOption as ShoppingListSummary } from '../../../shared/ordering-options/use-ordering-options';

/** GET shopping-lists: the active location's lists with their item counts. */
export function useShoppingLists() {
  return useShoppingListOptions(true);
}
