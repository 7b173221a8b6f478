import type { AccountingItem } from '@stockpot/domain';
import { queryKeys } from '../../../lib/query-keys';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { useLocationId } from './use-location-id';

/** GET merchant-accounting (filterOptions as JSON, page): default sort Most Purchased, product ALL (doc 3 §2.8). */
export function useAccountingItems(search: string) {
  const locationId = useLocationId();
  return usePagedQuery<AccountingItem>({
    queryKey: queryKeys.accounting.items(locationId, search),
    path: 'merchant-accounting',
    query: { filterOptions: JSON.stringify({ search, sort: 'most_purchased', product: 'ALL' }) },
    enabled: locationId !== null,
  });
}
