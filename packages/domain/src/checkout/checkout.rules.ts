import { getLineAmount, sumLineAmounts, type LineAmount, type LinePricing } from '../money/line-amount.rules';

/** Distributors with the two half-day delivery slots (doc 1 §5, §9). */
export const SPECIAL_SLOT_DISTRIBUTOR_IDS = [531, 558] as const;

export interface DeliverySlot {
  value: string;
  label: string;
}

const slot = (label: string): DeliverySlot => ({ value: label, label });

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date, calendar arithmetic only. */
export function getIsoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Delivery time slots (doc 1 §5): 531 and 558 deliver 9am-1pm or 1pm-5pm; everyone else
 * 8am-11am and 11am-2pm, plus 2pm-5pm unless the date is a Saturday or Sunday.
 */
export function getDeliverySlots(distributorId: number, date: string): DeliverySlot[] {
  if ((SPECIAL_SLOT_DISTRIBUTOR_IDS as readonly number[]).includes(distributorId)) return [slot('9am-1pm'), slot('1pm-5pm')];
  const isWeekend = getIsoWeekday(date) >= 6;
  return isWeekend ? [slot('8am-11am'), slot('11am-2pm')] : [slot('8am-11am'), slot('11am-2pm'), slot('2pm-5pm')];
}

/** A delivery time is required only when the date is not today and Stockpot itself delivers (doc 1 §5). */
export function isDeliveryTimeRequired(date: string, today: string, isDelivery: number): boolean {
  return date !== today && isDelivery === 1;
}

export interface MinimumOrderTerms {
  /** Minimum in cents. */
  minOrderAmount: number;
  skipMinOrder: boolean;
  isMinOrderAmountRequired: boolean;
}

/** Minimum-order progress in whole percent: total ÷ minimum × 100, and 100 when there is no minimum (doc 1 §5). */
export function getMinimumOrderProgress(totalCents: number, minOrderAmount: number): number {
  if (minOrderAmount <= 0) return 100;
  return Math.floor((totalCents * 100) / minOrderAmount);
}

/**
 * Whether the minimum blocks checkout (doc 1 §5 "Minimum order"): the distributor requires one,
 * the cart is not special-request only, and the total is under 100% of the minimum.
 */
export function isBelowMinimumOrder(terms: MinimumOrderTerms, totalCents: number, isSpecialRequestOnly: boolean): boolean {
  const requiresMinimum = terms.skipMinOrder || terms.isMinOrderAmountRequired;
  return requiresMinimum && !isSpecialRequestOnly && getMinimumOrderProgress(totalCents, terms.minOrderAmount) < 100;
}

export function getMinimumOrderTitle(formattedMinimum: string): string {
  return `Price below ${formattedMinimum}`;
}

export function getMinimumOrderText(formattedMinimum: string): string {
  return `Minimum price required for placing order is ${formattedMinimum} !`;
}

/**
 * Cards are offered only when the distributor accepts them (acceptCC 1 or 2) and the order is not
 * made up only of special items, only of market-price items, or a mix of both (doc 1 §5).
 */
export function canPayByCard(acceptCC: number, lines: { isSpecial: boolean; isMarketPrice: boolean }[]): boolean {
  if (acceptCC !== 1 && acceptCC !== 2) return false;
  return lines.some((line) => !line.isSpecial && !line.isMarketPrice);
}

export interface OrderLineForTotals extends Partial<
  Pick<LinePricing, 'unitMeasure' | 'isCatchWeight' | 'averageWeight' | 'receivedWeight'>
> {
  quantity: number;
  /** Cents per unit measure: a case price, or a price per pound for catch weight. */
  price: number;
  isMarketPrice: boolean;
  isSpecial: boolean;
  /** Rebate per case in cents. */
  rebate: number;
}

/** The amount of one line by the one line rule (getLineAmount); a line without a unit measure is priced by the case. */
export function getOrderLineAmount(line: OrderLineForTotals): LineAmount {
  return getLineAmount({
    quantity: line.quantity,
    price: line.price,
    unitMeasure: line.unitMeasure ?? 'CS',
    isMarketPrice: line.isMarketPrice,
    isCatchWeight: line.isCatchWeight ?? false,
    averageWeight: line.averageWeight ?? null,
    receivedWeight: line.receivedWeight ?? null,
  });
}

/**
 * Totals of one distributor's order (issue 32): catch-weight lines count their estimate, market-price
 * lines are unknown (left out, and counted in `marketPriceLines`), lines priced by weight with no
 * weight are left out (`uncountedIndexes`), special requests are priced by the distributor later;
 * rebates earned per case.
 */
export function getOrderTotals(lines: OrderLineForTotals[]): {
  subtotal: number;
  totalRebates: number;
  lineItems: number;
  itemCount: number;
  isEstimate: boolean;
  marketPriceLines: number;
  uncountedIndexes: number[];
} {
  let totalRebates = 0;
  let itemCount = 0;
  const amounts: LineAmount[] = [];
  const indexes: number[] = [];
  lines.forEach((line, index) => {
    itemCount += line.quantity;
    if (line.isSpecial) return;
    amounts.push(getOrderLineAmount(line));
    indexes.push(index);
    if (!line.isMarketPrice) totalRebates += line.quantity * line.rebate;
  });
  const total = sumLineAmounts(amounts);
  return {
    subtotal: total.cents,
    totalRebates,
    lineItems: lines.length,
    itemCount,
    isEstimate: total.isEstimate,
    marketPriceLines: total.marketPriceLines,
    uncountedIndexes: total.uncountedIndexes.map((i) => indexes[i]),
  };
}

/** Checkout step numbers and the header step bar (doc 1 §2). */
export const CHECKOUT_STEPS = [
  { step: 1, label: 'PLACE ORDER', path: '/place-order/list' },
  { step: 2, label: 'SAVINGS', path: '/checkout-ordering/savings' },
  { step: 3, label: 'REVIEW ORDER', path: '/checkout-ordering/review-order' },
  { step: 5, label: 'SHIPPING AND PAYMENT', path: '/checkout-ordering/shipping-payment' },
  { step: 6, label: 'FINAL REVIEW', path: '/checkout-ordering/final-review' },
] as const;

export const ORDER_CONFIRMATION_DELAY_MS = 500;
export const THANK_YOU_AUTO_CLOSE_MS = 1500;
export const ORDER_SAVE_FAILED = 'Something went wrong while processing the order.';
export const SPECIAL_REQUEST_DELIVERY_NOTICE = 'The distributor cannot guarantee delivery of special requests.';
