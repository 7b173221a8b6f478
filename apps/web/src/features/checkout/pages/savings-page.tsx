import { Button, Group, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import type { SavingsMatch, ShoppingCartMatch } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useCartQuery } from '../../../shared/cart/use-cart';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { useShoppingCartMatches } from '../api/use-shopping-cart-matches';
import { useSwap } from '../api/use-swap';
import { useSwapReject } from '../api/use-swap-reject';
import { REVIEW_ORDER_PATH, SHIPPING_PAYMENT_PATH, type SavingsPassState } from '../checkout-paths';
import { useCheckoutStore } from '../checkout-store';
import { CheckoutLoading, EmptyCart } from '../components/checkout-states';
import { SavingsLineCard } from '../components/savings-line-card';
import { groupCartByDistributor } from '../order-lines';
import { LoadFailed } from '../../../ui/load-failed';

/** Step 2, savings swaps (doc 1 §2 "Savings", §4 "Savings", §7). */
export function SavingsPage() {
  usePageTitle('Savings');
  const navigate = useNavigate();
  const cart = useCartQuery();
  const matches = useShoppingCartMatches();
  const swap = useSwap();
  const reject = useSwapReject();
  const isBusy = swap.isPending || reject.isPending;
  // Reached from Checkout on review order: the same pass goes on to shipping and payment.
  const passDistributorId = (useLocation().state as SavingsPassState | null)?.checkoutDistributorId ?? null;
  const checkoutDistributorId = useCheckoutStore((s) => s.distributorId);
  // A swap can move the order's last line to another distributor: then there is nothing to go on with.
  const isCheckoutPass =
    passDistributorId !== null &&
    passDistributorId === checkoutDistributorId &&
    groupCartByDistributor(cart.data?.shoppingCart ?? []).some((g) => g.distributorId === passDistributorId);

  const onError = (error: Error) => openMessageModal({ id: 'swap-failed', title: 'Not saved', message: error.message });
  const swapTo = (line: ShoppingCartMatch, match: SavingsMatch) =>
    swap.mutate(
      {
        swaps: [
          {
            old_item_dist_id: line.itemDistributorId,
            new_item_dist_id: match.itemDistributorId,
            type: 'swap',
            reason_name: match.reasons[0] ?? '',
          },
        ],
      },
      { onError },
    );
  const swapBack = (line: ShoppingCartMatch) => {
    if (!line.swap) return;
    swap.mutate(
      {
        swaps: [
          {
            old_item_dist_id: line.itemDistributorId,
            new_item_dist_id: line.swap.itemDistributorId,
            type: 'swap',
            reason_name: '',
          },
        ],
      },
      { onError },
    );
  };
  const rejectMatch = (line: ShoppingCartMatch, match: SavingsMatch) =>
    reject.mutate(
      {
        swaps: [
          {
            old_item_dist_id: line.itemDistributorId,
            new_item_dist_id: match.itemDistributorId,
            type: 'reject',
            reason_name: '',
          },
        ],
      },
      { onError },
    );
  const cancelReject = (line: ShoppingCartMatch, rejectedId: number) =>
    reject.mutate(
      {
        swaps: [{ old_item_dist_id: line.itemDistributorId, new_item_dist_id: rejectedId, type: 'swap', reason_name: '' }],
      },
      { onError },
    );

  let content;
  if (matches.isPending || cart.isPending) content = <CheckoutLoading label="Loading savings" />;
  else if (matches.isError) content = <LoadFailed title="Savings could not be loaded" onRetry={() => void matches.refetch()} />;
  else if ((cart.data?.shoppingCart.length ?? 0) === 0) content = <EmptyCart />;
  else if (matches.data.length === 0)
    content = <Text>Only special requests are in your cart: there are no savings to review.</Text>;
  else
    content = (
      <Stack gap="md">
        {matches.data.map((line) => (
          <SavingsLineCard
            key={line.shoppingCartId}
            line={line}
            isBusy={isBusy}
            onSwap={swapTo}
            onReject={rejectMatch}
            onSwapBack={swapBack}
            onCancelReject={cancelReject}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      {content}
      {(cart.data?.shoppingCart.length ?? 0) > 0 && (
        <Group justify="flex-end">
          {isCheckoutPass && (
            <Button variant="default" disabled={isBusy} onClick={() => void navigate(SHIPPING_PAYMENT_PATH)}>
              Continue to Shipping and Payment
            </Button>
          )}
          <Button onClick={() => void navigate(REVIEW_ORDER_PATH)}>Done - Review Cart</Button>
        </Group>
      )}
    </Stack>
  );
}
