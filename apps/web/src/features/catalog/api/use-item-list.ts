import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { buildFilterOptions, getListPageSize, type ListItem } from '@stockpot/domain';
import { api, type Page } from '../../../lib/api-client';
import { useItemListStore } from '../../../lib/item-list-store';
import { useSession } from '../../../lib/session-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { queryKeys } from '../../../lib/query-keys';

export type ItemPages = InfiniteData<Page<ListItem>, number>;

/** The query key of the list for the current state: any change of search, filter, sort or page size starts again at page 1 (doc 1 §4). */
export function useItemListKey() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const search = useItemListStore((s) => s.search);
  const sortBy = useItemListStore((s) => s.sortBy);
  const product = useItemListStore((s) => s.product);
  const filters = useItemListStore((s) => s.filters);
  const filterOptions = buildFilterOptions({ search, sortBy, product, filters });
  const limit = getListPageSize(useIsDesktop());
  return { queryKey: queryKeys.items.list(locationId, filterOptions, limit), filterOptions, limit, locationId };
}

/** GET items page by page (doc 1 §7): 50 rows a page on desktop, 25 on a phone (doc 1 §9). */
export function useItemList() {
  const { queryKey, filterOptions, limit, locationId } = useItemListKey();
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ListItem>('items', {
        query: { filterOptions: JSON.stringify(filterOptions), limit, page: pageParam },
        signal,
        // The list shows its own skeletons and page loader; the full-screen spinner would hide the page.
        isBackground: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined),
    enabled: locationId !== null,
  });
}
