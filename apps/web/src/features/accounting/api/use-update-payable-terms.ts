import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountingDistributor } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLocationId } from './use-location-id';

/** PATCH merchant-accounting/{id}/update-payable-terms (terms in days). */
export function useUpdatePayableTerms() {
  const locationId = useLocationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ distributorId, terms }: { distributorId: number; terms: number }) =>
      api.patch<AccountingDistributor>(
        `merchant-accounting/${distributorId}/update-payable-terms`,
        { terms },
        { isBackground: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.accounting.distributors(locationId) }),
  });
}
