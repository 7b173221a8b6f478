import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddPaymentMethodRequest,
  BillingAddressInput,
  CardTokenRequest,
  PaymentMethod,
  UpdatePaymentMethodRequest,
} from '@stockpot/domain';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { tokenizeCard } from './tokenize-card';
import { queryKeys } from '../../lib/query-keys';

function useActiveLocationId(): number | null {
  return useSession((s) => s.activeLocation?.id ?? null);
}

const tokenPath = (token: string) => `payment-methods/${encodeURIComponent(token)}`;

/** GET payment-methods: the location's cards, the default first (doc 3 §7). */
export function usePaymentMethods() {
  const locationId = useActiveLocationId();
  return useQuery({
    queryKey: queryKeys.paymentMethods.all(locationId),
    queryFn: ({ signal }) => api.get<PaymentMethod[]>('payment-methods', { signal }),
  });
}

/** GET payment-methods/{token}. */
export function usePaymentMethod(token: string) {
  const locationId = useActiveLocationId();
  return useQuery({
    queryKey: queryKeys.paymentMethods.detail(locationId, token),
    queryFn: ({ signal }) => api.get<PaymentMethod>(tokenPath(token), { signal }),
  });
}

function useRefreshCards() {
  const queryClient = useQueryClient();
  const locationId = useActiveLocationId();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods.all(locationId) });
}

export interface NewCardInput {
  card: Pick<CardTokenRequest, 'number' | 'exp_month' | 'exp_year' | 'cvc'>;
  billing: BillingAddressInput;
  nickname: string;
  isDefault: boolean;
}

/**
 * Tokenise with the gateway from the browser, then POST payment-methods with the token and the same
 * billing address (doc 3 §7). The card number and CVC never reach the Stockpot API.
 */
export function useAddPaymentMethod() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: async ({ card, billing, nickname, isDefault }: NewCardInput) => {
      const token = await tokenizeCard({ ...card, ...billing });
      return api.post<PaymentMethod>('payment-methods', {
        token: token.id,
        cardId: token.card.id,
        nickname,
        default: isDefault,
        ...billing,
      } satisfies AddPaymentMethodRequest);
    },
    onSuccess: refresh,
  });
}

/** PATCH payment-methods/{token}: nickname, billing address, default. */
export function useUpdatePaymentMethod() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ token, changes }: { token: string; changes: UpdatePaymentMethodRequest }) =>
      api.patch<PaymentMethod>(tokenPath(token), changes),
    onSuccess: refresh,
  });
}

/** DELETE payment-methods/{token}. */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  const locationId = useActiveLocationId();
  return useMutation({
    mutationFn: (token: string) => api.delete<{ token: string; deleted: true }>(tokenPath(token)),
    onSuccess: async (_result, token) => {
      queryClient.removeQueries({ queryKey: queryKeys.paymentMethods.detail(locationId, token) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods.all(locationId) });
    },
  });
}
