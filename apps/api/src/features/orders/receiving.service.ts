import {
  canReceiveOrder,
  checkOrderItems,
  computeReceivingTotals,
  describeReceivedMeanwhile,
  formatInstantMdy,
  formatInstantTime,
  getUnitPrice,
  getOnHandDelta,
  getReceivedQuantity,
  parseCents,
  RECEIVING_MESSAGES,
  toDecimalString,
  type BulkCreateOrderItems,
  type CompleteReceivingRequest,
  type NewOrderItem,
  type OrderItem,
  type OrderItemEdit,
  type OrderSummary,
  type PreRejectResult,
  type ReceivingItemState,
  type ReceivingSurvey,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { addReceivedCases } from '../inventory/inventory.public';
import { getOrderSummary, toOrderItem } from './order-history.service';
import { listOrderItems } from './order-history.repo';
import * as repo from './receiving.repo';
import * as addedLines from './receiving-added-lines.repo';
import { settleLinePricedTotal } from './line-settlement';
import { applyEdits, applyLineStates, toReceivingLine } from './receiving-lines.service';

/**
 * The order, locked, or 404; a cancelled order cannot be received (400). With the receiving version
 * the screen loaded, a completion since then by anyone answers 409 (issue 33): the order is locked,
 * so of two people completing at once the second always sees the first's version.
 */
async function lockReceivableOrder(
  tx: Database,
  locationId: number,
  orderId: number,
  receivingVersion?: number,
): Promise<repo.LockedOrder> {
  const order = await repo.lockOrder(tx, locationId, orderId);
  if (!order) throw notFound('Order');
  if (!canReceiveOrder(order.status)) throw badRequest('This order was cancelled, so it cannot be received.', 'order_cancelled');
  if (receivingVersion !== undefined && receivingVersion !== order.receiving_version) {
    const at = order.received_at ? new Date(order.received_at) : null;
    const when = at ? `${formatInstantTime(at, order.timezone)} on ${formatInstantMdy(at, order.timezone)}` : null;
    throw new AppError(409, 'received_meanwhile', describeReceivedMeanwhile(order.received_by, when));
  }
  return order;
}

/** Order Checked's two rules (doc 3 §5), as a 400 the client shows as is (doc 3 §8 "Receiving pre-reject failure"). */
function assertOrderChecked(lines: repo.ReceivingLineRow[]): void {
  const check = checkOrderItems(lines.map(toReceivingLine));
  if (check.ok) return;
  if (check.reason === 'not_all_checked') throw badRequest(RECEIVING_MESSAGES.notAllChecked, 'items_not_checked');
  throw badRequest(check.message, 'missing_prices');
}

/** POST /orders/check-items/{id}: saves accept/reject of some lines (the same call twice changes nothing). */
export async function checkItems(
  db: Database,
  locationId: number,
  orderId: number,
  states: readonly ReceivingItemState[],
): Promise<OrderItem[]> {
  await db.transaction(async (tx) => {
    await lockReceivableOrder(tx, locationId, orderId);
    const lines = await repo.listReceivingLines(tx, locationId, orderId);
    await applyLineStates(tx, locationId, orderId, lines, states);
  });
  return (await listOrderItems(db, locationId, orderId)).map(toOrderItem);
}

/**
 * POST /orders/pre-reject/{id} (doc 3 §4 "Receiving"): saves the states sent, applies Order
 * Checked's rules to the whole order and answers the order-complete figures.
 */
export async function preReject(
  db: Database,
  locationId: number,
  orderId: number,
  states: readonly ReceivingItemState[],
  edits: readonly OrderItemEdit[] = [],
  receivingVersion?: number,
): Promise<PreRejectResult> {
  return db.transaction(async (tx) => {
    await lockReceivableOrder(tx, locationId, orderId, receivingVersion);
    await applyEdits(tx, locationId, orderId, edits);
    await settleLinePricedTotal(tx, locationId, orderId);
    // Read after this request's edits: order-complete shows the total history will (issue 32).
    const order = await lockReceivableOrder(tx, locationId, orderId);
    await applyLineStates(tx, locationId, orderId, await repo.listReceivingLines(tx, locationId, orderId), states);
    const lines = await repo.listReceivingLines(tx, locationId, orderId);
    assertOrderChecked(lines);
    // The order's own total, so order-complete shows the figures history will (issue 32).
    const totals = computeReceivingTotals(lines.map(toReceivingLine), parseCents(order.total));
    const result: PreRejectResult = {
      distributor: order.distributor,
      submission_date: formatInstantMdy(new Date(order.created_at), order.timezone),
      delivery_date: order.requested_delivery_date,
      line_items: lines.length,
      original_total_price: totals.originalTotal,
      credit_refusal: totals.creditRefusal,
      new_total_price: totals.newTotal,
    };
    await repo.savePreRejectResult(tx, locationId, orderId, result);
    return result;
  });
}

/**
 * PATCH /orders/{id}: Complete receiving (doc 3 §4 "Receiving"). In one transaction: applies the
 * edits and line states, checks Order Checked's rules, stores the invoice number and the credit of
 * the rejected cases, marks the order received and raises on-hand by the change in received cases
 * since the last completion, so repeating the call changes nothing.
 */
export async function completeReceiving(
  db: Database,
  locationId: number,
  orderId: number,
  request: CompleteReceivingRequest,
  userId: number,
): Promise<OrderSummary> {
  await db.transaction(async (tx) => {
    await lockReceivableOrder(tx, locationId, orderId, request.receivingVersion);
    const digestBefore = await repo.readReceivingDigest(tx, locationId, orderId);
    await applyEdits(tx, locationId, orderId, request.items);
    await settleLinePricedTotal(tx, locationId, orderId);
    // Read after this request's edits, so the credit is capped by the total history will show.
    const order = await lockReceivableOrder(tx, locationId, orderId);
    await applyLineStates(tx, locationId, orderId, await repo.listReceivingLines(tx, locationId, orderId), request.itemList);
    const lines = await repo.listReceivingLines(tx, locationId, orderId);
    assertOrderChecked(lines);

    // Received cases go on hand in the inventory view, in this transaction: a repeated completion adds only the change.
    const stock: { itemDistributorId: number; caseDelta: number }[] = [];
    for (const line of lines) {
      const received = getReceivedQuantity(toReceivingLine(line));
      const delta = getOnHandDelta(line.received_quantity, received);
      if (line.received_quantity !== received) await repo.setReceivedQuantity(tx, locationId, line.id, received);
      if (delta !== 0 && line.item_distributor_id !== null) {
        stock.push({ itemDistributorId: line.item_distributor_id, caseDelta: delta });
      }
    }
    await addReceivedCases(tx, locationId, stock);

    const { creditRefusal } = computeReceivingTotals(lines.map(toReceivingLine), parseCents(order.total));
    await repo.completeOrder(tx, locationId, orderId, {
      status: order.status === 'electronically_received' ? order.status : 'received',
      customInvoiceId: request.customInvoiceId === undefined ? undefined : request.customInvoiceId?.trim() || null,
      creditRefusal: toDecimalString(creditRefusal, 2),
      creditStatus: creditRefusal === 0 ? 'none' : order.credit_status === 'closed' ? 'closed' : 'open',
    });
    // A repeat of the same completion changes nothing, its version included (the call is idempotent).
    if ((await repo.readReceivingDigest(tx, locationId, orderId)) !== digestBefore) {
      await repo.bumpReceivingVersion(tx, locationId, orderId, userId);
    }
  });
  return getOrderSummary(db, locationId, orderId, true);
}

/** POST /order-items/create-custom (doc 3 §3 "New order item", §5): a line added at receiving. */
export async function createCustomItem(db: Database, locationId: number, input: NewOrderItem): Promise<OrderItem> {
  const id = await db.transaction(async (tx) => {
    await lockReceivableOrder(tx, locationId, input.order_id);
    // What arrived is on the order's total, as bulk-create's lines are: one total for the order (issue 32).
    const amount = toDecimalString(input.price * input.quantity, 2);
    await repo.addToOrderTotals(tx, locationId, input.order_id, { lineItems: 0, amount });
    return addedLines.insertAddedLine(tx, locationId, input.order_id, {
      description: input.item_description.trim(),
      brand: input.brand.trim(),
      din: input.din.trim(),
      unitQuantity: input.unit_quantity,
      unitSize: input.unit_size,
      packSizeUom: input.pack_size_unit.trim(),
      unitMeasure: input.unit_measure.trim(),
      packSize: `${input.unit_quantity}/${input.unit_size} ${input.pack_size_unit.trim()}`,
      price: toDecimalString(input.price, 2),
      quantity: input.quantity,
    });
  });
  const item = (await listOrderItems(db, locationId, input.order_id)).find((line) => line.id === id);
  if (!item) throw notFound('Order item');
  return toOrderItem(item);
}

function describeOffer(offer: addedLines.BuyableOfferRow): string {
  return `Item ${offer.item_distributor_id} (${offer.name})`;
}

/** Why this location cannot add the offer to this order, or null when it can. */
function getOfferRefusal(order: repo.LockedOrder, id: number, offer: addedLines.BuyableOfferRow | undefined): string | null {
  if (!offer) return `Item ${id} is not on this location's order guide, so it cannot be added to the order.`;
  if (offer.distributor_id !== order.distributor_id)
    return `${describeOffer(offer)} is sold by another distributor, not ${order.distributor}: add it to an order from its own distributor.`;
  if (offer.is_punched_out || offer.is_unpurchasable)
    return `${describeOffer(offer)} can no longer be bought from ${order.distributor}: it is punched out of the order guide.`;
  return null;
}

function toCatalogueLine(offer: addedLines.BuyableOfferRow, quantity: number): addedLines.CatalogueLine {
  const priceCents = parseCents(offer.effectivePrice);
  return {
    itemDistributorId: offer.item_distributor_id,
    description: offer.name,
    din: offer.din,
    brand: offer.brand,
    packSize: offer.pack_size,
    unitMeasure: offer.unit_measure,
    quantity,
    price: toDecimalString(priceCents, 2),
    isMarketPrice: offer.is_market_price,
    rebate: offer.rebate,
    unitPrice: toDecimalString(getUnitPrice(priceCents, offer.unit_measure, offer.pack_size).unitPrice, 4),
    unitQuantity: offer.unit_quantity,
    unitSize: offer.unit_size,
    packSizeUom: offer.pack_size_uom,
    isCatchWeight: offer.is_catch_weight,
    imageUrl: offer.image_url,
  };
}

/**
 * POST /order-items/bulk-create (doc 3 §7 "Orders"): catalogue items that arrived with an order
 * being received, at the location's price today. Every offer must be on the location's guide from
 * the order's distributor and still buyable, else 400 naming it and nothing is written. An offer
 * already added at receiving has its quantity set instead of a second line, so a retry is harmless;
 * an offer that was ordered is changed with Edit, not here. The order's line count and totals move
 * with the lines.
 */
export async function bulkCreateItems(db: Database, locationId: number, input: BulkCreateOrderItems): Promise<OrderItem[]> {
  const ids = input.items.map((item) => item.item_distributor_id);
  const touched = await db.transaction(async (tx) => {
    const order = await lockReceivableOrder(tx, locationId, input.orderId);
    const offers = new Map((await addedLines.selectLocationOffers(tx, locationId, ids)).map((o) => [o.item_distributor_id, o]));
    const errors = input.items.flatMap((item, index) => {
      const message = getOfferRefusal(order, item.item_distributor_id, offers.get(item.item_distributor_id));
      return message ? [{ field: `items.${index}.item_distributor_id`, message }] : [];
    });
    const existing = new Map(
      (await addedLines.selectOrderLinesForOffers(tx, locationId, order.id, ids)).map((line) => [line.item_distributor_id, line]),
    );
    input.items.forEach((item, index) => {
      const line = existing.get(item.item_distributor_id);
      const offer = offers.get(item.item_distributor_id);
      if (line && offer && !line.is_added_at_receiving)
        errors.push({
          field: `items.${index}.item_distributor_id`,
          message: `${describeOffer(offer)} is already on this order: change its quantity with Edit instead.`,
        });
    });
    if (errors.length > 0) throw badRequest(errors[0].message, 'validation_error', errors);

    let lineItems = 0;
    let amountCents = 0;
    const lineIds: number[] = [];
    for (const item of input.items) {
      const offer = offers.get(item.item_distributor_id)!;
      const line = existing.get(item.item_distributor_id);
      if (line) {
        await addedLines.setAddedLineQuantity(tx, locationId, line.id, item.quantity);
        amountCents += parseCents(line.price) * (item.quantity - line.quantity);
        lineIds.push(line.id);
      } else {
        const newLine = toCatalogueLine(offer, item.quantity);
        lineIds.push(await addedLines.insertAddedCatalogueLine(tx, locationId, order.id, newLine));
        lineItems += 1;
        amountCents += parseCents(newLine.price) * item.quantity;
      }
    }
    await repo.addToOrderTotals(tx, locationId, order.id, { lineItems, amount: toDecimalString(amountCents, 2) });
    return new Set(lineIds);
  });
  return (await listOrderItems(db, locationId, input.orderId)).filter((line) => touched.has(line.id)).map(toOrderItem);
}

/** POST /orders/survey/{id} (doc 3 §3 "Receiving check"): the last answer is kept. */
export async function saveSurvey(
  db: Database,
  locationId: number,
  userId: number,
  orderId: number,
  survey: ReceivingSurvey,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, locationId, orderId);
    if (!order) throw notFound('Order');
    await repo.upsertSurvey(tx, locationId, orderId, userId, survey);
  });
}
