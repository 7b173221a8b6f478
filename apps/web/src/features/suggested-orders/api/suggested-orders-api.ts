/** The suggested order's API (issue 37): GET suggested-orders and POST suggested-orders/add-to-cart. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartLine, SuggestedOrdersResponse, SuggestionReportRow } from '@stockpot/domain';
import { api, requestJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

/** GET suggested-orders: the whole answer (per-distributor orders and the groups nothing can be ordered for). */
export function useSuggestedOrders(isEnabled: boolean) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.suggestedOrders(locationId),
    queryFn: async ({ signal }) =>
      (await requestJson('suggested-orders', { method: 'GET', signal, isBackground: true })) as SuggestedOrdersResponse,
    enabled: isEnabled && locationId !== null,
  });
}

export interface AddSuggestedVars {
  distributorIds: number[];
  /** Only these groups (one line); all the distributors' lines when absent. */
  genericGroupIds?: number[];
  /** Cases the buyer changed; the server ignores groups not in the add. */
  quantities?: { genericGroupId: number; cases: number }[];
}

/** POST suggested-orders/add-to-cart once per distributor; the cart and the suggestions are read again after. */
export function useAddSuggestedToCart() {
  const locationId = useLocationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ distributorIds, genericGroupIds, quantities }: AddSuggestedVars) => {
      let cart: { shoppingCart: CartLine[] } | null = null;
      for (const distributorId of distributorIds) {
        cart = await api.post<{ shoppingCart: CartLine[] }>('suggested-orders/add-to-cart', {
          distributorId,
          genericGroupIds,
          quantities,
        });
      }
      return cart;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cart(locationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.suggestedOrders(locationId) }),
      ]),
  });
}

/** GET suggested-orders/report: per group, how often suggestions were taken and how far off. */
export function useSuggestionReport() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.suggestedOrderReport(locationId),
    queryFn: ({ signal }) => api.get<SuggestionReportRow[]>('suggested-orders/report', { signal, isBackground: true }),
    enabled: locationId !== null,
  });
}
