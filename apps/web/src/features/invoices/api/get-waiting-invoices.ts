import { useQuery } from '@tanstack/react-query';
import type { InvoicesWaiting } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** While a photo is being read, the list asks again this often (ms): its reading may join it to its invoice. */
const READING_POLL_MS = 3000;

/**
 * GET /invoices/waiting (issue 36). Kept under the order-history key, so an import or an upload
 * (which invalidate order history) asks again.
 */
export function useWaitingInvoices() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: [...queryKeys.orderHistory.all(locationId), 'invoices-waiting'] as const,
    queryFn: ({ signal }) => api.get<InvoicesWaiting>('invoices/waiting', { signal, isBackground: true }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.readingStatus === 'pending') ? READING_POLL_MS : false,
  });
}
