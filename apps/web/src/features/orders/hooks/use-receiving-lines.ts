/** The receive screen's lines: accept/reject state, quantity and price edits, received weights, and the totals they give. */
import { useState } from 'react';
import {
  computeReceivingTotals,
  getOrderLineCents,
  isOrderLinePriceUnknown,
  parseCents,
  RECEIVED_WEIGHT_PATTERN,
  type OrderCreditLine,
  type OrderItem,
  type OrderItemEdit,
  type OrderSummary,
  type RejectReason,
} from '@stockpot/domain';

/** One line's receiving state on the screen. */
export interface LineState {
  status: 'accepted' | 'rejected' | null;
  qtyReduction: number;
  rejectReason: RejectReason | null;
  rejectComment: string | null;
}

export const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** A line as the server sent it, as the order's money rules read it (the one line rule, issue 32). */
function toCreditLine(item: OrderItem): OrderCreditLine {
  return {
    quantity: item.quantity,
    price: item.price,
    statusReceived: null,
    qtyReduction: 0,
    isUnpriced: item.isSpecial === 1 || isOrderLinePriceUnknown(item),
    unitMeasure: item.unit_measure,
    isCatchWeight: Boolean(item.isCatchWeight),
    averageWeight: item.averageWeight,
    receivedWeight: item.receivedWeight,
  };
}

/** The saved receiving state of a line (a line added at receiving arrives accepted). */
function toLineState(item: OrderItem): LineState {
  return {
    status: item.receiveChecked ? (item.statusReceived as LineState['status']) : null,
    qtyReduction: item.qtyReduction,
    rejectReason: (item.rejectReason as RejectReason | null) ?? null,
    rejectComment: item.rejectComment,
  };
}

/** The lines of an order being received, as the screen has them now. */
export function useReceivingLines(order: OrderSummary) {
  const [changed, setLines] = useState<Record<number, LineState>>({});
  // Lines not touched on this screen (and items added at receiving) keep their saved state.
  const lines: Record<number, LineState> = Object.fromEntries(
    order.items.map((item) => [item.oi_id, changed[item.oi_id] ?? toLineState(item)]),
  );
  const [edits, setEdits] = useState<Record<number, { quantity: string; price: string }>>({});
  // Catch weight (issue 32): pounds received per line, as typed.
  const [weights, setWeights] = useState<Record<number, string>>({});

  /** The line as the screen has it now: edits over the server's values. */
  const current = (item: OrderItem) => {
    const edit = edits[item.oi_id];
    const quantity = edit && /^\d{1,6}$/.test(edit.quantity) ? Number(edit.quantity) : item.quantity;
    const price = edit && PRICE.test(edit.price) ? parseCents(edit.price) : item.price;
    const weight = weights[item.oi_id];
    const receivedWeight =
      weight !== undefined && RECEIVED_WEIGHT_PATTERN.test(weight.trim()) ? weight.trim() : item.receivedWeight;
    // A market price entered here prices the line (isEdited), as the server will once it is sent.
    const line = { ...item, quantity, price, receivedWeight, isEdited: item.isEdited || (edit !== undefined && price > 0) };
    return { quantity, price: isOrderLinePriceUnknown(line) ? 0 : price, line };
  };

  const receiving = order.items.map((item) => {
    const state = lines[item.oi_id];
    const { quantity, price, line } = current(item);
    return {
      ...toCreditLine(item),
      quantity,
      price,
      receivedWeight: line.receivedWeight,
      isUnpriced: item.isSpecial === 1 || isOrderLinePriceUnknown(line),
      receiveChecked: state.status !== null,
      statusReceived: state.status,
      qtyReduction: Math.min(state.qtyReduction, quantity),
    };
  });
  // The order's own total, moved by the edits not yet saved, by the one line rule: the figures history will show (issue 32).
  const editDelta = order.items.reduce(
    (sum, item, index) => sum + getOrderLineCents(receiving[index]) - getOrderLineCents(toCreditLine(item)),
    0,
  );
  const totals = computeReceivingTotals(receiving, order.orderedTotal + editDelta);
  const isAllAccepted = order.items.every((item) => lines[item.oi_id].status === 'accepted');

  const setLine = (id: number, state: LineState) => setLines((all) => ({ ...all, [id]: state }));
  const accept = (id: number) => setLine(id, { status: 'accepted', qtyReduction: 0, rejectReason: null, rejectComment: null });
  const toggleAcceptAll = (on: boolean) =>
    setLines(
      Object.fromEntries(
        order.items.map((item) => [
          item.oi_id,
          on
            ? { status: 'accepted', qtyReduction: 0, rejectReason: null, rejectComment: null }
            : { status: null, qtyReduction: 0, rejectReason: null, rejectComment: null },
        ]),
      ),
    );

  const collectEdits = (): OrderItemEdit[] =>
    order.items.flatMap((item) => {
      const edit = edits[item.oi_id];
      if (!edit && weights[item.oi_id] === undefined) return [];
      const weight = weights[item.oi_id]?.trim();
      const received_weight =
        weight && RECEIVED_WEIGHT_PATTERN.test(weight) && weight !== item.receivedWeight ? weight : undefined;
      const { quantity, price } = current(item);
      const isPriced = Boolean(item.isMarketPrice) && isOrderLinePriceUnknown(item) && price > 0;
      if (quantity === item.quantity && price === item.price && !isPriced && !received_weight) return [];
      return [{ order_item_id: item.oi_id, quantity, merchant_price: price, ...(received_weight ? { received_weight } : {}) }];
    });

  return {
    lines,
    edits,
    setEdits,
    weights,
    setWeights,
    current,
    receiving,
    totals,
    isAllAccepted,
    setLine,
    accept,
    toggleAcceptAll,
    collectEdits,
  };
}
