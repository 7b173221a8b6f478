import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChainStockRowResponse, ChainSummary, ChainVarianceRow, ChainVarianceSort } from '@stockpot/domain';
import { api, API_BASE, getBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { isRangeReady, toRangeQuery, type TimeRange } from '../../../shared/time-range/time-range';

/** GET chain/summary: each of the user's locations and the group's totals. */
export function useChainSummary(range: TimeRange) {
  const userId = useSession((s) => s.userId);
  const query = toRangeQuery(range);
  return useQuery({
    queryKey: queryKeys.chain.summary(userId, query),
    queryFn: ({ signal }) => api.get<ChainSummary>('chain/summary', { query, signal, isBackground: true }),
    enabled: isRangeReady(range),
    placeholderData: keepPreviousData,
    retry: (count, error) => !('status' in error && error.status === 403) && count < 2,
  });
}

/** GET chain/price-variance: one page of items the locations paid different prices for. */
export function useChainVariance(range: TimeRange, page: number, sort: ChainVarianceSort, limit: number) {
  const userId = useSession((s) => s.userId);
  const query = { ...toRangeQuery(range), page: String(page), limit: String(limit), sort };
  return useQuery({
    queryKey: queryKeys.chain.variance(userId, query),
    queryFn: ({ signal }) => api.getPage<ChainVarianceRow>('chain/price-variance', { query, signal, isBackground: true }),
    enabled: isRangeReady(range),
    placeholderData: keepPreviousData,
    retry: (count, error) => !('status' in error && error.status === 403) && count < 2,
  });
}

/** GET chain/stock: one page of the generic groups the locations share by name (today's stock: no range). */
export function useChainStock(page: number, limit: number) {
  const userId = useSession((s) => s.userId);
  const query = { page: String(page), limit: String(limit) };
  return useQuery({
    queryKey: queryKeys.chain.stock(userId, query),
    queryFn: ({ signal }) => api.getPage<ChainStockRowResponse>('chain/stock', { query, signal, isBackground: true }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !('status' in error && error.status === 403) && count < 2,
  });
}

/** The chain's spreadsheets (xlsx) for the accountant: 'summary' or 'price-variance' of the range. */
export async function downloadChainSheet(kind: 'summary' | 'price-variance' | 'stock', range: TimeRange): Promise<void> {
  const params = new URLSearchParams(toRangeQuery(range));
  const blob = await getBlob(`${API_BASE}/chain/${kind}.xlsx?${params.toString()}`);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `chain-${kind}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
