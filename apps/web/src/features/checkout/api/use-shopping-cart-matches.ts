import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ShoppingCartMatch } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

type LocationId = number | null;

function matchesQuery(locationId: LocationId) {
  return {
    queryKey: queryKeys.items.shoppingCartMatches(locationId),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ShoppingCartMatch[]>('items/shopping-cart-matches', { signal }),
  };
}

/** GET /items/shopping-cart-matches: each catalogue line of the cart with its matches (doc 1 §7). */
export function useShoppingCartMatches() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({ ...matchesQuery(locationId), enabled: locationId !== null });
}

/** The matches as the cart stands now (never a cached answer from before the last cart change). */
export function fetchShoppingCartMatches(queryClient: QueryClient, locationId: LocationId): Promise<ShoppingCartMatch[]> {
  return queryClient.fetchQuery({ ...matchesQuery(locationId), staleTime: 0 });
}
