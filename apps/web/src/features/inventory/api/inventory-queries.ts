/**
 * Reads of the inventory comparison view (doc 2 §7), one hook per endpoint: lists, group pages,
 * totals, price analytics, item search and history, and the sub-recipes the Add/Link dialog offers.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GenericGroup, GroupTotals, IngredientOption, InventoryList, InventorySort, LinkCandidate } from '@stockpot/domain';
import {
  INVENTORY_ITEM_SEARCH_LIMIT,
  toItemFilterParams,
  type HistoricRecord,
  type ItemListFilters,
  type ItemPriceAnalytics,
} from '@stockpot/domain';
import { api, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** The most groups the API answers in one page. */
const GROUPS_PAGE_LIMIT = 200;

export const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

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
