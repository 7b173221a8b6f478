import { Alert, Button, Center, EmptyState, Loader } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLACE_ORDER_LIST_PATH } from '../checkout-paths';

export function CheckoutLoading({ label = 'Loading your cart' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

export function CheckoutError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
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
