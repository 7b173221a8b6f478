import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListReorderBody, ShoppingList, ShoppingListItem } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

function useInvalidateLists() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return {
    locationId,
    invalidate: () => queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.all(locationId) }),
    /** Place-order lists filtered by shopping lists change with a list's items. */
    invalidateItemLists: () => queryClient.invalidateQueries({ queryKey: queryKeys.items.allLists() }),
  };
}

/** POST shopping-lists: body name and itemList. */
export function useCreateShoppingList() {
  const { invalidate } = useInvalidateLists();
  return useMutation({
    mutationFn: (name: string) => api.post<ShoppingList>('shopping-lists', { name, itemList: [] }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH shopping-lists/{id}: body name. */
export function useRenameShoppingList(listId: number) {
  const { invalidate } = useInvalidateLists();
  return useMutation({
    mutationFn: (name: string) => api.patch<{ id: number; name: string }>(`shopping-lists/${listId}`, { name }),
    onSuccess: () => invalidate(),
  });
}

/** DELETE shopping-lists/{id}. */
export function useDeleteShoppingList() {
  const { invalidate, invalidateItemLists } = useInvalidateLists();
  return useMutation({
    mutationFn: (listId: number) => api.delete<{ id: number }>(`shopping-lists/${listId}`),
    onSuccess: () => Promise.all([invalidate(), invalidateItemLists()]),
  });
}

/** POST shopping-lists/{id}/add-one: body itemDistributorId. */
export function useAddOneToList(listId: number) {
  const { invalidate, invalidateItemLists } = useInvalidateLists();
  return useMutation({
    mutationFn: (itemDistributorId: number) =>
      api.post<{ item: ShoppingListItem; isAdded: boolean }>(
        `shopping-lists/${listId}/add-one`,
        { itemDistributorId },
        { isBackground: true },
      ),
    onSuccess: () => Promise.all([invalidate(), invalidateItemLists()]),
  });
}

/** DELETE shopping-lists/{id}/{itemId} (the item-distributor id). */
export function useRemoveFromList(listId: number) {
  const { invalidate, invalidateItemLists } = useInvalidateLists();
  return useMutation({
    mutationFn: (itemDistributorId: number) => api.delete<unknown>(`shopping-lists/${listId}/${itemDistributorId}`),
    onSuccess: () => Promise.all([invalidate(), invalidateItemLists()]),
  });
}

/** Reorder a list item (doc 1 §7), POST shopping-lists/reorder. */
export function useReorderListItem() {
  return useMutation({
    mutationFn: (body: ListReorderBody) =>
      api.post<{ itemDistributorId: number; sortIndex: number }>('shopping-lists/reorder', body, { isBackground: true }),
  });
}
