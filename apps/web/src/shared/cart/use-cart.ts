import { useQuery } from '@tanstack/react-query';
import { getCartCount, getCartQuantities } from '@stockpot/domain';
import { useSession } from '../../lib/session-store';
import { fetchCart, type Cart } from './cart-api';
import { useCartSyncState } from './cart-sync-context';
import { queryKeys } from '../../lib/query-keys';

/** Whether the active location has a cart at all (display_shopping_cart, doc 1 §1). */
export function useHasCart(): boolean {
  return useSession((s) => s.activeLocation?.display_shopping_cart === 1);
}

/** GET shopping-carts for the active location, only where it has a cart; `select` picks what a component needs. */
export function useCartQuery<T = Cart>(select?: (cart: Cart) => T) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const authKey = useSession((s) => s.authKey);
  const hasCart = useHasCart();
  return useQuery({
    queryKey: queryKeys.cart(locationId),
    queryFn: ({ signal }) => fetchCart(signal),
    enabled: hasCart && authKey !== null && locationId !== null,
    select,
  });
}

const selectCount = (cart: Cart) => getCartCount(cart.shoppingCart);

/** The header badge: the number of cart lines. */
export function useCartCount(): number {
  return useCartQuery(selectCount).data ?? 0;
}

const selectQuantities = (cart: Cart) => getCartQuantities(cart.shoppingCart);

/** The quantity a stepper shows: a change waiting to be saved, else the saved one. */
export function useCartQuantity(itemDistributorId: number): number {
  const saved = useCartQuery(selectQuantities).data?.get(itemDistributorId) ?? 0;
  const pending = useCartSyncState((s) => s.pending[itemDistributorId]);
  return pending ?? saved;
}
