import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getReorderNotice, REORDER_CART_PATH, type OrderSummary } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { useCartSync } from '../../../shared/cart/cart-sync-context';

/**
 * Reorder (doc 3 §2.5): puts the order's catalogue lines back in the cart through the cart's own
 * queue, so its blocked-add rules (call-in, out of stock, punched out; doc 1 §4) apply to each line,
 * then says what it did and links the cart (getReorderNotice).
 */
export function ReorderButton({ orderId, label }: { orderId: number; label: string }) {
  const cartSync = useCartSync();
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const [isBusy, setIsBusy] = useState(false);
  const navigate = useNavigate();

  const reorder = async () => {
    setIsBusy(true);
    try {
      const order = await queryClient.fetchQuery({
        queryKey: queryKeys.orderHistory.detail(locationId, orderId),
        queryFn: () => api.get<OrderSummary>(`orders/${orderId}`, { query: { expand: 'items' } }),
      });
      let added = 0;
      let notAdded = 0;
      for (const line of order.items) {
        if (line.isAddedAtReceiving) continue;
        if (line.itemDistributorId === null) {
          notAdded += 1;
          continue;
        }
        const info = {
          itemDistributorId: line.itemDistributorId,
          distributorId: order.distributorId,
          name: line.item,
          rebate: line.rebate,
          isUnpurchasable: line.isUnpurchasable === 1,
          status: line.itemStatus ?? 'inactive',
          isPunchedOut: line.isPunchedOut === 1,
        };
        const next = cartSync.getShownQuantity(line.itemDistributorId) + line.quantity;
        if (cartSync.requestCartQuantity(info, next, { source: 'list' })) added += 1;
        else notAdded += 1;
      }
      await cartSync.flushCartChanges();
      const notice = getReorderNotice(orderId, added, notAdded);
      notifications.show({
        title: notice.title,
        color: added > 0 ? undefined : 'yellow',
        message: (
          <Stack gap={2} align="flex-start">
            <Text fz="sm">{notice.message}</Text>
            {added > 0 && (
              // Notifications render outside the page, so the link navigates by hand.
              <Anchor
                href={REORDER_CART_PATH}
                fz="sm"
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(REORDER_CART_PATH);
                }}
              >
                Go to Review Order
              </Anchor>
            )}
          </Stack>
        ),
      });
    } catch {
      notifications.show({ color: 'red', message: 'The order could not be added to the cart. Please try again.' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Button size="xs" variant="light" loading={isBusy} onClick={() => void reorder()} aria-label={label}>
      Reorder
    </Button>
  );
}
