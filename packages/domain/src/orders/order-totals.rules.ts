import { getCountedCents, getLineAmount, isPricedPerWeight, parseWeight, type LinePricing } from '../money/line-amount.rules';
import { formatMoney } from '../money/money.rules';
import { getRejectedQuantity, type ReceivingLine } from './receiving.rules';

/**
 * One order's money (issue 32 "One total per order"): what was ordered, the credit the distributor
 * owes for cases rejected or short-delivered at receiving, and what was received. Every screen,
 * file and figure reads these three through computeOrderTotals, so they can never disagree.
 * Money in integer cents.
 */

/** A line as the credit sees it. */
export interface OrderCreditLine {
  quantity: number;
  /** Case price, cents. */
  price: number;
  statusReceived: 'accepted' | 'rejected' | null;
  /** Cases rejected (1..quantity when rejected). */
  qtyReduction: number;
  /**
   * Special-request lines, and market-price lines until receiving prices them, count 0 in the
   * ordered total (doc 1 §4), so a reject of one cannot take anything off it either.
   */
  isUnpriced?: boolean;
  /** Catch weight (issue 32): the unit `price` is per ("LB"); absent on a line priced by the case. */
  unitMeasure?: string;
  isCatchWeight?: boolean;
  /** Average pounds of one case, the estimate's weight ("31.5000"). */
  averageWeight?: string | null;
  /** Pounds weighed at receiving for the cases accepted. */
  receivedWeight?: string | null;
}

export interface OrderTotals {
  /** The order's total as placed (its priced lines and fees, with lines added at receiving), cents. */
  orderedTotal: number;
  /** Owed back by the distributor for rejected or short-delivered cases, cents (0 when none). */
  credit: number;
  /** What the location pays for the order: orderedTotal − credit, cents. */
  receivedTotal: number;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents, got ${value}.`);
}

function toLinePricing(line: OrderCreditLine, quantity: number, receivedWeight: string | null): LinePricing {
  return {
    quantity,
    price: line.price,
    unitMeasure: line.unitMeasure ?? 'CS',
    isMarketPrice: false,
    isCatchWeight: line.isCatchWeight ?? false,
    averageWeight: line.averageWeight ?? null,
    receivedWeight,
  };
}

/**
 * Cents a line counts for in its order's total by the one line rule (getLineAmount): a catch-weight
 * line its estimate, or its exact amount once weighed; 0 for an unpriced line or one that cannot
 * be counted. A receiving edit moves the order's total by this figure's change.
 */
export function getOrderLineCents(line: OrderCreditLine): number {
  if (line.isUnpriced) return 0;
  return getCountedCents(getLineAmount(toLinePricing(line, line.quantity, line.receivedWeight ?? null)));
}

/**
 * The credit of one line's rejected cases. A case-priced line: the cases at its case price. A
 * catch-weight line: the rejected cases at the estimate (average case weight), unless the accepted
 * cases were weighed, for then the weight already prices only what arrived; all cases rejected
 * gives back the whole line.
 */
export function getLineCredit(line: OrderCreditLine): number {
  const rejected = getRejectedQuantity(line);
  if (line.isUnpriced || rejected === 0) return 0;
  const pricing = toLinePricing(line, rejected, null);
  if (!isPricedPerWeight(pricing)) return line.price * rejected;
  if (rejected >= line.quantity) return getOrderLineCents(line);
  if (parseWeight(line.receivedWeight)) return 0;
  return getCountedCents(getLineAmount(pricing));
}

/**
 * The credit of a receiving: each priced line's rejected cases (getLineCredit). A credit above
 * the ordered total is capped to it, since a distributor never owes more than the order cost.
 */
function getCredit(orderedTotal: number, credit: number | readonly OrderCreditLine[]): number {
  const amount = typeof credit === 'number' ? credit : credit.reduce((sum, line) => sum + getLineCredit(line), 0);
  assertCents(amount, 'credit');
  if (amount < 0) throw new RangeError(`credit cannot be negative, got ${amount}.`);
  return Math.min(amount, Math.max(0, orderedTotal));
}

/**
 * The ordered total, credit and received total of one order (issue 32 "One total per order"). The
 * credit is given either as stored on the order, or as the order's lines with their receiving
 * state (then the rejected cases of its priced lines at their price).
 */
export function computeOrderTotals(orderedTotal: number, credit: number | readonly OrderCreditLine[]): OrderTotals {
  assertCents(orderedTotal, 'orderedTotal');
  const amount = getCredit(orderedTotal, credit);
  return { orderedTotal, credit: amount, receivedTotal: orderedTotal - amount };
}

/** How order history names an order's credit (issue 32): "credit $40.80", or null when there is none. */
export function describeOrderCredit(credit: number): string | null {
  return credit > 0 ? `credit ${formatMoney(credit)}` : null;
}

export interface ReceivingTotals {
  /** The order's ordered total, cents. */
  originalTotal: number;
  /** Price of the rejected cases: the credit the distributor owes (the pre-reject credit_refusal), cents. */
  creditRefusal: number;
  /** originalTotal − creditRefusal: the received total. */
  newTotal: number;
}

/**
 * The order-complete figures (doc 3 §2.5, §3 "Pre-reject result"): original total, rejected price,
 * new total, through computeOrderTotals. `orderedTotal` is the order's total as history shows it;
 * without it (a screen that has only the lines) the sum of the lines' amounts (getOrderLineCents).
 */
export function computeReceivingTotals(
  lines: readonly (ReceivingLine & OrderCreditLine)[],
  orderedTotal?: number,
): ReceivingTotals {
  const linesTotal = lines.reduce((sum, line) => sum + getOrderLineCents(line), 0);
  const totals = computeOrderTotals(orderedTotal ?? linesTotal, lines);
  return { originalTotal: totals.orderedTotal, creditRefusal: totals.credit, newTotal: totals.receivedTotal };
}
