import { useQuery } from '@tanstack/react-query';
import type { InvoiceSuggestions } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** While Tesseract reads, the panel asks again this often (ms) to move its progress bar. */
const PENDING_POLL_MS = 1000;

/**
 * GET /orders/{id}/invoice-suggestions (issue 36). Kept under the order-history key, so an upload
 * (which invalidates order history) asks again and finds the new reading pending.
 */
export function useInvoiceSuggestions(orderId: number) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: [...queryKeys.orderHistory.all(locationId), 'invoice-suggestions', orderId] as const,
    queryFn: ({ signal }) => api.get<InvoiceSuggestions>(`orders/${orderId}/invoice-suggestions`, { signal, isBackground: true }),
    enabled: Number.isInteger(orderId) && orderId > 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
