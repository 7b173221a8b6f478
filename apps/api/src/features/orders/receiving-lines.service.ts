import { getOrderLineCents, parseCents, toDecimalString, type OrderItemEdit, type ReceivingItemState } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { badRequest } from '../../platform/errors';
import * as repo from './receiving.repo';

/** A stored line as the receiving rules read it. */
export const toReceivingLine = (line: repo.ReceivingLineRow) => ({
  quantity: line.quantity,
  price: parseCents(line.price),
  receiveChecked: line.receive_checked,
  statusReceived: line.status_received,
  qtyReduction: line.qty_reduction,
  isUnpriced: line.is_unpriced,
  unitMeasure: line.unit_measure,
  isCatchWeight: line.is_catch_weight,
  averageWeight: line.average_weight,
  receivedWeight: line.received_weight,
});

/**
 * Records accept and reject states. Every id must be a line of this order and a rejection at most
 * its ordered quantity; otherwise 400 and nothing is written (the caller's transaction rolls back).
 */
export async function applyLineStates(
  tx: Database,
  locationId: number,
  orderId: number,
  lines: repo.ReceivingLineRow[],
  states: readonly ReceivingItemState[],
): Promise<void> {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  for (const [index, state] of states.entries()) {
    const line = byId.get(state.id);
    if (!line) {
      throw badRequest(`itemList.${index}.id: item ${state.id} is not a line of this order.`, 'invalid_order_item', [
        { field: `itemList.${index}.id`, message: `Item ${state.id} is not a line of this order.` },
      ]);
    }
    if (seen.has(state.id)) {
      throw badRequest(`itemList.${index}.id: item ${state.id} is listed twice.`, 'duplicate_line', [
        { field: `itemList.${index}.id`, message: `Item ${state.id} is listed twice.` },
      ]);
    }
    seen.add(state.id);
    if (state.status === 'rejected' && state.qtyReduction > line.quantity) {
      const message = `Reject at most ${line.quantity} of ${line.description} (the quantity ordered).`;
      throw badRequest(`itemList.${index}.qtyReduction: ${message}`, 'validation_error', [
        { field: `itemList.${index}.qtyReduction`, message },
      ]);
    }
    await repo.saveLineState(tx, locationId, orderId, state);
  }
}

/** Edits made with the Edit toggle; every id must be a line of the order (400 otherwise). */
export async function applyEdits(
  tx: Database,
  locationId: number,
  orderId: number,
  edits: readonly OrderItemEdit[],
): Promise<void> {
  if (edits.length === 0) return;
  const linesById = new Map((await repo.listReceivingLines(tx, locationId, orderId)).map((line) => [line.id, line]));
  let amountCents = 0;
  for (const [index, edit] of edits.entries()) {
    const line = linesById.get(edit.order_item_id);
    if (!line) {
      throw badRequest(
        `items.${index}.order_item_id: item ${edit.order_item_id} is not a line of this order.`,
        'invalid_order_item',
      );
    }
    await repo.editLine(tx, locationId, orderId, {
      id: edit.order_item_id,
      description: edit.item_description?.trim(),
      quantity: edit.quantity,
      packSize: edit.pack_size,
      price: edit.merchant_price === undefined ? undefined : toDecimalString(edit.merchant_price, 2),
      unitPrice:
        edit.merchant_unit_price === undefined
          ? undefined
          : edit.merchant_unit_price === null
            ? null
            : toDecimalString(edit.merchant_unit_price, 4),
      receivedWeight: edit.received_weight,
    });
    if (!line.is_unpriced) {
      const edited: repo.ReceivingLineRow = {
        ...line,
        quantity: edit.quantity ?? line.quantity,
        price: toDecimalString(edit.merchant_price ?? parseCents(line.price), 2),
        received_weight: edit.received_weight === undefined ? line.received_weight : edit.received_weight,
      };
      // By the one line rule: a catch-weight line moves from its estimate to its weighed amount.
      amountCents += getOrderLineCents(toReceivingLine(edited)) - getOrderLineCents(toReceivingLine(line));
      linesById.set(line.id, edited);
    }
  }
  // A line corrected to what arrived moves the order's total with it, so the total stays its lines' sum (issue 32).
  if (amountCents !== 0) {
    await repo.addToOrderTotals(tx, locationId, orderId, { lineItems: 0, amount: toDecimalString(amountCents, 2) });
  }
}
