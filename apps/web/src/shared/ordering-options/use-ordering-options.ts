import { useQuery } from '@tanstack/react-query';
import type { OrderingDistributor } from '@stockpot/domain';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { queryKeys } from '../../lib/query-keys';

/** A past order offered by the filters modal (doc 1 §3 "Past order (filter option)"). */
export interface PastOrderOption {
  id: number;
  createTimeDisplay: string;
  distributor: string;
}

const OPTIONS_STALE_MS = 5 * 60_000;

/**
 * GET distributors: the active location's distributors (filters modal, special requests). Shared by
 * several areas, so it lives in the shell.
 */
export function useDistributors() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.distributors(locationId),
    queryFn: ({ signal }) => api.get<OrderingDistributor[]>('distributors', { signal }),
    enabled: locationId !== null,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** GET orders/past-options: the Past Orders choices of the filters modal. */
export function usePastOrderOptions(isEnabled = true) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.pastOrderOptions(locationId),
    queryFn: ({ signal }) => api.get<PastOrderOption[]>('orders/past-options', { signal }),
    enabled: isEnabled && locationId !== null,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** A shopping list as the filters modal and the lists screen show it. */
export interface ShoppingListOption {
  id: number;
  name: string;
  itemCount: number;
  updatedAt: string;
}

/** GET shopping-lists: the active location's lists (the filters modal's All Shopping Lists, the lists screen). */
export function useShoppingListOptions(isEnabled = true) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.shoppingLists.list(locationId),
    // The lists screen and the filters modal show their own loading states.
    queryFn: ({ signal }) => api.get<ShoppingListOption[]>('shopping-lists', { signal, isBackground: true }),
    enabled: isEnabled && locationId !== null,
  });
}
