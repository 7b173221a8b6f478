import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceImportResult } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/**
 * POST /invoices/{id}/attach (issue 36): an invoice matched to no order given the order a person
 * chose. The order is received as invoiced, so order history (and the waiting list under it) asks again.
 */
export function useAttachInvoice() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useMutation({
    mutationFn: ({ invoiceId, orderId }: { invoiceId: number; orderId: number }) =>
      api.post<InvoiceImportResult>(`invoices/${invoiceId}/attach`, { orderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) }),
  });
}
