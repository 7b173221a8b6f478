import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeLiveEvents } from '../../../lib/live-event-listeners';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/**
 * Reads an open order-history page again when the live channel says an order changed (placed,
 * dispatched, received, invoiced; issue 40). Without `orderId` (the list) any change refreshes; on
 * one order's page only its own change does (or one of unknown order: a bulk change or a stream
 * that was away). `ready` is a reconnect: what changed meanwhile is unknown, so it refreshes too.
 */
export function useLiveOrderRefresh(orderId?: number): void {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);

  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        const isOrderChange = event.type === 'ready' || event.type === 'order';
        if (!isOrderChange) return;
        if (orderId === undefined) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) });
        } else if (event.type === 'ready' || event.orderId === null || event.orderId === orderId) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.detail(locationId, orderId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.invoiceImages(locationId, orderId) });
        }
      }),
    [queryClient, locationId, orderId],
  );
}
