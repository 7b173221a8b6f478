import { useQuery } from '@tanstack/react-query';
import type { ShoppingCartMatch } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

/** GET /items/shopping-cart-matches: each catalogue line of the cart with its matches (doc 1 §7). */
export function useShoppingCartMatches() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.items.shoppingCartMatches(locationId),
    queryFn: ({ signal }) => api.get<ShoppingCartMatch[]>('items/shopping-cart-matches', { signal }),
    enabled: locationId !== null,
  });
}
