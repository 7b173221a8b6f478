/**
 * Writes of the inventory comparison view (doc 2 §7), one hook per endpoint: lists, groups, their
 * items and counts. Every edit invalidates the location's inventory queries, so the groups and
 * their totals are refetched (doc 2 §4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomItemRequest, GenericGroup, GroupItem, InventoryList, PackSizeRequest } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { useLocationId } from './inventory-queries';

function useInvalidateInventory() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  // Recipe costs follow the groups (a generic ingredient's items, a deleted group's ingredients).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all(locationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all(locationId) }),
    ]);
}

function useInventoryMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const invalidate = useInvalidateInventory();
  // The refetch is not awaited: a dialog closes as soon as the change is saved, and the groups
  // (with their totals) follow when the refetch lands.
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** POST comparison-views: name. */
export const useCreateList = () => useInventoryMutation((name: string) => api.post<InventoryList>('comparison-views', { name }));

/** PATCH comparison-views/{id}: name. */
export const useRenameList = () =>
  useInventoryMutation(({ id, name }: { id: number; name: string }) =>
    api.patch<InventoryList>(`comparison-views/${id}`, { name }),
  );

/** DELETE comparison-views/{id}. */
export const useDeleteList = () => useInventoryMutation((id: number) => api.delete<{ id: number }>(`comparison-views/${id}`));

/** POST comparison-views/{id}/groups: name, new_sort. */
export const useCreateGroup = (listId: number) =>
  useInventoryMutation(({ name, position }: { name: string; position: number }) =>
    api.post<{ id: number; name: string }>(`comparison-views/${listId}/groups`, { name, new_sort: position }),
  );

/** PATCH comparison-views/{id}/groups/{groupId}: name or parLevel. */
export const useUpdateGroup = (listId: number) =>
  useInventoryMutation(({ groupId, ...body }: { groupId: number; name?: string; parLevel?: number }) =>
    api.patch<GenericGroup>(`comparison-views/${listId}/groups/${groupId}`, body),
  );

/** DELETE comparison-views/{id}/groups/{groupId}. */
export const useDeleteGroup = (listId: number) =>
  useInventoryMutation((groupId: number) => api.delete<{ id: number }>(`comparison-views/${listId}/groups/${groupId}`));

/** PATCH …/groups/{groupId}/move: the target list id in `name`. */
export const useMoveGroup = (listId: number) =>
  useInventoryMutation(({ groupId, targetListId }: { groupId: number; targetListId: number }) =>
    api.patch<{ id: number }>(`comparison-views/${listId}/groups/${groupId}/move`, { name: targetListId }),
  );

/** POST comparison-views/group-unit: [{ groupId, unitId }]. */
export const useSetGroupUnit = () =>
  useInventoryMutation(({ groupId, unitId }: { groupId: number; unitId: number }) =>
    api.post<{ groupId: number; unitId: number }[]>('comparison-views/group-unit', [{ groupId, unitId }]),
  );

/** POST …/groups/{groupId}/items: items (item-distributor ids) and subrecipes (recipe ids). */
export const useLinkItems = (listId: number, groupId: number) =>
  useInventoryMutation((body: { items: number[]; subrecipes: number[] }) =>
    api.post<GenericGroup>(`comparison-views/${listId}/groups/${groupId}/items`, body),
  );

/** POST …/groups/{groupId}/custom. */
export const useAddCustomItem = (listId: number, groupId: number) =>
  useInventoryMutation((body: CustomItemRequest) =>
    api.post<GroupItem>(`comparison-views/${listId}/groups/${groupId}/custom`, body),
  );

const itemPath = (listId: number, groupId: number, item: GroupItem) =>
  item.isSubRecipe
    ? `comparison-views/${listId}/groups/${groupId}/subrecipe/${item.id}`
    : item.isCustomItem
      ? `comparison-views/${listId}/groups/${groupId}/custom/${item.id}`
      : `comparison-views/${listId}/groups/${groupId}/item/${item.itemDistributorId}`;

export interface OnHandAnswer {
  collectiveOnHand: number;
  collectiveOnHandUom: string;
  totalOnHand: number;
  totalOnHandAmount: number;
}

/**
 * Saves a count. With an inventory under way (as the status control last read it) the count goes
 * to PATCH inventory/{id}/item/{groupItemId} (doc 2 §7), which keeps the replaced count in the
 * item's history; otherwise to PATCH …/item/{itemId}, …/custom/{id} or …/subrecipe/{id} of the
 * comparison view.
 */
export function useUpdateOnHand(listId: number) {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useInventoryMutation(
    ({
      groupId,
      item,
      counts,
    }: {
      groupId: number;
      item: GroupItem;
      counts: { onHand?: number; onHandPack?: number; onHandUom?: number };
    }) => {
      const active = queryClient.getQueryData<{ id: number; status: string } | null>(queryKeys.inventories.active(locationId));
      const path = active?.status === 'active' ? `inventory/${active.id}/item/${item.id}` : itemPath(listId, groupId, item);
      return api.patch<OnHandAnswer>(path, counts, { isBackground: true });
    },
  );
}

/** PATCH …/item/{itemId}/pack-size: packSize as 'outer/inner UOM', or null for the catalogue's (Default Packsize). */
export const useChangePackSize = (listId: number) =>
  useInventoryMutation(({ groupId, item, body }: { groupId: number; item: GroupItem; body: PackSizeRequest }) =>
    api.patch<GroupItem>(`${itemPath(listId, groupId, item)}/pack-size`, body),
  );

/** DELETE …/item/{itemId}, …/custom/{id} or …/subrecipe/{id}. */
export const useRemoveItem = (listId: number) =>
  useInventoryMutation(({ groupId, item }: { groupId: number; item: GroupItem }) =>
    api.delete<{ id: number }>(itemPath(listId, groupId, item)),
  );

/** POST generic-item/toggle-is-preferred/{id}. */
export const useTogglePreferred = () =>
  useInventoryMutation((id: number) => api.post<{ is_preferred: boolean }>(`generic-item/toggle-is-preferred/${id}`));

/** POST comparison-views/{id}/reset-sorts: groups, the ids in their new order (Save on Rearrange). */
export const useSaveGroupOrder = (listId: number) =>
  useInventoryMutation((groups: number[]) =>
    api.post<{ groups: number[] }>(`comparison-views/${listId}/reset-sorts`, { groups }),
  );
