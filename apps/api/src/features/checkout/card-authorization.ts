/** Paying an order by card: the checks that allow a card, then the gateway's authorization. */
import { canPayByCard, ORDER_MESSAGES } from '@stockpot/domain';
import type { PaymentGateway } from '../../platform/payments';
import { AppError, badRequest, notFound } from '../../platform/errors';
import * as repo from './checkout.repo';
import type { OrderLine } from './order-lines';
import type { CheckoutDeps, SubmitOrderInput } from './order-submit.types';

interface CardPayment {
  token: string;
  authorizationId: string;
}

/** Card checks (doc 1 §5 "Cards are offered only if …") and the authorization, before anything is written. */
export async function authorizeCard(
  deps: CheckoutDeps,
  input: SubmitOrderInput,
  account: repo.AccountRow,
  locationName: string,
  lines: OrderLine[],
  amountCents: number,
): Promise<CardPayment> {
  const token = (input.body.payment_token ?? '').trim();
  if (!token) throw badRequest(ORDER_MESSAGES.cardRequired, 'card_required');
  if (!canPayByCard(account.acceptCc, lines) || amountCents <= 0)
    throw badRequest(ORDER_MESSAGES.cardNotAccepted, 'card_not_accepted');
  const card = await repo.findPaymentMethod(deps.db, input.locationId, token);
  if (!card) throw notFound('Card');
  const gateway = deps.paymentGateway;
  if (!gateway || card.gateway !== gateway.name)
    throw badRequest(ORDER_MESSAGES.cardPaymentsUnavailable, 'card_payments_unavailable');
  let result: Awaited<ReturnType<PaymentGateway['authorize']>>;
  try {
    result = await gateway.authorize({
      token,
      amountCents,
      currency: 'usd',
      // Scoped to the location like the order's own key, so two locations' keys never collide.
      idempotencyKey: `order:${input.locationId}:${input.idempotencyKey}`,
      description: `Stockpot order: ${locationName} to ${account.distributor}`,
    });
  } catch (error) {
    deps.log.error({ err: error }, 'card authorization failed');
    throw new AppError(502, 'payment_gateway_error', 'The card could not be charged right now. Please try again.');
  }
  if (!result.approved) throw new AppError(402, 'card_declined', result.declineReason);
  return { token, authorizationId: result.authorizationId };
}
