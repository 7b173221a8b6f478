import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { getCartQueryKey } from '../../../shared/cart/cart-api';
import { shoppingCartMatchesKey } from './use-shopping-cart-matches';

/** A swap changes the cart and the matches: reload both. */
export function useRefreshAfterSwap() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shoppingCartMatchesKey(locationId) }),
      queryClient.invalidateQueries({ queryKey: getCartQueryKey(locationId) }),
    ]);
}
