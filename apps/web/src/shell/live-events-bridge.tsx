import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveEvents } from '../lib/live-events';
import { queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session-store';
import type { Cart } from '../shared/cart/cart-api';

/**
 * Keeps this tab's live stream open for its session and location (issue 40): opened when the
 * member's frame mounts, closed on sign-out (no session) and opened again on a location switch,
 * so a tab never hears a location it no longer shows.
 */
export function LiveEventsBridge() {
  const queryClient = useQueryClient();
  const authKey = useSession((s) => s.authKey);
  const locationId = useSession((s) => s.activeLocation?.id ?? null);

  useEffect(() => {
    if (!authKey || locationId === null) return undefined;
    return startLiveEvents({
      authKey,
      locationId,
      getCartVersion: () => queryClient.getQueryData<Cart>(queryKeys.cart(locationId))?.lastModified ?? null,
    });
  }, [authKey, locationId, queryClient]);

  return null;
}
