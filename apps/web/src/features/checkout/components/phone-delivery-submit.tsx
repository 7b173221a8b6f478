import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { OrderingDistributor } from '@stockpot/domain';
import { useLocationToday } from '../../../lib/use-location-today';
import { useSession } from '../../../lib/session-store';
import { EMPTY_CHOICES, canGroupPayByCard, type CartGroup, type CheckoutChoices } from '../order-lines';
import { getChoices, updateChoicesAt, useCheckoutStore } from '../checkout-store';
import { validateShipping } from '../pages/shipping-payment-page';
import { DeliveryFields } from './delivery-fields';

interface PhoneDeliveryProps {
  group: CartGroup;
  distributor: OrderingDistributor;
  /** Submit of this order with the choices made (they passed the delivery checks). */
  onSubmit: (group: CartGroup, choices: CheckoutChoices) => void;
  /** Shipping and payment of this order, where a card is chosen. */
  onChangePayment: (group: CartGroup) => void;
  isSubmitting: boolean;
  isBusy: boolean;
  canPlaceOrder: boolean;
}

/**
 * Review order on a phone (doc 1 §2 "Mobile adds … date and time pickers and a Submit button"):
 * the order's delivery date and time, the payment it will use, and Submit, which places it from
 * here. The choices are those of shipping and payment, so both screens show the same ones.
 */
export function PhoneDeliverySubmit({
  group,
  distributor,
  onSubmit,
  onChangePayment,
  isSubmitting,
  isBusy,
  canPlaceOrder,
}: PhoneDeliveryProps) {
  const today = useLocationToday();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const choices = useCheckoutStore((s) => (s.locationId === locationId ? getChoices(s, group.distributorId) : EMPTY_CHOICES));
  const [errors, setErrors] = useState<{ deliveryDate?: string; deliveryTime?: string }>({});
  const canPayByCard = canGroupPayByCard(group, distributor);
  const isCard = canPayByCard && choices.paymentType === 'card';
  const headingId = `delivery-${group.distributorId}`;

  const change = (changes: Partial<CheckoutChoices>) => {
    if (locationId === null) return;
    updateChoicesAt(locationId, group.distributorId, changes);
    setErrors({});
  };

  const submit = () => {
    const found = validateShipping(choices, today, distributor.isDelivery, canPayByCard);
    setErrors({ deliveryDate: found.deliveryDate, deliveryTime: found.deliveryTime });
    if (found.deliveryDate || found.deliveryTime) return;
    // A card payment without a card is settled where cards are chosen.
    if (found.card) onChangePayment(group);
    else onSubmit(group, { ...choices, paymentType: isCard ? 'card' : 'terms' });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="md" id={headingId}>
        Delivery from {group.distributorName}
      </Title>
      <DeliveryFields
        distributor={distributor}
        today={today}
        choices={choices}
        onChange={change}
        errors={errors}
        withNote={false}
      />
      <Text size="sm">
        Payment: {isCard ? 'Credit card' : 'Payment terms'}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => onChangePayment(group)}>
          Change payment
        </Anchor>
      </Text>
      <Button
        fullWidth
        onClick={submit}
        loading={isSubmitting}
        disabled={!canPlaceOrder || isBusy || isSubmitting}
        aria-label={`Submit ${group.distributorName}`}
      >
        Submit
      </Button>
    </Stack>
  );
}
