import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import type { CartLine, OrderingDistributor } from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { getChoices, updateChoices, useCheckoutStore } from '../checkout-store';
import { hasMinimum, type CartGroup, type CheckoutChoices } from '../order-lines';
import { CartLineRow } from './cart-line-row';
import { DeliveryNoteModal } from './delivery-note-modal';
import { MinOrderProgress } from './min-order-progress';
import { OrderSummaryCard } from './order-summary-card';
import { PhoneDeliverySubmit } from './phone-delivery-submit';
import classes from './checkout.module.css';

interface CartGroupCardProps {
  group: CartGroup;
  distributor: OrderingDistributor | undefined;
  canPlaceOrder: boolean;
  isBusy: boolean;
  onSetQuantity: (line: CartLine, quantity: number) => void;
  onCheckout: (group: CartGroup) => void;
  /** Submit from review order on a phone (doc 1 §2). */
  onSubmit: (group: CartGroup, choices: CheckoutChoices) => void;
  onChangePayment: (group: CartGroup) => void;
  isSubmitting: boolean;
}

/** One distributor's order on review order: its rows, the minimum-order bar and the summary card with Checkout. */
export function CartGroupCard({
  group,
  distributor,
  canPlaceOrder,
  isBusy,
  onSetQuantity,
  onCheckout,
  onSubmit,
  onChangePayment,
  isSubmitting,
}: CartGroupCardProps) {
  const headingId = `distributor-${group.distributorId}`;
  const isDesktop = useIsDesktop();
  const [isNoteOpen, setIsNoteOpen] = useState(false);
  const note = useCheckoutStore((s) => getChoices(s, group.distributorId).notes);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <div className={classes.groupLayout}>
        <Stack gap="sm" miw={0}>
          <Title order={2} fz="lg" id={headingId}>
            {group.distributorName}
          </Title>
          {/* Every group shows its bar (doc 1 §2), full where there is no minimum (§5), once its distributor is known. */}
          {distributor && (
            <MinOrderProgress
              subtotal={group.subtotal}
              isEstimate={group.isEstimate}
              uncountedNames={group.uncountedNames}
              minimum={hasMinimum(distributor) ? distributor.minOrderAmount : 0}
              distributorName={group.distributorName}
            />
          )}
          <div role="list" aria-label={`Items from ${group.distributorName}`}>
            {group.lines.map((line) => (
              <CartLineRow key={line.id} line={line} onSetQuantity={onSetQuantity} />
            ))}
          </div>
          {!isDesktop && (
            <Button
              variant="default"
              leftSection={<IconNote size={16} aria-hidden />}
              onClick={() => setIsNoteOpen(true)}
              aria-label={`${note ? 'Edit delivery note' : 'Add delivery note'} for ${group.distributorName}`}
            >
              {note ? 'Edit delivery note' : 'Add delivery note'}
            </Button>
          )}
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
        {!isDesktop && distributor && (
          <PhoneDeliverySubmit
            group={group}
            distributor={distributor}
            onSubmit={onSubmit}
            onChangePayment={onChangePayment}
            isSubmitting={isSubmitting}
            isBusy={isBusy}
            canPlaceOrder={canPlaceOrder}
          />
        )}
      </div>
      {isNoteOpen && (
        <DeliveryNoteModal
          distributorName={group.distributorName}
          note={note}
          onClose={() => setIsNoteOpen(false)}
          onSave={(notes) => updateChoices(group.distributorId, { notes })}
        />
      )}
    </Card>
  );
}
