import { useRef, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import {
  ORDER_CONFIRMATION_DELAY_MS,
  ORDER_SAVE_FAILED,
  THANK_YOU_AUTO_CLOSE_MS,
  formatMoney,
  type OrderSummary,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useLocationToday } from '../../../lib/use-location-today';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { CardSummary, usePaymentMethods } from '../../../shared/payment';
import { useSubmitOrder } from '../api/use-submit-order';
import { REVIEW_ORDER_PATH, SHIPPING_PAYMENT_PATH } from '../checkout-paths';
import { finishCheckout, getIdempotencyKey } from '../checkout-store';
import { CheckoutLoading, EmptyCart } from '../components/checkout-states';
import { formatDeliveryDate } from '../components/delivery-fields';
import { LineDetails } from '../components/line-details';
import { OrderSummaryCard } from '../components/order-summary-card';
import { PurchaseOrderDocuments } from '../components/purchase-order-documents';
import { buildOrderPayload, canGroupPayByCard, getLineName, getLineTotal, isSpecialLine } from '../order-lines';
import { useCheckoutGroup } from '../use-checkout-group';
import { validateShipping } from './shipping-payment-page';
import classes from '../components/checkout.module.css';
import { LoadFailed } from '../../../ui/load-failed';

/** The message of a failed submit (doc 1 §8 "Order save fails"): the server's, or the generic one. */
export function getOrderErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return ORDER_SAVE_FAILED;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';

/**
 * Step 6, final review and Submit (doc 1 §2 "Final review", §7 POST /orders). One Idempotency-Key
 * per order attempt, reused on a retry of the same order, so a double submit never places two.
 */
export function FinalReviewPage() {
  usePageTitle('Final Review');
  const navigate = useNavigate();
  const today = useLocationToday();
  const { cart, group, distributor, choices, isPending, isError, retry } = useCheckoutGroup();
  const cards = usePaymentMethods();
  const submit = useSubmitOrder();
  const [placed, setPlaced] = useState<OrderSummary | null>(null);
  const isSubmitting = useRef(false);

  if (placed) {
    return (
      <Stack gap="md">
        <Card withBorder radius="md" padding="lg" role="status">
          <Stack gap="xs">
            <Text fw={600}>
              Order #{placed.id} to {placed.distributor} placed: {formatMoney(placed.total)}.
            </Text>
            <PurchaseOrderDocuments placed={placed} />
          </Stack>
        </Card>
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

    const placeOrder = () => {
      if (isSubmitting.current) return;
      isSubmitting.current = true;
      const body = buildOrderPayload(group, effective, browserTimeZone());
      const idempotencyKey = getIdempotencyKey(JSON.stringify(body));
      submit.mutate(
        { body, idempotencyKey },
        {
          onSuccess: (order) => {
            finishCheckout(group.distributorId);
            setPlaced(order);
            let isDone = false;
            const backToReview = () => {
              if (isDone) return;
              isDone = true;
              void navigate(REVIEW_ORDER_PATH);
            };
            const delay = effective.paymentType === 'terms' ? ORDER_CONFIRMATION_DELAY_MS : 0;
            window.setTimeout(() => {
              openMessageModal({
                id: 'order-thank-you',
                title: 'Thank you!',
                message: `Your order to ${order.distributor} has been placed.`,
                autoCloseMs: THANK_YOU_AUTO_CLOSE_MS,
                onConfirm: backToReview,
                onCancel: backToReview,
              });
              window.setTimeout(backToReview, THANK_YOU_AUTO_CLOSE_MS);
            }, delay);
          },
          onError: (error) => {
            isSubmitting.current = false;
            openMessageModal({ id: 'order-error', title: 'Order not placed', message: getOrderErrorMessage(error) });
          },
        },
      );
    };

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
                      <Text fw={600}>
                        {isSpecialLine(line) || line.item?.isMarketPrice ? '—' : formatMoney(getLineTotal(line))}
                      </Text>
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
          <Button fullWidth mt="xs" onClick={placeOrder} loading={submit.isPending} disabled={submit.isPending}>
            Submit
          </Button>
          <Button fullWidth variant="default" onClick={() => void navigate(SHIPPING_PAYMENT_PATH)} disabled={submit.isPending}>
            Back
          </Button>
        </OrderSummaryCard>
      </div>
    );
  }

  return <Stack gap="md">{content}</Stack>;
}
