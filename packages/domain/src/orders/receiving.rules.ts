/**
 * Receiving an order, its status display, its credit and its reconciliation (doc 3 §4 "Order
 * status display", "Receiving", "Order download", §5 "Order Checked"). Money in integer cents.
 */

/** Texts of doc 3 §5 and §8, quoted exactly. */
export const RECEIVING_MESSAGES = {
  missingPricesTitle: 'Not all your items have prices',
  missingPricesBody: 'To complete the receiving of this order please enter all your price data.',
  missingPricesButton: 'Got It',
  notAllChecked: 'Check every item (accept or reject it) before Order Checked.',
  reloadButton: 'Reload the order',
} as const;

/**
 * Said when someone completed receiving of the order after this screen loaded it (issue 33): who
 * and when, so the receiver knows whose figures stand before reloading them.
 */
export function describeReceivedMeanwhile(receivedBy: string | null, receivedAt: string | null): string {
  const who = receivedBy ?? 'Someone else';
  const when = receivedAt ? ` at ${receivedAt}` : '';
  return `${who} completed receiving of this order${when} while you had it open. Nothing of yours was saved: reload the order to see what was received.`;
}

/**
 * The receiving check after Complete receiving (doc 3 §3 "Receiving check": question_1 to
 * question_5, each 1 or 0, and a comment). The spec does not show the questions; these are ours
 * (decisions.md): each is a statement the receiver ticks when it was true of the delivery.
 */
export const RECEIVING_SURVEY_QUESTIONS = [
  { key: 'question_1', label: 'The delivery arrived on time' },
  { key: 'question_2', label: 'Cold and frozen items arrived at a safe temperature' },
  { key: 'question_3', label: 'Cases and packaging arrived undamaged' },
  { key: 'question_4', label: 'The invoice matches what was delivered' },
  { key: 'question_5', label: 'The driver was courteous and put the order away where asked' },
] as const;

/** The reject reasons of doc 3 §2.5, as the API stores and the screen shows them. */
export const REJECT_REASONS = ['Bad or damaged', 'Wrong item', 'Not ordered', 'Other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export type ReceivedStatus = 'accepted' | 'rejected';

/** Where an order stands once it has lines received (doc 3 §4 "Order status display"). */
export const RECEIVED_STATUSES = ['received', 'electronically_received'] as const;

/**
 * Status text of an order (doc 3 §4 "Order status display"): received, cancelled,
 * electronically_received (Electronic Invoice in lists, Received in the item view), else On the Way.
 */
export function getOrderStatusDisplay(status: string, view: 'list' | 'item' = 'list'): string {
  switch (status) {
    case 'received':
      return 'Received';
    case 'cancelled':
      return 'Cancelled';
    case 'electronically_received':
      return view === 'item' ? 'Received' : 'Electronic Invoice';
    default:
      return 'On the Way';
  }
}

/** The order-history row action (doc 3 §2.5): Edit when the order is received, otherwise Receive. */
export function getOrderRowAction(status: string): 'Edit' | 'Receive' {
  return (RECEIVED_STATUSES as readonly string[]).includes(status) ? 'Edit' : 'Receive';
}

/** Whether an order can still be received or edited (a cancelled order cannot). */
export function canReceiveOrder(status: string): boolean {
  return status !== 'cancelled';
}

/** The line label of the order view (doc 3 §2.5): Special Request when isSpecial is 1, otherwise Order Guide. */
export function getOrderLineSource(isSpecial: 0 | 1 | boolean): 'Special Request' | 'Order Guide' {
  return isSpecial ? 'Special Request' : 'Order Guide';
}

/** A line as receiving sees it. */
export interface ReceivingLine {
  quantity: number;
  /** Case price, cents. */
  price: number;
  receiveChecked: boolean;
  statusReceived: ReceivedStatus | null;
  /** Cases rejected (1..quantity when rejected). */
  qtyReduction: number;
}

export type OrderCheckedResult =
  | { ok: true }
  | { ok: false; reason: 'not_all_checked' }
  | { ok: false; reason: 'missing_prices'; title: string; message: string; button: string };

/**
 * Order Checked (doc 3 §4 "Receiving", §5): works only when every item is checked; then every
 * item must have price × quantity above 0, otherwise the 'Not all your items have prices' alert.
 */
export function checkOrderItems(
  lines: readonly Pick<ReceivingLine, 'quantity' | 'price' | 'receiveChecked'>[],
): OrderCheckedResult {
  if (lines.length === 0 || lines.some((line) => !line.receiveChecked)) return { ok: false, reason: 'not_all_checked' };
  if (lines.some((line) => line.price * line.quantity === 0)) {
    return {
      ok: false,
      reason: 'missing_prices',
      title: RECEIVING_MESSAGES.missingPricesTitle,
      message: RECEIVING_MESSAGES.missingPricesBody,
      button: RECEIVING_MESSAGES.missingPricesButton,
    };
  }
  return { ok: true };
}

/** Cases rejected on a line: its reduction when rejected (capped to 1..quantity), else 0. */
export function getRejectedQuantity(line: Pick<ReceivingLine, 'quantity' | 'statusReceived' | 'qtyReduction'>): number {
  if (line.statusReceived !== 'rejected') return 0;
  return Math.min(line.quantity, Math.max(1, line.qtyReduction));
}

/** Cases received on a line: ordered minus rejected. */
export function getReceivedQuantity(line: Pick<ReceivingLine, 'quantity' | 'statusReceived' | 'qtyReduction'>): number {
  return line.quantity - getRejectedQuantity(line);
}

/** The reject quantity stepper (doc 3 §2.5): 1 to the ordered quantity. */
export function clampRejectQuantity(value: number, ordered: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, ordered));
}

