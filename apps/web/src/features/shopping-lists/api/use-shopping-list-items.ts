import { SHOPPING_LIST_PAGE_SIZE, type ShoppingListItem } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { usePagedQuery, type Pages } from '../../../lib/use-paged-query';

export type ListItemPages = Pages<ShoppingListItem>;

export function useShoppingListItemsKey(listId: number) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return { queryKey: queryKeys.shoppingLists.items(locationId, listId, SHOPPING_LIST_PAGE_SIZE), locationId };
}

/** GET shopping-lists/{id}/items page by page (doc 1 §9: pages tracked by pageCount and currentPage); a 404 is not retried. */
export function useShoppingListItems(listId: number) {
  const { queryKey, locationId } = useShoppingListItemsKey(listId);
  return usePagedQuery<ShoppingListItem>({
    queryKey,
    path: `shopping-lists/${listId}/items`,
    query: { limit: SHOPPING_LIST_PAGE_SIZE },
    enabled: locationId !== null,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}
