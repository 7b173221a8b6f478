import { Button, Center, EmptyState, Loader } from '@mantine/core';
import { IconShoppingCart, IconShoppingCartOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLACE_ORDER_LIST_PATH } from '../checkout-paths';

export function CheckoutLoading({ label = 'Loading your cart' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** An empty cart: nothing to check out, and the way back to the place-order list. */
export function EmptyCart({ description = 'Add items from the place-order list, then come back to check out.' }) {
  return (
    <EmptyState variant="light" py="xl">
      <EmptyState.Indicator>
        <IconShoppingCart size={28} aria-hidden />
      </EmptyState.Indicator>
      <EmptyState.Title order={2}>Your cart is empty</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={PLACE_ORDER_LIST_PATH}>
          Go to Place Order
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * A location whose cart is turned off (display_shopping_cart 0, doc 1 §1): it has no cart to check
 * out (the API answers cart writes with `cart_disabled`), so the checkout steps say so instead of
 * waiting for a cart that never loads.
 */
export function CartTurnedOff({ locationName, canPlaceOrder }: { locationName: string; canPlaceOrder: boolean }) {
  return (
    <EmptyState variant="light" py="xl">
      <EmptyState.Indicator>
        <IconShoppingCartOff size={28} aria-hidden />
      </EmptyState.Indicator>
      <EmptyState.Title order={2}>The cart is turned off for {locationName}</EmptyState.Title>
      <EmptyState.Description>
        This location is set up without a shopping cart, so items cannot be added to a cart or checked out here
        {canPlaceOrder ? '' : ', and it cannot place orders'}. You can still browse items and prices on the place-order list, or
        switch to another location from the header to order.
      </EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={PLACE_ORDER_LIST_PATH}>
          Go to Place Order
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
