/**
 * Ordering terms of a location's account with a distributor (issue 31): the weekdays it delivers,
 * the order cut-off, the minimum order and the delivery fee. Amounts are integer cents.
 */
export interface OrderingTerms {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  deliveryWeekdays: number[];
  /** 'HH:MM' (24-hour) in the location's time zone, or null for no cut-off. */
  orderCutoffTime: string | null;
  /** How many days before the delivery date the cut-off falls (0 = the delivery day itself). */
  orderCutoffDaysBefore: number;
  minOrderAmount: number;
  isMinOrderAmountRequired: boolean;
  deliveryFee: number;
}

/** What a new account starts with, so a first order can go through: Monday to Friday, no minimum. */
export const DEFAULT_ORDERING_TERMS: OrderingTerms = {
  deliveryWeekdays: [1, 2, 3, 4, 5],
  orderCutoffTime: null,
  orderCutoffDaysBefore: 1,
  minOrderAmount: 0,
  isMinOrderAmountRequired: false,
  deliveryFee: 0,
};

export const MAX_CUTOFF_DAYS_BEFORE = 7;
/** $100,000.00: far above any real minimum or fee, and well inside numeric(12, 2). */
export const MAX_ORDERING_AMOUNT_CENTS = 10_000_000;

export const ISO_WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const CUTOFF_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ORDERING_TERMS_TEXT = {
  noDeliveryDay: 'Choose at least one delivery day.',
  badWeekday: 'Delivery days must be weekdays from 1 (Monday) to 7 (Sunday), each once.',
  badCutoffTime: 'Order cut-off time must be a time of day such as 14:00.',
  badCutoffDays: `Days before delivery must be a whole number from 0 to ${MAX_CUTOFF_DAYS_BEFORE}.`,
  badMinimum: 'Minimum order amount must be an amount from $0.00 to $100,000.00.',
  requiredWithoutAmount: 'A required minimum order needs an amount above $0.00.',
  badFee: 'Delivery fee must be an amount from $0.00 to $100,000.00.',
} as const;

function isAmount(cents: number): boolean {
  return Number.isInteger(cents) && cents >= 0 && cents <= MAX_ORDERING_AMOUNT_CENTS;
}

/** Every rule the Ordering section and its API apply, as messages a person can act on (empty: fine). */
export function validateOrderingTerms(terms: OrderingTerms): string[] {
  const errors: string[] = [];
  const days = terms.deliveryWeekdays;
  if (days.length === 0) errors.push(ORDERING_TERMS_TEXT.noDeliveryDay);
  else if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 7) || new Set(days).size !== days.length) {
    errors.push(ORDERING_TERMS_TEXT.badWeekday);
  }
  if (terms.orderCutoffTime !== null && !CUTOFF_TIME.test(terms.orderCutoffTime)) errors.push(ORDERING_TERMS_TEXT.badCutoffTime);
  const before = terms.orderCutoffDaysBefore;
  if (!Number.isInteger(before) || before < 0 || before > MAX_CUTOFF_DAYS_BEFORE) errors.push(ORDERING_TERMS_TEXT.badCutoffDays);
  if (!isAmount(terms.minOrderAmount)) errors.push(ORDERING_TERMS_TEXT.badMinimum);
  else if (terms.isMinOrderAmountRequired && terms.minOrderAmount === 0) errors.push(ORDERING_TERMS_TEXT.requiredWithoutAmount);
  if (!isAmount(terms.deliveryFee)) errors.push(ORDERING_TERMS_TEXT.badFee);
  return errors;
}

/** The weekdays sorted Monday first, for storage and display. */
export function sortWeekdays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The Ordering inputs as typed: amounts in dollars, the cut-off '' for none. */
export interface OrderingTermsForm {
  deliveryWeekdays: number[];
  orderCutoffTime: string;
  orderCutoffDaysBefore: string;
  minOrderAmount: string;
  isMinOrderAmountRequired: boolean;
  deliveryFee: string;
}

const DOLLARS = /^\$?\s*(\d{1,9})(?:\.(\d{1,2}))?$/;

function parseDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim().replace(/,/g, ''));
  if (!match) return text.trim() === '' ? 0 : null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function formatDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function toOrderingTermsForm(terms: OrderingTerms): OrderingTermsForm {
  return {
    deliveryWeekdays: sortWeekdays(terms.deliveryWeekdays),
    orderCutoffTime: terms.orderCutoffTime ?? '',
    orderCutoffDaysBefore: String(terms.orderCutoffDaysBefore),
    minOrderAmount: formatDollars(terms.minOrderAmount),
    isMinOrderAmountRequired: terms.isMinOrderAmountRequired,
    deliveryFee: formatDollars(terms.deliveryFee),
  };
}

/** The typed inputs as terms (amounts to cents without a float) and every rule's message, empty when fine. */
export function parseOrderingTermsForm(form: OrderingTermsForm): { terms: OrderingTerms; errors: string[] } {
  const minimum = parseDollars(form.minOrderAmount);
  const fee = parseDollars(form.deliveryFee);
  const days = form.orderCutoffDaysBefore.trim();
  const terms: OrderingTerms = {
    deliveryWeekdays: sortWeekdays(form.deliveryWeekdays),
    orderCutoffTime: form.orderCutoffTime.trim() === '' ? null : form.orderCutoffTime.trim(),
    orderCutoffDaysBefore: /^\d{1,2}$/.test(days) ? Number(days) : days === '' ? 1 : -1,
    minOrderAmount: minimum ?? -1,
    isMinOrderAmountRequired: form.isMinOrderAmountRequired,
    deliveryFee: fee ?? -1,
  };
  return { terms, errors: validateOrderingTerms(terms) };
}
