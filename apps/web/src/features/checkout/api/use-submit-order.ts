import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type OrderSubmitRequest, type OrderSummary } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

export interface SubmitOrderInput {
  body: OrderSubmitRequest;
  idempotencyKey: string;
}

/** POST /orders with its Idempotency-Key (doc 1 §7; house design "Conventions"). The cart reloads either way. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: SubmitOrderInput) =>
      api.post<OrderSummary>('orders', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cart(locationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.items.shoppingCartMatches(locationId) }),
      ]),
  });
}
