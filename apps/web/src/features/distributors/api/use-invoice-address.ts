import { useQuery } from '@tanstack/react-query';
import type { InvoiceAddress } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** GET invoices/address (issue 36): the active location's address for invoices by e-mail (null: not set up). */
export function useInvoiceAddress() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.invoiceAddress(locationId),
    queryFn: ({ signal }) => api.get<InvoiceAddress>('invoices/address', { signal, isBackground: true }),
    enabled: locationId !== null,
    staleTime: 5 * 60_000,
  });
}
