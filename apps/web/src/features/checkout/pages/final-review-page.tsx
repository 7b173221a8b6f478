import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useLocationToday } from '../../../lib/use-location-today';
import { CardSummary, usePaymentMethods } from '../../../shared/payment';
import { REVIEW_ORDER_PATH, SHIPPING_PAYMENT_PATH } from '../checkout-paths';
import { CheckoutLoading, EmptyCart } from '../components/checkout-states';
import { formatDeliveryDate } from '../components/delivery-fields';
import { LineDetails } from '../components/line-details';
import { OrderSummaryCard } from '../components/order-summary-card';
import { PlacedOrderCard } from '../components/placed-order-card';
import { canGroupPayByCard, getLineName, getLineAmountText } from '../order-lines';
import { usePlaceOrder } from '../use-place-order';
import { useCheckoutGroup } from '../use-checkout-group';
import { validateShipping } from './shipping-payment-page';
import classes from '../components/checkout.module.css';
import { LoadFailed } from '../../../ui/load-failed';

/** Step 6, final review and Submit (doc 1 §2 "Final review", §7 POST /orders). */
export function FinalReviewPage() {
  usePageTitle('Final Review');
  const navigate = useNavigate();
  const today = useLocationToday();
  const { cart, group, distributor, choices, isPending, isError, retry } = useCheckoutGroup();
  const cards = usePaymentMethods();
  const { placeOrder, placed, isPending: isSubmitting } = usePlaceOrder();

  if (placed) {
    return (
      <Stack gap="md">
        <PlacedOrderCard placed={placed} />
      </Stack>
    );
  }

  let content;
  if (isPending) content = <CheckoutLoading />;
  else if (isError) content = <LoadFailed title="Your order could not be loaded" onRetry={retry} />;
  else if ((cart.data?.shoppingCart.length ?? 0) === 0) content = <EmptyCart />;
  else if (!group || !distributor) return <Navigate to={REVIEW_ORDER_PATH} replace />;
  else {
    const canPayByCard = canGroupPayByCard(group, distributor);
    const problems = validateShipping(choices, today, distributor.isDelivery, canPayByCard);
    if (Object.keys(problems).length > 0) return <Navigate to={SHIPPING_PAYMENT_PATH} replace />;
    const effective = { ...choices, paymentType: canPayByCard ? choices.paymentType : ('terms' as const) };
    const card = cards.data?.find((c) => c.token === effective.cardToken);

    const submitOrder = () => placeOrder(group, effective);

    content = (
      <div className={classes.groupLayout}>
        <Stack gap="lg" miw={0}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="final-items-heading">
            <Title order={2} fz="lg" id="final-items-heading" mb="xs">
              Items from {group.distributorName}
            </Title>
            <div role="list" aria-label={`Items from ${group.distributorName}`}>
              {group.lines.map((line) => (
                <div key={line.id} role="listitem" aria-label={getLineName(line)} className={classes.line}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <LineDetails line={line} />
                    <Stack gap={0} align="flex-end">
                      <Text size="sm">Qty {line.quantity}</Text>
                      <Text fw={600}>{getLineAmountText(line)}</Text>
                    </Stack>
                  </Group>
                </div>
              ))}
            </div>
          </Card>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="final-delivery-heading">
            <Stack gap={4}>
              <Title order={2} fz="lg" id="final-delivery-heading">
                Delivery and payment
              </Title>
              <Text size="sm">Delivery date: {formatDeliveryDate(effective.deliveryDate, today)}</Text>
              <Text size="sm">Delivery time: {effective.deliveryTime || 'Any time'}</Text>
              {effective.notes && <Text size="sm">Note: {effective.notes}</Text>}
              <Text size="sm">Payment: {effective.paymentType === 'card' ? 'Credit card' : 'Payment terms'}</Text>
              {effective.paymentType === 'card' && card && <CardSummary card={card} withDefaultBadge={false} />}
            </Stack>
          </Card>
        </Stack>
        <OrderSummaryCard group={group}>
          <Button fullWidth mt="xs" onClick={submitOrder} loading={isSubmitting} disabled={isSubmitting}>
            Submit
          </Button>
          <Button fullWidth variant="default" onClick={() => void navigate(SHIPPING_PAYMENT_PATH)} disabled={isSubmitting}>
            Back
          </Button>
        </OrderSummaryCard>
      </div>
    );
  }

  return <Stack gap="md">{content}</Stack>;
}
