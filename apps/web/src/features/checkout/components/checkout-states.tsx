import { Button, Center, EmptyState, Loader } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
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
