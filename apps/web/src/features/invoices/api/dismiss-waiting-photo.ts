import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingPhotoDismissed } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/**
 * POST /invoices/waiting/photos/{imageId}/dismiss (issue 36): a photo that is not an invoice we
 * expect an electronic copy for leaves the waiting list (kept under the order-history key).
 */
export function useDismissWaitingPhoto() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useMutation({
    mutationFn: (imageId: number) => api.post<WaitingPhotoDismissed>(`invoices/waiting/photos/${imageId}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) }),
  });
}
