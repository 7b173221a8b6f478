import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_DETAIL_PAGE_SIZE,
  LAST_PURCHASED_PAGE_SIZE,
  type AnalyticsDetailRow,
  type AnalyticsItemStats,
  type AnalyticsLastPurchased,
  type AnalyticsLookupItem,
  type AnalyticsOrderRow,
  type AnalyticsResponse,
  type AnalyticsSavingsLine,
  type AnalyticsSuggestion,
  type ItemListFilters,
  type SavingsType,
  toItemFilterParams,
} from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { isRangeReady, toRangeQuery, type TimeRange } from '../../../shared/time-range/time-range';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

/** GET analytics: the three headline figures and their donuts. */
export function useAnalyticsSummary(range: TimeRange) {
  const locationId = useLocationId();
  const query = toRangeQuery(range);
  return useQuery({
    queryKey: queryKeys.analytics.summary(locationId, query),
    queryFn: ({ signal }) => api.get<AnalyticsResponse>('analytics', { query, signal, isBackground: true }),
    enabled: isRangeReady(range),
    placeholderData: keepPreviousData,
  });
}

export interface DetailOptions {
  sort: string;
  distributorId?: number | null;
  category?: string | null;
}

function detailQuery(range: TimeRange, section: 'purchase' | 'order', options: DetailOptions) {
  return {
    ...toRangeQuery(range),
    section,
    limit: ANALYTICS_DETAIL_PAGE_SIZE,
    sort: options.sort,
    distributor_id: options.distributorId ?? undefined,
    category: options.category ?? undefined,
  };
}

/** GET analytics/detail?section=purchase: purchased items, 10 a page. */
export function usePurchaseDetail(range: TimeRange, options: DetailOptions) {
  const locationId = useLocationId();
  const query = detailQuery(range, 'purchase', options);
  return usePagedQuery<AnalyticsDetailRow>({
    queryKey: queryKeys.analytics.detail(locationId, query),
    path: 'analytics/detail',
    query,
    enabled: isRangeReady(range),
  });
}

/** GET analytics/detail?section=order: the orders of the range, 10 a page. */
export function useOrderDetail(range: TimeRange, options: DetailOptions) {
  const locationId = useLocationId();
  const query = detailQuery(range, 'order', options);
  return usePagedQuery<AnalyticsOrderRow>({
    queryKey: queryKeys.analytics.detail(locationId, query),
    path: 'analytics/detail',
    query,
    enabled: isRangeReady(range),
  });
}

/**
 * GET analytics/lookup: the item lookup list (only once something was searched or filtered), most
 * relevant first: name matches, then what the location spent in the page's period.
 */
export function useItemLookup(search: string, filters: ItemListFilters, range: TimeRange, enabled: boolean) {
  const locationId = useLocationId();
  const query = {
    ...toRangeQuery(range),
    search,
    product: 'ALL',
    sort: 'relevance',
    limit: 20,
    ...toItemFilterParams(filters),
  };
  return usePagedQuery<AnalyticsLookupItem>({
    queryKey: queryKeys.analytics.lookup(locationId, query),
    path: 'analytics/lookup',
    query,
    enabled: enabled && isRangeReady(range),
  });
}

/** GET analytics/lookup/statistics: one item's summary and price per day. */
export function useItemStats(itemDistributorId: number | null, range: TimeRange) {
  const locationId = useLocationId();
  const query = { ...toRangeQuery(range), item_distributor_id: itemDistributorId ?? 0 };
  return useQuery({
    queryKey: queryKeys.analytics.itemStats(locationId, query),
    queryFn: ({ signal }) => api.get<AnalyticsItemStats>('analytics/lookup/statistics', { query, signal, isBackground: true }),
    enabled: itemDistributorId !== null && isRangeReady(range),
  });
}

/** GET analytics/lookup/last-purchased: 'Items You Have Purchased', 3 a page. */
export function useLastPurchased() {
  const locationId = useLocationId();
  return usePagedQuery<AnalyticsLastPurchased>({
    queryKey: queryKeys.analytics.lastPurchased(locationId),
    path: 'analytics/lookup/last-purchased',
    query: { size: LAST_PURCHASED_PAGE_SIZE },
  });
}

/** GET analytics/savings-suggestions: 'Savings Suggestions', 3 a page. */
export function useSavingsSuggestions() {
  const locationId = useLocationId();
  return usePagedQuery<AnalyticsSuggestion>({
    queryKey: queryKeys.analytics.suggestions(locationId),
    path: 'analytics/savings-suggestions',
    query: { size: LAST_PURCHASED_PAGE_SIZE },
  });
}

/** GET analytics/savings-lines: the lines a savings figure adds up (all four types when `type` is null), 20 a page. */
export function useSavingsLines(range: TimeRange, type: SavingsType | null, enabled: boolean) {
  const locationId = useLocationId();
  const query = { ...toRangeQuery(range), type: type ?? undefined, limit: 20 };
  return usePagedQuery<AnalyticsSavingsLine>({
    queryKey: queryKeys.analytics.savingsLines(locationId, query),
    path: 'analytics/savings-lines',
    query,
    enabled: enabled && isRangeReady(range),
  });
}
