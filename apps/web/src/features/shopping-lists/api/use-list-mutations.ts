import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListReorderBody, ShoppingList, ShoppingListItem } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';
import { mapPagedRows, usePagedMove } from '../../../lib/use-paged-move';
import { useShoppingListItemsKey, type ListItemPages } from './use-shopping-list-items';

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

/** A drag of a list's row and the "Reorder a list item" body it sends. */
export interface ListRowMove {
  from: number;
  to: number;
  body: ListReorderBody;
}

/**
 * Reorder a list item (doc 1 §7), POST shopping-lists/reorder: the row moves at once; the answer's
 * sortIndex replaces the one guessed meanwhile, and the list's item ids are reloaded. A failure puts
 * the rows back and says so.
 */
export function useReorderListItem(listId: number, onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const { queryKey: itemsKey, locationId } = useShoppingListItemsKey(listId);
  return usePagedMove<ShoppingListItem, ListRowMove, { itemDistributorId: number; sortIndex: number }>({
    queryKey: itemsKey,
    save: ({ body }) => api.post('shopping-lists/reorder', body, { isBackground: true }),
    onSaved: ({ itemDistributorId, sortIndex }) => {
      queryClient.setQueryData<ListItemPages>(itemsKey, (data) =>
        mapPagedRows(data, (rows) =>
          rows.map((row) => (row.itemDistributorId === itemDistributorId ? { ...row, sortIndex } : row)),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.detail(locationId, listId) });
    },
    onFailed,
  });
}
