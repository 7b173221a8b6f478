import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REP_ITEMS_PAGE_SIZE, type RepAccount, type RepItem } from '@stockpot/domain';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET sales-rep/accounts: the accounts the signed-in rep serves. */
export function useRepAccounts() {
  return useQuery({
    queryKey: queryKeys.salesRep.accounts(),
    queryFn: ({ signal }) => api.get<RepAccount[]>('sales-rep/accounts', { signal, isBackground: true }),
  });
}

/** GET sales-rep/accounts/{id}/items: a page of the account's order guide, searched. */
export function useRepItems(repId: number, page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.salesRep.items(repId, page, search),
    queryFn: ({ signal }) =>
      getPage<RepItem>(`sales-rep/accounts/${repId}/items`, {
        query: { page, limit: REP_ITEMS_PAGE_SIZE, ...(search ? { search } : {}) },
        signal,
        isBackground: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH sales-rep/accounts/{id}/prices: prices as dollar strings ("42.50"), the API's contract. */
export function useUpdateRepPrices(repId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prices: { din: string; price: string }[]) =>
      api.patch<{ orderGuideId: number; updated: number }>(`sales-rep/accounts/${repId}/prices`, { prices }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.salesRep.accounts() }),
  });
}
