import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_CONFIRMATION_DELAY_MS, ORDER_SAVE_FAILED, THANK_YOU_AUTO_CLOSE_MS, type OrderSummary } from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { useLocationTimeZone } from '../../lib/use-location-today';
import { openMessageModal } from '../../shared/modals/modal-store';
import { useSubmitOrder } from './api/use-submit-order';
import { REVIEW_ORDER_PATH } from './checkout-paths';
import { finishCheckout, getIdempotencyKey } from './checkout-store';
import { buildOrderPayload, type CartGroup, type CheckoutChoices } from './order-lines';

/** The message of a failed submit (doc 1 §8 "Order save fails"): the server's, or the generic one. */
export function getOrderErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return ORDER_SAVE_FAILED;
}

/**
 * Submit of an order, shared by final review and the phone's review order (doc 1 §2): POST /orders
 * with one Idempotency-Key per attempt (reused on a retry of the same order, so a double submit
 * never places two), the confirmation 500 ms after a terms payment, the thank-you dialog that closes
 * itself after 1500 ms, then review order.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  // The location's zone, not the browser's: a buyer travelling still orders for the restaurant's day.
  const timeZone = useLocationTimeZone();
  const submit = useSubmitOrder();
  const [placed, setPlaced] = useState<OrderSummary | null>(null);
  const isSubmitting = useRef(false);

  const placeOrder = (group: CartGroup, choices: CheckoutChoices) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    const body = buildOrderPayload(group, choices, timeZone);
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
            // Only now: until the placed order left the cart, a second tap must not send it again.
            isSubmitting.current = false;
            void navigate(REVIEW_ORDER_PATH);
          };
          const delay = choices.paymentType === 'terms' ? ORDER_CONFIRMATION_DELAY_MS : 0;
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

  return { placeOrder, placed, isPending: submit.isPending };
}
