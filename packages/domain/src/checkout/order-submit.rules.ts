import { addDaysToIsoDate, isIsoDate } from '../orders/order-dates.rules';
import { getDeliverySlots, getIsoWeekday, isDeliveryTimeRequired } from './checkout.rules';
import { BLOCKED_ADD_TEXTS, type BlockedAddReason } from '../cart/cart.rules';

/** How far ahead a delivery date may be chosen, in days from the location's today. */
export const DELIVERY_DATE_WINDOW_DAYS = 60;

export type DeliveryDateProblem = 'required' | 'invalid' | 'past' | 'too-far' | 'not-a-delivery-day';

/**
 * Checks a requested delivery date (doc 1 §5 "Delivery date is required"): a real date, not before
 * the location's today, within the booking window, on one of the account's delivery weekdays (ISO,
 * 1 Monday … 7 Sunday). Today counts when it is a delivery day. Null when the date is fine.
 */
export function getDeliveryDateProblem(
  date: string,
  today: string,
  deliveryWeekdays: readonly number[],
): DeliveryDateProblem | null {
  if (!date.trim()) return 'required';
  if (!isIsoDate(date)) return 'invalid';
  if (date < today) return 'past';
  if (date > addDaysToIsoDate(today, DELIVERY_DATE_WINDOW_DAYS)) return 'too-far';
  if (!deliveryWeekdays.includes(getIsoWeekday(date))) return 'not-a-delivery-day';
  return null;
}

/** The dates a distributor delivers on, from today through the booking window. */
export function listDeliveryDates(
  today: string,
  deliveryWeekdays: readonly number[],
  days = DELIVERY_DATE_WINDOW_DAYS,
): string[] {
  const dates: string[] = [];
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDaysToIsoDate(today, offset);
    if (deliveryWeekdays.includes(getIsoWeekday(date))) dates.push(date);
  }
  return dates;
}

export type DeliveryTimeProblem = 'required' | 'not-offered';

/**
 * Checks a requested delivery time (doc 1 §5): required only when the date is not today and
 * Stockpot itself delivers; when given it must be one of the date's slots.
 */
export function getDeliveryTimeProblem(
  distributorId: number,
  date: string,
  today: string,
  isDelivery: number,
  time: string,
): DeliveryTimeProblem | null {
  const value = time.trim();
  if (!value) return isDeliveryTimeRequired(date, today, isDelivery) ? 'required' : null;
  return getDeliverySlots(distributorId, date).some((slot) => slot.value === value) ? null : 'not-offered';
}

export const ORDER_MESSAGES = {
  idempotencyKeyRequired: 'An Idempotency-Key header is required to place an order.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order.',
  cannotPlaceOrder: 'This location cannot place orders.',
  distributorNotLinked: 'This distributor is not linked to your location.',
  deliveryDateRequired: 'Please choose a delivery date.',
  deliveryDateInvalid: 'The delivery date must be a date written YYYY-MM-DD.',
  deliveryDatePast: 'The delivery date cannot be in the past.',
  deliveryDateTooFar: `The delivery date must be within ${DELIVERY_DATE_WINDOW_DAYS} days.`,
  deliveryTimeRequired: 'Please choose a delivery time.',
  deliveryTimeNotOffered: 'Please choose one of the delivery times offered for that date.',
  emptyOrder: 'There are no items to order.',
  duplicateLine: 'An item appears twice in the order.',
  otherDistributor: 'Every item of an order must come from the chosen distributor.',
  cartChanged: 'Your cart has changed since you reviewed it. Please review your order again.',
  pricesChanged: 'Prices have changed since you reviewed your cart. Please review your order again.',
  cardNotAccepted: 'This distributor does not accept card payments for this order.',
  cardRequired: 'Please choose a card to pay with.',
  cardPaymentsUnavailable: 'Card payments are not available right now. Please choose payment terms.',
} as const;

/** '{distributor} does not deliver on {MM/DD/YYYY}. …' for a date outside the delivery days. */
export function getNotADeliveryDayMessage(distributor: string, displayDate: string): string {
  return `${distributor} does not deliver on ${displayDate}. Please choose another delivery date.`;
}

/** The refusal of a line that cannot be ordered online (doc 1 §4 "Blocked adds"). */
export function getBlockedLineMessage(reason: BlockedAddReason, name: string): string {
  return BLOCKED_ADD_TEXTS[reason].getLineMessage(name);
}
