import { useQuery } from '@tanstack/react-query';
import type { AccountingDistributor } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLocationId } from './use-location-id';

/** GET merchant-accounting/get-distributors: the Distributors tab. */
export function useAccountingDistributors() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.accounting.distributors(locationId),
    queryFn: ({ signal }) =>
      api.get<AccountingDistributor[]>('merchant-accounting/get-distributors', { signal, isBackground: true }),
    enabled: locationId !== null,
  });
}
