import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { CartLine, OrderingDistributor } from '@stockpot/domain';
import { hasMinimum, type CartGroup } from '../order-lines';
import { CartLineRow } from './cart-line-row';
import { MinOrderProgress } from './min-order-progress';
import { OrderSummaryCard } from './order-summary-card';
import classes from './checkout.module.css';

interface CartGroupCardProps {
  group: CartGroup;
  distributor: OrderingDistributor | undefined;
  canPlaceOrder: boolean;
  isBusy: boolean;
  onSetQuantity: (line: CartLine, quantity: number) => void;
  onCheckout: (group: CartGroup) => void;
}

/** One distributor's order on review order: its rows, the minimum-order bar and the summary card with Checkout. */
export function CartGroupCard({ group, distributor, canPlaceOrder, isBusy, onSetQuantity, onCheckout }: CartGroupCardProps) {
  const headingId = `distributor-${group.distributorId}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <div className={classes.groupLayout}>
        <Stack gap="sm" miw={0}>
          <Title order={2} fz="lg" id={headingId}>
            {group.distributorName}
          </Title>
          {hasMinimum(distributor) && distributor && (
            <MinOrderProgress
              subtotal={group.subtotal}
              minimum={distributor.minOrderAmount}
              distributorName={group.distributorName}
            />
          )}
          <div role="list" aria-label={`Items from ${group.distributorName}`}>
            {group.lines.map((line) => (
              <CartLineRow key={line.id} line={line} onSetQuantity={onSetQuantity} />
            ))}
          </div>
        </Stack>
        <OrderSummaryCard group={group}>
          <Button
            fullWidth
            mt="xs"
            disabled={!canPlaceOrder || isBusy}
            onClick={() => onCheckout(group)}
            aria-label={`Checkout ${group.distributorName}`}
          >
            Checkout
          </Button>
          {!canPlaceOrder && (
            <Text size="xs" c="dimmed">
              This location cannot place orders.
            </Text>
          )}
        </OrderSummaryCard>
      </div>
    </Card>
  );
}
