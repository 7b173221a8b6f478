import { useQuery } from '@tanstack/react-query';
import type { ShoppingList } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

/** GET shopping-lists/{id}: the list's name and item ids; a 404 is not retried (the page says 'Shopping List Not Found'). */
export function useShoppingList(listId: number | null) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.shoppingLists.detail(locationId, listId ?? 0),
    queryFn: ({ signal }) => api.get<ShoppingList>(`shopping-lists/${listId}`, { signal, isBackground: true }),
    enabled: listId !== null && locationId !== null,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}
