import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { queryKeys } from '../../../lib/query-keys';

export interface CartLineChange {
  shoppingCartId: number;
  quantity: number;
}

/**
 * POST shopping-carts by cart line id (doc 1 §7; quantity 0 removes): the review order's delete,
 * Delete All and edit-quantity modal, which also reach special-request lines. The cart queue saves
 * it, so waiting stepper changes go out first and lines another session changed meanwhile open the
 * simultaneous-shopping warning, as on the list (doc 1 §4).
 */
export function useUpdateCartLines() {
  const queryClient = useQueryClient();
  const cartSync = useCartSync();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useMutation({
    mutationFn: (changes: CartLineChange[]) =>
      cartSync.saveCartLines(changes.map((c) => ({ shoppingCartId: c.shoppingCartId, quantity: c.quantity }))),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart(locationId) }),
  });
}
