import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddedDistributor, DirectoryEntry, OrderingTerms } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

/** GET distributors/directory?search=: what the active location may add (issue 31). */
export function useDirectorySearch(search: string) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.distributorAccounts.directory(locationId, search),
    queryFn: ({ signal }) =>
      api.get<DirectoryEntry[]>('distributors/directory', { query: { search }, signal, isBackground: true }),
    enabled: locationId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST distributors: adds one from the directory (id) or a new one by name. */
export function useAddDistributor() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return useMutation({
    mutationFn: (body: { id?: number; nickname?: string; dcn: string }) => api.post<AddedDistributor>('distributors', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.distributors(locationId) }),
  });
}

/** GET distributors/{id}/ordering-terms. */
export function useOrderingTerms(distributorId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.distributorAccounts.orderingTerms(locationId, distributorId),
    queryFn: ({ signal }) =>
      api.get<OrderingTerms>(`distributors/${distributorId}/ordering-terms`, { signal, isBackground: true }),
    enabled: locationId !== null,
  });
}

/** PUT distributors/{id}/ordering-terms; the checkout's delivery dates follow at once. */
export function useSaveOrderingTerms(distributorId: number) {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return useMutation({
    mutationFn: (terms: OrderingTerms) => api.put<OrderingTerms>(`distributors/${distributorId}/ordering-terms`, terms),
    onSuccess: (terms) => {
      queryClient.setQueryData(queryKeys.distributorAccounts.orderingTerms(locationId, distributorId), terms);
      return queryClient.invalidateQueries({ queryKey: queryKeys.distributors(locationId) });
    },
  });
}
