import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SignUpDistributorOption } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The wizard's distributor search (doc 3 §7: search text in, id and nickname out). A failure is
 * only logged (doc 3 §8); the dropdown then offers a retry instead of staying blank.
 */
export function useDistributorSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.signUp.distributors(search),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<SignUpDistributorOption[]>('sign-up/distributors', {
          query: { search },
          signal,
          isBackground: true,
          skipUnauthorizedHandler: true,
        });
      } catch (error) {
        console.error('Distributor search failed', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
