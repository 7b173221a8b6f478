/**
 * Submitting an order (POST /orders): the rules checked before anything is written, then the
 * order, its lines, the cart, purchases and the purchase order job in one transaction.
 */
import { refreshLocationReadModel, syncPurchaseStatistics } from '@stockpot/db';
import {
  formatMoney,
  getLocationToday,
  getMinimumOrderText,
  isBelowMinimumOrder,
  ORDER_MESSAGES,
  parseCents,
  toDecimalString,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { getOrderSummary } from '../orders/orders.public';
import { authorizeCard } from './card-authorization';
import * as repo from './checkout.repo';
import { checkDelivery } from './delivery-check';
import { computeTotals, resolveOrderLines, toOrderItemRow } from './order-lines';
import { findReplay, hashRequest } from './order-replay';
import type { CheckoutDeps, SubmitOrderInput, SubmitOrderResult } from './order-submit.types';

export type { CheckoutDeps, SubmitOrderInput, SubmitOrderResult } from './order-submit.types';

/**
 * POST /orders (doc 1 §3 "Order submit payload", §5, §7). Checks every rule, authorizes a card,
 * then writes the order and its purchase order job in one transaction; the job makes the files and
 * the e-mail after the commit, and the answer says documentsStatus pending until they exist. The
 * Idempotency-Key makes a retry answer the order it already placed, and nothing else happens.
 */
export async function submitOrder(deps: CheckoutDeps, input: SubmitOrderInput): Promise<SubmitOrderResult> {
  const requestHash = hashRequest(input.body);
  const replay = await findReplay(deps.db, input.locationId, input.idempotencyKey, requestHash);
  if (replay) return replay;
  try {
    return await placeOrder(deps, input, requestHash);
  } catch (error) {
    // A concurrent submit with the same key may have placed the order meanwhile (the unique index
    // on location and key refused ours, or its commit emptied the lines we were checking): answer its order.
    const raced = await findReplay(deps.db, input.locationId, input.idempotencyKey, requestHash);
    if (raced) return raced;
    throw error;
  }
}

async function placeOrder(deps: CheckoutDeps, input: SubmitOrderInput, requestHash: string): Promise<SubmitOrderResult> {
  const { db } = deps;
  const { body, locationId } = input;
  const location = await repo.findLocation(db, locationId);
  if (!location) throw notFound('Location');
  if (!location.can_place_order) throw badRequest(ORDER_MESSAGES.cannotPlaceOrder, 'cannot_place_order');
  const account = await repo.findAccount(db, locationId, body.distributorId);
  // Another location's (or no) distributor is a foreign id: 404, as everywhere (issue 14).
  if (!account) throw notFound('Distributor');
  const now = deps.now?.() ?? new Date();
  const today = getLocationToday(now, location.timezone);
  const delivery = checkDelivery(account, body, now, location.timezone);

  const lines = await resolveOrderLines(db, locationId, account.distributorId, body.itemList, today, false);
  const totals = computeTotals(lines);
  if (body.productPrice !== totals.subtotal) throw badRequest(ORDER_MESSAGES.pricesChanged, 'prices_changed');
  // The distributor's terms decide the minimum; the client's skipOrderMinimum never lifts one the terms require.
  const minimum = parseCents(account.minOrderAmount);
  const terms = {
    minOrderAmount: minimum,
    skipMinOrder: account.skipMinOrder,
    isMinOrderAmountRequired: account.isMinOrderAmountRequired,
  };
  if (
    isBelowMinimumOrder(
      terms,
      totals.subtotal,
      lines.every((l) => l.isSpecial),
    )
  ) {
    throw badRequest(getMinimumOrderText(formatMoney(minimum)), 'below_minimum_order');
  }

  const card =
    body.paymentType === 'card' ? await authorizeCard(deps, input, account, location.nickname, lines, totals.subtotal) : null;

  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      // First, so a concurrent submit with the same key waits here and then fails on the unique index.
      const id = await repo.insertOrder(tx, {
        locationId,
        distributorId: account.distributorId,
        userId: input.userId,
        status: 'submitted',
        requestedDeliveryDate: delivery.date,
        requestedDeliveryTime: delivery.time || null,
        notes: (body.notes ?? '').trim(),
        paymentType: body.paymentType,
        paymentToken: card?.token ?? null,
        paymentAuthorizationId: card?.authorizationId ?? null,
        lineItems: lines.length,
        subtotal: toDecimalString(totals.subtotal, 2),
        deliveryFee: '0.00',
        total: toDecimalString(totals.subtotal, 2),
        totalRebates: toDecimalString(totals.totalRebates, 2),
        timezone: location.timezone,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        isSameDayDelivery: body.isSameDayDeliveryFee,
        purchaseOrderUrl: null,
        purchaseOrderUrlExcel: null,
        documentsStatus: 'pending',
        poStatus: 'queued',
        poStatusAt: new Date(),
      });
      // The lines again, locked: a change since the checks above (another device, another tab) refuses the order.
      const locked = await resolveOrderLines(tx, locationId, account.distributorId, body.itemList, today, true);
      if (computeTotals(locked).subtotal !== totals.subtotal) throw badRequest(ORDER_MESSAGES.pricesChanged, 'prices_changed');
      await repo.insertOrderItems(
        tx,
        locked.map((line) => toOrderItemRow(id, locationId, line)),
      );
      await repo.deleteCartLines(
        tx,
        locationId,
        locked.map((line) => line.row.id),
      );
      await repo.bumpCart(tx, locationId);
      // The read model first takes in any change still waiting, so the sync below carries only this order.
      await refreshLocationReadModel(tx, locationId);
      await repo.recordPurchases(
        tx,
        locationId,
        today,
        locked
          .filter((line) => !line.isSpecial)
          .map((line) => ({
            itemDistributorId: line.row.itemDistributorId as number,
            quantity: line.quantity,
            price: toDecimalString(line.price, 2),
          })),
      );
      // Purchase statistics feed the place-order list's read model, kept in the order's transaction.
      await syncPurchaseStatistics(
        tx,
        locationId,
        locked.filter((line) => !line.isSpecial).map((line) => line.row.itemDistributorId as number),
      );
      await repo.linkSwapsToOrder(
        tx,
        locationId,
        id,
        locked
          .filter((line) => line.row.swapAcceptId !== null)
          .map((line) => ({ swapId: line.row.swapAcceptId as number, quantity: line.quantity })),
      );
      await deps.enqueueDocuments(tx, locationId, id);
      return id;
    });
  } catch (error) {
    if (card) {
      // Authorizations are holds that lapse unless captured; nothing was captured for this order.
      deps.log.warn(
        { authorizationId: card.authorizationId, locationId },
        'order not placed after its card was authorized; the hold lapses',
      );
    }
    throw error;
  }

  // The answer is read before this process's worker is woken, so it says how things stood at the commit.
  const order = await getOrderSummary(db, locationId, orderId, true);
  deps.afterCommit();
  return { order, isReplay: false };
}
