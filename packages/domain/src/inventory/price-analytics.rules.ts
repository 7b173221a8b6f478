/**
 * Price analytics of a generic group (doc 2 §2 "/place-order/inventory/analytics", §9 "Price
 * analytics covers the last 12 months with a roughly 31-day tick"): twelve windows of 31 days
 * ending today, each labelled MM/YY by the month it starts in.
 */
import { addDaysToIsoDate } from '../orders/order-dates.rules';

export const PRICE_ANALYTICS_TICKS = 12;
export const PRICE_ANALYTICS_TICK_DAYS = 31;
export const PRICE_ANALYTICS_EMPTY_TEXT = 'No Data Found!';

/** The start dates (YYYY-MM-DD, oldest first) of the windows; the last one holds `today`. */
export function getPriceAnalyticsStarts(today: string): string[] {
  return Array.from({ length: PRICE_ANALYTICS_TICKS }, (_, index) =>
    addDaysToIsoDate(today, -PRICE_ANALYTICS_TICK_DAYS * (PRICE_ANALYTICS_TICKS - index) + 1),
  );
}

/** A window's label: the month and two-digit year it starts in ("2026-03-14" → "03/26"). */
export function formatPriceAnalyticsTick(startDate: string): string {
  return `${startDate.slice(5, 7)}/${startDate.slice(2, 4)}`;
}

/** Whether a group's points hold any price at all (else the chart shows the empty text). */
export function hasPriceAnalytics(points: readonly { price: number | null }[]): boolean {
  return points.some((point) => point.price !== null);
}

/** How a price chart is named for people using a screen reader and in its legend ("Average price paid per lb"). */
export function describePriceAnalytics(unit: string): string {
  return `Average price paid per ${unit}`;
}
