import {
  buildFilterOptions,
  DEFAULT_ITEM_LIST_FILTERS,
  getListPageSize,
  type ItemListFilters,
  type ListItem,
} from '@stockpot/domain';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { usePagedQuery } from '../../../lib/use-paged-query';

/**
 * GET items for the catalogue screen of a list (doc 1 §2): searched, sort Most Purchased, product
 * ALL, with the filters modal's choices, page by page.
 */
export function useListCatalog(search: string, filters: ItemListFilters = DEFAULT_ITEM_LIST_FILTERS) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const limit = getListPageSize(useIsDesktop());
  const filterOptions = buildFilterOptions({ search, sortBy: 'most-purchased', product: 'ALL', filters });
  return usePagedQuery<ListItem>({
    queryKey: queryKeys.items.shoppingListCatalog(locationId, filterOptions, limit),
    path: 'items',
    query: { filterOptions: JSON.stringify(filterOptions), limit },
    enabled: locationId !== null,
  });
}
