/**
 * Calls of the inventory comparison view (doc 2 §7), one hook per endpoint. Every edit invalidates
 * the location's inventory queries, so the groups and their totals are refetched (doc 2 §4).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomItemRequest,
  GenericGroup,
  GroupItem,
  GroupTotals,
  IngredientOption,
  InventoryList,
  InventorySort,
  LinkCandidate,
  PackSizeRequest,
} from '@stockpot/domain';
import {
  INVENTORY_ITEM_SEARCH_LIMIT,
  toItemFilterParams,
  type HistoricRecord,
  type ItemListFilters,
  type ItemPriceAnalytics,
} from '@stockpot/domain';

/** The most groups the API answers in one page. */
const GROUPS_PAGE_LIMIT = 200;
import { api, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

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

/** GET comparison-views/all-views. */
export function useInventoryLists() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.lists(locationId),
    queryFn: ({ signal }) => api.get<InventoryList[]>('comparison-views/all-views', { signal }),
  });
}

const groupsPath = (listId: number, params: Record<string, string>) =>
  `comparison-views/${listId}/groups?${new URLSearchParams(params).toString()}`;

/**
 * GET comparison-views/{id}/groups with items, for one sort and name search, a page at a time (70 a
 * page on desktop, 25 on a phone: doc 2 §9); a new sort or search starts again at page 1 (doc 2 §5).
 */
export function useGroupPages(listId: number | null, sort: InventorySort, search: string, pageSize: number) {
  const locationId = useLocationId();
  return useInfiniteQuery({
    queryKey: queryKeys.inventory.groupPages(locationId, listId ?? 0, sort, search, pageSize),
    enabled: listId !== null,
    placeholderData: keepPreviousData,
    initialPageParam: 1,
    getNextPageParam: (last: Page<GenericGroup>) =>
      last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined,
    queryFn: ({ signal, pageParam }) =>
      api.getPage<GenericGroup>(
        groupsPath(listId!, {
          page: String(pageParam),
          limit: String(pageSize),
          expand: 'items,purchased,onHandTotal,units',
          filterOptions: JSON.stringify({ sort }),
          filters: JSON.stringify({ name: search }),
        }),
        { signal },
      ),
  });
}

/** Every group of a list in its custom order (Rearrange saves the order of all of them, not of a page). */
export function useAllGroups(listId: number | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.allGroups(locationId, listId ?? 0),
    enabled: listId !== null,
    queryFn: async ({ signal }) => {
      const groups: GenericGroup[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await api.getPage<GenericGroup>(
          groupsPath(listId!, {
            page: String(page),
            limit: String(GROUPS_PAGE_LIMIT),
            expand: 'items',
            filterOptions: '{"sort":"custom"}',
          }),
          { signal },
        );
        groups.push(...answer.data);
        if (page >= answer.meta.pageCount) return groups;
      }
    },
  });
}

/** GET comparison-views/{id}/groups?analytics=1: every group of the list with its price analytics (doc 2 §7). */
export function useGroupPriceAnalytics(listId: number | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.priceAnalytics(locationId, listId ?? 0),
    enabled: listId !== null,
    queryFn: ({ signal }) =>
      api.getPage<GenericGroup>(`comparison-views/${listId}/groups?page=1&limit=200&analytics=1`, { signal }),
  });
}

/** GET …/groups/{groupId}/totals: the list's and all lists' on-hand value after an edit. */
export function useGroupTotals(listId: number | null, groupId: number | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.totals(locationId, listId ?? 0, groupId ?? 0),
    enabled: listId !== null && groupId !== null,
    queryFn: ({ signal }) => api.get<GroupTotals>(`comparison-views/${listId}/groups/${groupId}/totals`, { signal }),
  });
}

/** GET …/search-items (limit 30, doc 2 §9). */
export function useItemSearch(listId: number, groupId: number, search: string, filters: ItemListFilters) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.itemSearch(locationId, listId, groupId, search, filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.getPage<LinkCandidate>(
        `comparison-views/${listId}/groups/${groupId}/search-items?${new URLSearchParams({
          search,
          page: '1',
          limit: String(INVENTORY_ITEM_SEARCH_LIMIT),
          ...toItemFilterParams(filters),
        }).toString()}`,
        { signal },
      ),
  });
}

/** GET …/item/{itemId}/historic-inventory and …/price-analytics: one catalogue item's history (doc 2 §7). */
export function useItemHistory(listId: number, groupId: number, itemDistributorId: number) {
  const locationId = useLocationId();
  const base = `comparison-views/${listId}/groups/${groupId}/item/${itemDistributorId}`;
  const counts = useQuery({
    queryKey: queryKeys.inventory.itemHistory(locationId, listId, groupId, itemDistributorId),
    queryFn: ({ signal }) => api.get<HistoricRecord[]>(`${base}/historic-inventory`, { signal }),
  });
  const prices = useQuery({
    queryKey: queryKeys.inventory.itemPriceAnalytics(locationId, listId, groupId, itemDistributorId),
    queryFn: ({ signal }) => api.get<ItemPriceAnalytics>(`${base}/price-analytics`, { signal }),
  });
  return { counts, prices };
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

/**
 * The location's sub-recipes for the Add/Link dialog: the recipe-costing picker's list (doc 2 §7
 * "Sub-recipes"), asked only where recipe costing is enabled.
 */
export function useSubRecipeSearch(search: string, enabled: boolean) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.inventory.subRecipeSearch(locationId, search),
    placeholderData: keepPreviousData,
    enabled,
    queryFn: ({ signal }) =>
      api.get<IngredientOption[]>(
        `recipe/search-ingredients?${new URLSearchParams({ type: 'subrecipe', search, limit: '30' }).toString()}`,
        { signal },
      ),
  });
}

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
