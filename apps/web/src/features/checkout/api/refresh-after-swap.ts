import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

/** A swap changes the cart and the matches: reload both. */
export function useRefreshAfterSwap() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.items.shoppingCartMatches(locationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cart(locationId) }),
    ]);
}
