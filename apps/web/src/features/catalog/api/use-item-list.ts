import { buildFilterOptions, getListPageSize, type ListItem } from '@stockpot/domain';
import { useItemListStore } from '../../../lib/item-list-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { usePagedQuery, type Pages } from '../../../lib/use-paged-query';

export type ItemPages = Pages<ListItem>;

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
  return usePagedQuery<ListItem>({
    queryKey,
    path: 'items',
    query: { filterOptions: JSON.stringify(filterOptions), limit },
    enabled: locationId !== null,
  });
}
