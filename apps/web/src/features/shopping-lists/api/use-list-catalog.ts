import { useInfiniteQuery } from '@tanstack/react-query';
import {
  buildFilterOptions,
  DEFAULT_ITEM_LIST_FILTERS,
  getListPageSize,
  type ItemListFilters,
  type ListItem,
} from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET items for the catalogue screen of a list (doc 1 §2): searched, sort Most Purchased, product
 * ALL, with the filters modal's choices, page by page.
 */
export function useListCatalog(search: string, filters: ItemListFilters = DEFAULT_ITEM_LIST_FILTERS) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const limit = getListPageSize(useIsDesktop());
  const filterOptions = buildFilterOptions({ search, sortBy: 'most-purchased', product: 'ALL', filters });
  return useInfiniteQuery({
    queryKey: queryKeys.items.shoppingListCatalog(locationId, filterOptions, limit),
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ListItem>('items', {
        query: { filterOptions: JSON.stringify(filterOptions), limit, page: pageParam },
        signal,
        isBackground: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined),
    enabled: locationId !== null,
  });
}
