import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { SHOPPING_LIST_PAGE_SIZE, type ShoppingListItem } from '@stockpot/domain';
import { api, type Page } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

export type ListItemPages = InfiniteData<Page<ShoppingListItem>, number>;

export function useShoppingListItemsKey(listId: number) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return { queryKey: queryKeys.shoppingLists.items(locationId, listId, SHOPPING_LIST_PAGE_SIZE), locationId };
}

/** GET shopping-lists/{id}/items page by page (doc 1 §9: pages tracked by pageCount and currentPage). */
export function useShoppingListItems(listId: number) {
  const { queryKey, locationId } = useShoppingListItemsKey(listId);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ShoppingListItem>(`shopping-lists/${listId}/items`, {
        query: { page: pageParam, limit: SHOPPING_LIST_PAGE_SIZE },
        signal,
        isBackground: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined),
    enabled: locationId !== null,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}