/** The download of an order (doc 3 §2.5 view "Download"): the invoice file, else the PDF purchase order, else the Excel one. */
export function pickOrderDownload(order: {
  invoiceUrl: string | null;
  purchaseOrderUrl: string | null;
  purchaseOrderUrlExcel: string | null;
}): { url: string; kind: 'invoice' | 'pdf' | 'xlsx' } | null {
  if (order.invoiceUrl) return { url: order.invoiceUrl, kind: 'invoice' };
  if (order.purchaseOrderUrl) return { url: order.purchaseOrderUrl, kind: 'pdf' };
  if (order.purchaseOrderUrlExcel) return { url: order.purchaseOrderUrlExcel, kind: 'xlsx' };
  return null;
}

/** How much an on-hand count changes when a line's received quantity goes from `before` to `after` (receiving again after Edit). */
export function getOnHandDelta(before: number | null, after: number): number {
  return after - (before ?? 0);
}

/* ---------------------------------------------------------------- reconciliation (beyond the spec) */

export interface ReconciliationInput {
  orderItemId: number;
  description: string;
  orderedQuantity: number;
  /** Ordered case price, cents. */
  orderedPrice: number;
  /** null while the line is not received. */
  receivedQuantity: number | null;
  /** From the distributor's invoice; null while no invoice line is known. */
  invoicedQuantity: number | null;
  invoicedPrice: number | null;
}

export type ReconciliationLineStatus =
  'matched' | 'short' | 'over_invoiced' | 'price_variance' | 'awaiting_invoice' | 'not_received';

export interface ReconciliationLine extends ReconciliationInput {
  status: ReconciliationLineStatus;
  /** What the location is owed on this line, cents (0 when nothing is owed). */
  creditOwed: number;
}

export interface Reconciliation {
  lines: ReconciliationLine[];
  creditOwed: number;
  /** open while credit is owed and not closed by a person, closed once settled, none when nothing is owed. */
  creditStatus: 'none' | 'open' | 'closed';
}

/**
 * Ordered vs received vs invoiced per line (issue 18 "Beyond the spec"). The location is owed the
 * difference between what it is invoiced for and what it received at the invoiced price; without an
 * invoice line, rejected cases at the ordered price are owed (the credit of receiving).
 */
export function reconcileOrder(inputs: readonly ReconciliationInput[], isCreditClosed = false): Reconciliation {
  const lines = inputs.map((input): ReconciliationLine => {
    if (input.receivedQuantity === null) return { ...input, status: 'not_received', creditOwed: 0 };
    const received = input.receivedQuantity;
    if (input.invoicedQuantity === null || input.invoicedPrice === null) {
      const short = Math.max(0, input.orderedQuantity - received);
      return { ...input, status: short > 0 ? 'short' : 'awaiting_invoice', creditOwed: short * input.orderedPrice };
    }
    const billedForMissing = Math.max(0, input.invoicedQuantity - received) * input.invoicedPrice;
    const overcharge = Math.max(0, input.invoicedPrice - input.orderedPrice) * Math.min(received, input.invoicedQuantity);
    const creditOwed = billedForMissing + overcharge;
    let status: ReconciliationLineStatus = 'matched';
    if (billedForMissing > 0) status = 'over_invoiced';
    else if (input.invoicedPrice !== input.orderedPrice) status = 'price_variance';
    else if (received < input.orderedQuantity) status = 'short';
    return { ...input, status, creditOwed };
  });
  const creditOwed = lines.reduce((sum, line) => sum + line.creditOwed, 0);
  return { lines, creditOwed, creditStatus: creditOwed === 0 ? 'none' : isCreditClosed ? 'closed' : 'open' };
}

export interface ReconciliationTotals {
  /** Ordered cases at the ordered price, cents. */
  orderedTotal: number;
  /** Received cases at the ordered price, cents (0 for lines not received). */
  receivedTotal: number;
  /** Invoiced cases at the invoiced price, cents; null while no line has an invoice entry. */
  invoicedTotal: number | null;
}

/** The column totals of the reconciliation screen, in integer cents. */
export function getReconciliationTotals(lines: readonly ReconciliationInput[]): ReconciliationTotals {
  let orderedTotal = 0;
  let receivedTotal = 0;
  let invoicedTotal: number | null = null;
  for (const line of lines) {
    orderedTotal += line.orderedQuantity * line.orderedPrice;
    receivedTotal += (line.receivedQuantity ?? 0) * line.orderedPrice;
    if (line.invoicedQuantity !== null && line.invoicedPrice !== null) {
      invoicedTotal = (invoicedTotal ?? 0) + line.invoicedQuantity * line.invoicedPrice;
    }
  }
  return { orderedTotal, receivedTotal, invoicedTotal };
}

/** How a reconciliation line status reads on screen. */
export const RECONCILIATION_STATUS_LABELS: Record<ReconciliationLineStatus, string> = {
  matched: 'Matched',
  short: 'Short',
  over_invoiced: 'Billed for missing cases',
  price_variance: 'Price differs',
  awaiting_invoice: 'Awaiting invoice',
  not_received: 'Not received',
};
