import { useShoppingListOptions } from '../../../shell/api/use-ordering-options';

export type { ShoppingListOption as ShoppingListSummary } from '../../../shell/api/use-ordering-options';

/** GET shopping-lists: the active location's lists with their item counts. */
export function useShoppingLists() {
  return useShoppingListOptions(true);
}
