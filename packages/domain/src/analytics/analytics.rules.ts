/**
 * Analytics rules (doc 3 §2.4, §4 "Time filter", §9): the date range a filter covers on the
 * location's calendar, the donut colours and the order status shown in the analytics orders list.
 */
import { addDaysToIsoDate, isIsoDate } from '../orders/order-dates.rules';

export const ANALYTICS_FILTER_TYPES = ['WEEKLY', 'MONTHLY', 'YEARLY', 'CUSTOM'] as const;
export type AnalyticsFilterType = (typeof ANALYTICS_FILTER_TYPES)[number];

/** Analytics detail page size (doc 3 §9). */
export const ANALYTICS_DETAIL_PAGE_SIZE = 10;
/** Last purchased items page size (doc 3 §9). */
export const LAST_PURCHASED_PAGE_SIZE = 3;
/** Infinite scroll trigger, px from the bottom (doc 3 §9). */
export const ANALYTICS_SCROLL_THRESHOLD_PX = 600;
/** Item lookup box height and its load threshold (doc 3 §9). */
export const ITEM_LOOKUP_BOX_HEIGHT_PX = 400;
export const ITEM_LOOKUP_LOAD_THRESHOLD_PX = 800;
/** A custom range may span at most this many days (a decision: about five years). */
export const ANALYTICS_MAX_RANGE_DAYS = 1830;

/** Pie chart colours cycle over four colours (doc 3 §9). */
export const ANALYTICS_COLORS = ['#2f9e44', '#1c7ed6', '#f59f00', '#e8590c'] as const;

/** The colour of the n-th slice of a donut (0-based). */
export function getSliceColor(index: number): string {
  return ANALYTICS_COLORS[((index % ANALYTICS_COLORS.length) + ANALYTICS_COLORS.length) % ANALYTICS_COLORS.length];
}

/** A range of calendar days, both ends included, 'YYYY-MM-DD' on the location's calendar. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Day of the week of a 'YYYY-MM-DD' date: 0 Sunday … 6 Saturday. */
function getWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Whole days from `start` to `end` ('YYYY-MM-DD'), negative when end is before start. */
export function getDaysBetween(start: string, end: string): number {
  const toDay = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return toDay(end) - toDay(start);
}

/**
 * The days a time filter covers, given the location's today (doc 3 §4): WEEKLY is the calendar
 * week so far (Monday to today), MONTHLY the month so far, YEARLY the year so far, CUSTOM the
 * chosen start and end dates. Calendar periods, not rolling windows, so a week's figures match
 * the orders a person sees dated in that week.
 */
export function getAnalyticsRange(
  filterType: AnalyticsFilterType,
  today: string,
  custom?: { startDate?: string; endDate?: string },
): DateRange {
  switch (filterType) {
    case 'WEEKLY': {
      const sinceMonday = (getWeekday(today) + 6) % 7;
      return { startDate: addDaysToIsoDate(today, -sinceMonday), endDate: today };
    }
    case 'MONTHLY':
      return { startDate: `${today.slice(0, 8)}01`, endDate: today };
    case 'YEARLY':
      return { startDate: `${today.slice(0, 5)}01-01`, endDate: today };
    case 'CUSTOM': {
      const startDate = custom?.startDate;
      const endDate = custom?.endDate;
      if (!startDate || !endDate) throw new Error('A custom range needs start_date and end_date.');
      return { startDate, endDate };
    }
  }
}

/**
 * Why a custom range is refused, or null when it is fine: both dates real 'YYYY-MM-DD' dates, the
 * end not before the start, and at most ANALYTICS_MAX_RANGE_DAYS long.
 */
export function getCustomRangeProblem(startDate: string | undefined, endDate: string | undefined): string | null {
  if (!startDate || !endDate) return 'Choose a start_date and an end_date (YYYY-MM-DD) for a CUSTOM range.';
  if (!isIsoDate(startDate)) return 'start_date must be a date written YYYY-MM-DD.';
  if (!isIsoDate(endDate)) return 'end_date must be a date written YYYY-MM-DD.';
  const days = getDaysBetween(startDate, endDate);
  if (days < 0) return 'end_date must not be before start_date.';
  if (days >= ANALYTICS_MAX_RANGE_DAYS) return `A custom range may span at most ${ANALYTICS_MAX_RANGE_DAYS} days.`;
  return null;
}

/** The analytics orders list status (doc 3 §3 "Order row (analytics)"): received, cancelled, otherwise On the Way. */
export function getAnalyticsOrderStatusLabel(status: string): string {
  if (status === 'received' || status === 'electronically_received') return 'Received';
  if (status === 'cancelled') return 'Cancelled';
  return 'On the Way';
}

/** The category slice of what order totals hold beyond the priced lines (fees, later-priced specials, receiving edits). */
export const ANALYTICS_OTHER_CATEGORY = 'Fees & Adjustments';

/** The savings types of the total savings donut (doc 3 §3), in legend order. */
export const SAVINGS_TYPES = ['matchSavings', 'distributorSavings', 'rebateSavings', 'inventoryViewSavings'] as const;
export type SavingsType = (typeof SAVINGS_TYPES)[number];

/** Legend labels and info tooltips of the savings types (definitions in docs/decisions.md). */
export const SAVINGS_TYPE_INFO: Record<SavingsType, { label: string; info: string }> = {
  matchSavings: {
    label: 'Match Savings',
    info: 'Savings from accepted swaps: what the replaced item would have cost minus what the swapped item cost.',
  },
  distributorSavings: {
    label: 'Distributor Savings',
    info: 'Buying an item from the cheapest of your distributors that carry the same product: the dearest price minus the price paid.',
  },
  rebateSavings: {
    label: 'Rebate Savings',
    info: 'Manufacturer rebates earned on the cases you bought.',
  },
  inventoryViewSavings: {
    label: 'Inventory View Savings',
    info: 'Choosing the best-priced item inside an inventory group: the dearest alternative in the group minus the price paid.',
  },
};

/** The sum of a list of integer cent amounts (total savings = sum of its types; donut = headline). */
export function sumCents(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}

/** Purchase detail sorts (doc 3 §2.4): a column, '-' first for descending. Default highest spend first. */
export const ANALYTICS_PURCHASE_SORTS = [
  'name',
  '-name',
  'distributor',
  '-distributor',
  'total_quantity',
  '-total_quantity',
  'tot_spent',
  '-tot_spent',
] as const;
export type AnalyticsPurchaseSort = (typeof ANALYTICS_PURCHASE_SORTS)[number];
export const DEFAULT_ANALYTICS_PURCHASE_SORT: AnalyticsPurchaseSort = '-tot_spent';

/** Order list sorts: newest first by default. */
export const ANALYTICS_ORDER_SORTS = ['order_date', '-order_date', 'tot_amount', '-tot_amount'] as const;
export type AnalyticsOrderSort = (typeof ANALYTICS_ORDER_SORTS)[number];
export const DEFAULT_ANALYTICS_ORDER_SORT: AnalyticsOrderSort = '-order_date';

/** The next sort when a column header is clicked: first click descending for amounts, ascending for text. */
export function getNextAnalyticsSort(current: string, column: string): string {
  if (current === column) return `-${column}`;
  if (current === `-${column}`) return column;
  return column === 'name' || column === 'distributor' ? column : `-${column}`;
}
