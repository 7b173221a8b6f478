import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney, getMinimumOrderText, getMinimumOrderTitle, type CartLine } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { useDistributors } from '../../../shared/ordering-options/use-ordering-options';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useCartQuery } from '../../../shared/cart/use-cart';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { useUpdateCartLines } from '../api/use-update-cart-lines';
import { fetchShoppingCartMatches } from '../api/use-shopping-cart-matches';
import { SAVINGS_PATH, SHIPPING_PAYMENT_PATH, type SavingsPassState } from '../checkout-paths';
import { startCheckout } from '../checkout-store';
import { CartGroupCard } from '../components/cart-group-card';
import { CheckoutLoading, EmptyCart } from '../components/checkout-states';
import {
  groupCartByDistributor,
  hasUndecidedSavings,
  isGroupBelowMinimum,
  type CartGroup,
  type CheckoutChoices,
} from '../order-lines';
import { PlacedOrderCard } from '../components/placed-order-card';
import { usePlaceOrder } from '../use-place-order';
import { LoadFailed } from '../../../ui/load-failed';

/** Step 3, review order (doc 1 §2 "Review order", §5 checkout button and minimum order). */
export function ReviewOrderPage() {
  usePageTitle('Review Order');
  const navigate = useNavigate();
  const cartSync = useCartSync();
  const location = useSession((s) => s.activeLocation);
  const cart = useCartQuery();
  const distributors = useDistributors();
  const update = useUpdateCartLines();
  const queryClient = useQueryClient();
  const { placeOrder, placed, isPending: isSubmitting } = usePlaceOrder();

  const groups = groupCartByDistributor(cart.data?.shoppingCart ?? []);
  const findDistributor = (id: number) => distributors.data?.find((d) => d.id === id);

  const onUpdateError = (error: Error) =>
    openMessageModal({ id: 'cart-update-failed', title: 'Your cart was not changed', message: error.message });
  const setQuantity = (line: CartLine, quantity: number) =>
    update.mutate([{ shoppingCartId: line.id, quantity }], { onError: onUpdateError });

  const deleteAll = () =>
    openConfirmModal({
      id: 'delete-all',
      title: 'Delete All',
      message: 'Are you sure you want to remove every item from your cart?',
      confirmLabel: 'Delete All',
      cancelLabel: 'Cancel',
      onConfirm: () =>
        update.mutate(
          (cart.data?.shoppingCart ?? []).map((line) => ({ shoppingCartId: line.id, quantity: 0 })),
          { onError: onUpdateError },
        ),
    });

  /** The minimum-order check of doc 1 §5, then the cart saved: what Checkout and the phone's Submit share. */
  const prepareOrder = async (group: CartGroup): Promise<boolean> => {
    const distributor = findDistributor(group.distributorId);
    if (distributor && isGroupBelowMinimum(group, distributor)) {
      const minimum = formatMoney(distributor.minOrderAmount);
      openMessageModal({ id: 'minimum-order', title: getMinimumOrderTitle(minimum), message: getMinimumOrderText(minimum) });
      return false;
    }
    // A quantity typed a moment ago must be in the cart before the order is priced.
    await cartSync.flushCartChanges();
    if (!location) return false;
    startCheckout(location.id, group.distributorId);
    return true;
  };

  // Submit on a phone places the order from here (doc 1 §2); savings stay a step of Checkout.
  const submit = async (group: CartGroup, choices: CheckoutChoices) => {
    if (await prepareOrder(group)) placeOrder(group, choices);
  };

  const changePayment = async (group: CartGroup) => {
    if (await prepareOrder(group)) void navigate(SHIPPING_PAYMENT_PATH);
  };

  const checkout = async (group: CartGroup) => {
    if (!location || !(await prepareOrder(group))) return;
    // Review order, then savings, then shipping and payment (doc 1 §4): savings only while this
    // order has a match left undecided. Matches that cannot be read do not stop the order.
    const matches = await fetchShoppingCartMatches(queryClient, location.id).catch(() => []);
    if (hasUndecidedSavings(matches, group.distributorId)) {
      const state: SavingsPassState = { checkoutDistributorId: group.distributorId };
      void navigate(SAVINGS_PATH, { state });
    } else void navigate(SHIPPING_PAYMENT_PATH);
  };

  let content;
  if (cart.isPending) content = <CheckoutLoading />;
  else if (cart.isError) content = <LoadFailed title="Your cart could not be loaded" onRetry={() => void cart.refetch()} />;
  else if (groups.length === 0) content = <EmptyCart />;
  else
    content = (
      <Stack gap="lg">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fw={600} fz="lg" component="p" m={0}>
            You have {groups.length} order(s) to review for {location?.nickname ?? ''}
          </Text>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={deleteAll}
            disabled={update.isPending}
          >
            Delete All
          </Button>
        </Group>
        {groups.map((group) => (
          <CartGroupCard
            key={group.distributorId}
            group={group}
            distributor={findDistributor(group.distributorId)}
            canPlaceOrder={location?.canPlaceOrder ?? false}
            isBusy={update.isPending}
            onSetQuantity={setQuantity}
            onCheckout={(g) => void checkout(g)}
            onSubmit={(g, choices) => void submit(g, choices)}
            onChangePayment={(g) => void changePayment(g)}
            isSubmitting={isSubmitting}
          />
        ))}
      </Stack>
    );

  // The order just placed from a phone's review order, once it has left the cart.
  const isPlacedShown = placed !== null && groups.every((g) => g.distributorId !== placed.distributorId);
  return (
    <Stack gap="md">
      {isPlacedShown && <PlacedOrderCard placed={placed} />}
      {content}
    </Stack>
  );
}
