/** The Idempotency-Key: a retried submit answers the order it already placed; the key reused for another order is refused. */
import { createHash } from 'node:crypto';
import { type Database } from '@stockpot/db';
import { ORDER_MESSAGES, type OrderSubmit } from '@stockpot/domain';
import { AppError } from '../../platform/errors';
import { getOrderSummary } from '../orders/orders.public';
import * as repo from './checkout.repo';
import type { SubmitOrderResult } from './order-submit.types';

/** A fingerprint of what was asked, so a reused Idempotency-Key with another order is refused. */
export function hashRequest(body: OrderSubmit): string {
  const canonical = {
    paymentType: body.paymentType,
    paymentToken: body.payment_token ?? null,
    requestedDeliveryDate: body.requestedDeliveryDate ?? '',
    requestedDeliveryTime: body.requestedDeliveryTime ?? '',
    distributorId: body.distributorId,
    itemList: body.itemList.map((e) => [e.shoppingCartId ?? null, e.itemDistributorId ?? null, e.quantity]),
    notes: body.notes ?? '',
    productPrice: body.productPrice,
    isSameDayDeliveryFee: body.isSameDayDeliveryFee,
    skipOrderMinimum: body.skipOrderMinimum,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export async function findReplay(
  db: Database,
  locationId: number,
  idempotencyKey: string,
  requestHash: string,
): Promise<SubmitOrderResult | null> {
  const existing = await repo.findOrderByKey(db, locationId, idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== null && existing.requestHash !== requestHash) {
    throw new AppError(409, 'idempotency_key_reused', ORDER_MESSAGES.idempotencyKeyReused);
  }
  return { order: await getOrderSummary(db, locationId, existing.id, true), isReplay: true };
}
