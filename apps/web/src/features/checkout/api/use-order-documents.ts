import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** How often a placed order is read again while its purchase order files are being prepared. */
export const DOCUMENTS_POLL_MS = 1_000;

export const orderDocumentsKey = (locationId: number | null, orderId: number) => ['orders', locationId, orderId] as const;

/**
 * GET /orders/{id} for a just-placed order, again every second while its purchase order job has
 * not written the files (documentsStatus pending); it starts from the POST /orders answer.
 */
export function useOrderDocuments(placed: OrderSummary) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: orderDocumentsKey(locationId, placed.id),
    queryFn: ({ signal }) => api.get<OrderSummary>(`orders/${placed.id}`, { signal, isBackground: true }),
    initialData: placed,
    // The answer of POST /orders is current: poll only while the files are pending.
    staleTime: placed.documentsStatus === 'pending' ? 0 : Infinity,
    refetchInterval: (query) => (query.state.data?.documentsStatus === 'pending' ? DOCUMENTS_POLL_MS : false),
  });
}
