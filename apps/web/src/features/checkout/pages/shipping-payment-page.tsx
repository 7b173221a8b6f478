import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { ORDER_MESSAGES, SPECIAL_REQUEST_DELIVERY_NOTICE, isDeliveryTimeRequired } from '@stockpot/domain';
import { useLocationToday } from '../../../lib/use-location-today';
import { usePageTitle } from '../../../lib/page-title';
import { FINAL_REVIEW_PATH, REVIEW_ORDER_PATH } from '../checkout-paths';
import { updateChoices } from '../checkout-store';
import { CheckoutLoading, EmptyCart } from '../components/checkout-states';
import { DeliveryFields } from '../components/delivery-fields';
import { OrderSummaryCard } from '../components/order-summary-card';
import { PaymentFields } from '../components/payment-fields';
import { canGroupPayByCard, type CheckoutChoices } from '../order-lines';
import { useCheckoutGroup } from '../use-checkout-group';
import classes from '../components/checkout.module.css';
import { LoadFailed } from '../../../ui/load-failed';

type Errors = { deliveryDate?: string; deliveryTime?: string; card?: string };

/** The problems that keep the order from final review (doc 1 §5 delivery date, time and card). */
export function validateShipping(choices: CheckoutChoices, today: string, isDelivery: number, canPayByCard: boolean): Errors {
  const errors: Errors = {};
  if (!choices.deliveryDate) errors.deliveryDate = ORDER_MESSAGES.deliveryDateRequired;
  else if (!choices.deliveryTime && isDeliveryTimeRequired(choices.deliveryDate, today, isDelivery))
    errors.deliveryTime = ORDER_MESSAGES.deliveryTimeRequired;
  if (canPayByCard && choices.paymentType === 'card' && !choices.cardToken) errors.card = ORDER_MESSAGES.cardRequired;
  return errors;
}

/** Step 5, shipping and payment (doc 1 §2, §5). */
export function ShippingPaymentPage() {
  usePageTitle('Shipping and Payment');
  const navigate = useNavigate();
  const today = useLocationToday();
  const { cart, group, distributor, choices, distributorId, isPending, isError, retry } = useCheckoutGroup();
  const [errors, setErrors] = useState<Errors>({});

  let content;
  if (isPending) content = <CheckoutLoading />;
  else if (isError) content = <LoadFailed title="Your order could not be loaded" onRetry={retry} />;
  else if ((cart.data?.shoppingCart.length ?? 0) === 0) content = <EmptyCart />;
  else if (!group || !distributor || distributorId === null) return <Navigate to={REVIEW_ORDER_PATH} replace />;
  else {
    const canPayByCard = canGroupPayByCard(group, distributor);
    const change = (changes: Partial<CheckoutChoices>) => {
      updateChoices(distributor.id, changes);
      setErrors({});
    };
    const next = () => {
      const found = validateShipping(choices, today, distributor.isDelivery, canPayByCard);
      setErrors(found);
      if (Object.keys(found).length === 0) void navigate(FINAL_REVIEW_PATH);
    };
    content = (
      <div className={classes.groupLayout}>
        <Stack gap="lg" miw={0}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="delivery-heading">
            <Stack gap="md">
              <Title order={2} fz="lg" id="delivery-heading">
                Delivery from {group.distributorName}
              </Title>
              <DeliveryFields distributor={distributor} today={today} choices={choices} onChange={change} errors={errors} />
              <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                {SPECIAL_REQUEST_DELIVERY_NOTICE}
              </Alert>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="payment-heading">
            <Stack gap="md">
              <Title order={2} fz="lg" id="payment-heading">
                Payment
              </Title>
              <PaymentFields
                choices={choices}
                canPayByCard={canPayByCard}
                amountCents={group.subtotal}
                error={errors.card}
                onChange={change}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label="Promo code" disabled style={{ flex: 1 }} placeholder="Not available" />
                <Button variant="default" disabled>
                  Apply
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
        <OrderSummaryCard group={group}>
          <Text size="xs" c="dimmed">
            {group.distributorName}
          </Text>
          <Button fullWidth mt="xs" onClick={next}>
            Continue to Final Review
          </Button>
          <Button fullWidth variant="default" onClick={() => void navigate(REVIEW_ORDER_PATH)}>
            Back to Review Order
          </Button>
        </OrderSummaryCard>
      </div>
    );
  }

  return <Stack gap="md">{content}</Stack>;
}
