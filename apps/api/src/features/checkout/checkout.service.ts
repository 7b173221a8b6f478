import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { refreshLocationReadModel, syncPurchaseStatistics, type Database } from '@stockpot/db';
import {
  canPayByCard,
  formatMoney,
  getBlockedAddReason,
  getBlockedLineMessage,
  getLocationToday,
  getMinimumOrderText,
  getOrderTotals,
  isBelowMinimumOrder,
  ORDER_MESSAGES,
  parseCents,
  toDecimalString,
  type OrderLineEntry,
  type OrderSubmit,
  type OrderSummary,
  getUnitPrice,
} from '@stockpot/domain';
import type { PaymentGateway } from '../../platform/payments';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { getOrderSummary } from '../orders/order-history.service';
import { getEffectivePrice } from '../../platform/item-price';
import { loadCartLines, type CartLineRow } from '../../platform/cart/cart-lines.repo';
import * as repo from './checkout.repo';
import { checkDelivery } from './delivery-check';

export interface CheckoutDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** app.paymentGateway; null when no provider is configured. */
  paymentGateway: PaymentGateway | null;
  /**
   * Enqueues the order's purchase order job (files and e-mail) through the order's transaction, so
   * the order never exists without its job, nor the job without its order.
   */
  enqueueDocuments: (tx: Database, locationId: number, orderId: number) => Promise<void>;
  /** Runs after the order committed (wakes the job's worker); must not throw. */
  afterCommit: () => void;
  now?: () => Date;
}

export interface SubmitOrderInput {
  userId: number;
  locationId: number;
  idempotencyKey: string;
  body: OrderSubmit;
}

export interface SubmitOrderResult {
  order: OrderSummary;
  /** True when the Idempotency-Key had already placed this order: nothing new was done. */
  isReplay: boolean;
}

/** A cart line on its way into the order, priced for today. */
interface OrderLine {
  row: CartLineRow;
  quantity: number;
  isSpecial: boolean;
  isMarketPrice: boolean;
  /** Cents per unit of sale (a case, or a pound for catch weight); 0 for special requests. */
  price: number;
  rebate: number;
  unitMeasure: string;
  isCatchWeight: boolean;
  averageWeight: string | null;
}

/** A fingerprint of what was asked, so a reused Idempotency-Key with another order is refused. */
function hashRequest(body: OrderSubmit): string {
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

async function findReplay(
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

/**
 * The submitted lines as they stand in the location's cart: each must be a line of this location's
 * cart (404 otherwise), of the chosen distributor, orderable online, and at the quantity reviewed.
 */
async function resolveOrderLines(
  db: Database,
  locationId: number,
  distributorId: number,
  entries: OrderLineEntry[],
  today: string,
  forUpdate: boolean,
): Promise<OrderLine[]> {
  const ids = entries.filter((e) => e.shoppingCartId != null).map((e) => e.shoppingCartId as number);
  const itemIds = entries.filter((e) => e.shoppingCartId == null).map((e) => e.itemDistributorId as number);
  const rows = await loadCartLines(db, locationId, { ids, itemDistributorIds: itemIds, forUpdate, today });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byItem = new Map(
    rows.filter((row) => row.itemDistributorId !== null).map((row) => [row.itemDistributorId as number, row]),
  );
  const seen = new Set<number>();
  return entries.map((entry) => {
    const row = entry.shoppingCartId != null ? byId.get(entry.shoppingCartId) : byItem.get(entry.itemDistributorId as number);
    if (
      !row ||
      (entry.shoppingCartId != null && entry.itemDistributorId != null && row.itemDistributorId !== entry.itemDistributorId)
    ) {
      throw notFound('Cart item');
    }
    if (seen.has(row.id)) throw badRequest(ORDER_MESSAGES.duplicateLine, 'duplicate_line');
    seen.add(row.id);
    if (row.distributorId !== distributorId) throw badRequest(ORDER_MESSAGES.otherDistributor, 'other_distributor');
    const isSpecial = row.itemDistributorId === null;
    if (!isSpecial) {
      const blocked = getBlockedAddReason(
        {
          isUnpurchasable: row.isUnpurchasable ?? false,
          status: row.status ?? 'inactive',
          isPunchedOut: row.isPunchedOut ?? false,
        },
        false,
      );
      if (blocked)
        throw badRequest(getBlockedLineMessage(blocked, row.name ?? row.description ?? 'This item'), 'item_not_orderable');
    }
    if (entry.quantity !== row.quantity) throw badRequest(ORDER_MESSAGES.cartChanged, 'cart_changed');
    return {
      row,
      quantity: entry.quantity,
      isSpecial,
      isMarketPrice: !isSpecial && (row.isMarketPrice ?? false),
      price: isSpecial ? 0 : getEffectivePrice(row),
      rebate: isSpecial || row.rebate === null ? 0 : parseCents(row.rebate),
      unitMeasure: row.unitMeasure ?? 'CS',
      isCatchWeight: row.isCatchWeight ?? false,
      averageWeight: row.averageWeight,
    };
  });
}

const computeTotals = (lines: OrderLine[]) => getOrderTotals(lines);

/** Unit price of a line (ten-thousandths of a dollar per pack unit), by the one unit-price rule (getUnitPrice). */
function getUnitPriceE4(line: OrderLine): number | null {
  const { row } = line;
  if (line.isSpecial || row.unitMeasure === null) return null;
  return getUnitPrice(line.price, row.unitMeasure, row.packSize ?? '').unitPrice;
}

function toOrderItemRow(orderId: number, locationId: number, line: OrderLine): repo.NewOrderItem {
  const { row } = line;
  const unitPrice = getUnitPriceE4(line);
  return {
    orderId,
    locationId,
    itemDistributorId: row.itemDistributorId,
    isSpecial: line.isSpecial,
    description: line.isSpecial ? (row.specialDescription ?? '') : (row.name ?? row.description ?? ''),
    din: row.din ?? '',
    brand: row.brand ?? '',
    packSize: row.packSize ?? '',
    unitMeasure: line.isSpecial ? (row.specialUom ?? '') : (row.unitMeasure ?? 'CS'),
    quantity: line.quantity,
    // A market price is set on delivery: the line has none until receiving prices it (issue 32).
    price: toDecimalString(line.isMarketPrice ? 0 : line.price, 2),
    isMarketPrice: line.isMarketPrice,
    rebate: toDecimalString(line.rebate, 2),
    unitPrice: unitPrice === null ? null : toDecimalString(unitPrice, 4),
    unitQuantity: row.unitQuantity,
    unitSize: row.unitSize,
    packSizeUom: row.packSizeUom ?? '',
    isCatchWeight: row.isCatchWeight ?? false,
    averageWeight: line.isCatchWeight ? line.averageWeight : null,
    imageUrl: row.imageUrl ?? '',
  };
}

interface CardPayment {
  token: string;
  authorizationId: string;
}

/** Card checks (doc 1 §5 "Cards are offered only if …") and the authorization, before anything is written. */
async function authorizeCard(
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
