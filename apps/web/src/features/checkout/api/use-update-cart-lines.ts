import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { applyCartAnswer, fetchCart, postCart, type Cart } from '../../../shared/cart/cart-api';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { queryKeys } from '../../../lib/query-keys';

export interface CartLineChange {
  shoppingCartId: number;
  quantity: number;
}

/**
 * POST shopping-carts by cart line id (doc 1 §7; quantity 0 removes): the review order's delete,
 * Delete All and edit-quantity modal, which also reach special-request lines. Waiting stepper
 * changes go out first, so this save carries the latest lastModified.
 */
export function useUpdateCartLines() {
  const queryClient = useQueryClient();
  const cartSync = useCartSync();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const key = queryKeys.cart(locationId);
  return useMutation({
    mutationFn: async (changes: CartLineChange[]) => {
      await cartSync.flushCartChanges();
      const cart = queryClient.getQueryData<Cart>(key) ?? (await fetchCart());
      return postCart({
        itemList: changes.map((c) => ({ shoppingCartId: c.shoppingCartId, quantity: c.quantity, description: '' })),
        lastModified: cart.lastModified,
      });
    },
    onSuccess: (response) => {
      queryClient.setQueryData<Cart>(key, (stored) => applyCartAnswer(stored, response));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
