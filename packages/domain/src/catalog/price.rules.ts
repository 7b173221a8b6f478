import { isIsoDate } from '../orders/order-dates.rules';

/** Fields of a list item that decide which price applies (doc 1 §3, §4). */
export interface PricedItem {
  type: 'item' | 'custom' | 'subrecipe';
  /** Guide price in cents. */
  price: number;
  /** Latest invoice price in cents, if any. */
  purchasedPrice: number | null;
  /** End date of the guide price, YYYY-MM-DD, or null. */
  endDate: string | null;
  isPriceOutdated: boolean;
  isFromInvoice: boolean;
}

// The upload refuses any end date that is not a real calendar day by this same check, so the
// rule and its SQL twin never meet a date they read differently (years 0000–0099).
function isValidIsoDate(value: string | null): value is string {
  return value !== null && isIsoDate(value);
}

/**
 * Where the effective item price comes from (doc 1 §4 "Price and sort rules"): a custom item uses
 * its price; a guide price whose end date is valid and in the future is used; once the end date is
 * past, or the invoice says the price is outdated, the invoice price is used when it is above 0 and
 * comes from an invoice; otherwise the guide price. `today` is the location's date, YYYY-MM-DD.
 */
export function getEffectivePriceSource(item: PricedItem, today: string): 'guide' | 'invoice' {
  if (item.type === 'custom') return 'guide';
  const end = isValidIsoDate(item.endDate) ? item.endDate : null;
  if (end !== null && end > today) return 'guide';
  const isStale = (end !== null && end < today) || item.isPriceOutdated;
  return isStale && item.isFromInvoice && (item.purchasedPrice ?? 0) > 0 ? 'invoice' : 'guide';
}

/** Effective item price (doc 1 §4): the invoice price or the guide price, as getEffectivePriceSource decides. */
export function getEffectivePrice(item: PricedItem, today: string): number {
  return getEffectivePriceSource(item, today) === 'invoice' ? item.purchasedPrice! : item.price;
}

/** Cuts a description to 50 characters with an ellipsis (doc 1 §2). */
export function truncateDescription(text: string, max = 50): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
