/**
 * Expected use of a generic group (issue 37 "The model"): a daily use per weekday, from POS sales
 * forecast × recipe quantities (basis 'pos') or measured between completed counts (basis 'counts'),
 * and the use it adds up to over a span of days. Quantities are in the group's unit and carried in
 * hundredths (integers) so that every figure shown is exactly the sum of the figures beside it.
 */
import { getIsoWeekday } from '../checkout/checkout.rules';

/** Daily use per ISO weekday in hundredths of the group's unit: index 0 Monday … 6 Sunday. */
export type WeekdayUse = readonly number[];

export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A quantity in hundredths (2 decimals) of its unit, as the figures are shown. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const [ay, am, ad] = from.split('-').map(Number);
  const [by, bm, bd] = to.split('-').map(Number);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000);
}

/** A recipe line: a generic group's quantity (in its unit) or a sub-recipe's portion, with its waste. */
export type RecipeUseLine =
  | { kind: 'group'; groupId: number; quantity: number; wastePercent: number }
  | { kind: 'recipe'; recipe: RecipeUseNode; quantity: number; wastePercent: number };

/** A recipe as the model expands it: what one batch yields and what goes into it. */
export interface RecipeUseNode {
  /** How many portions (of the unit its users measure it in) one batch yields; above 0. */
  yieldQuantity: number;
  lines: readonly RecipeUseLine[];
}

/** Sub-recipes nest a few levels in practice; a deeper tree is a cycle the recipes area should refuse. */
const MAX_RECIPE_DEPTH = 8;

/**
 * Each generic group's quantity in one portion of the recipe (issue 37 (a)): sub-recipes expanded
 * in proportion to the portion used of their batch, waste bought on top (× (1 + waste%), the
 * recipes area's rule). A group reached through several lines adds up.
 */
export function expandRecipeUse(recipe: RecipeUseNode, depth = 0): Map<number, number> {
  const use = new Map<number, number>();
  if (depth > MAX_RECIPE_DEPTH || recipe.yieldQuantity <= 0) return use;
  for (const line of recipe.lines) {
    const factor = (line.quantity * (1 + line.wastePercent / 100)) / recipe.yieldQuantity;
    if (line.kind === 'group') {
      use.set(line.groupId, (use.get(line.groupId) ?? 0) + factor);
      continue;
    }
    for (const [groupId, perPortion] of expandRecipeUse(line.recipe, depth + 1)) {
      use.set(groupId, (use.get(groupId) ?? 0) + factor * perPortion);
    }
  }
  return use;
}

/** A menu item's forecast: average sold per ISO weekday (index 0 Monday) and the group used per sale. */
export interface MenuItemForecast {
  name: string;
  soldByWeekday: readonly number[];
  /** The group's quantity in one sale (expandRecipeUse of its recipe). */
  usePerSale: number;
}

/** Theoretical daily use per weekday (issue 37 (a)): Σ sold that weekday × use per sale, in hundredths. */
export function getPosWeekdayUse(menuItems: readonly MenuItemForecast[]): WeekdayUse {
  return WEEKDAY_SHORT.map((_, day) =>
    toHundredths(menuItems.reduce((sum, item) => sum + (item.soldByWeekday[day] ?? 0) * item.usePerSale, 0)),
  );
}

/** A completed count of the group: its date and what was on hand, in hundredths of the group's unit. */
export interface CountPoint {
  date: string;
  onHand: number;
}

/** Received into the group on a date (hundredths of its unit). */
export interface ReceiptPoint {
  date: string;
  quantity: number;
}

/** A span between two consecutive counts on different days, with the use in it (hundredths). */
export interface CountInterval {
  from: string;
  to: string;
  days: number;
  used: number;
}

/**
 * The spans between consecutive counts: count before + received in between − count after. The
 * model's use by weekday and the backtest's actual use both read use this one way.
 */
export function listCountIntervals(counts: readonly CountPoint[], receipts: readonly ReceiptPoint[]): CountInterval[] {
  const sorted = [...counts].sort((a, b) => a.date.localeCompare(b.date));
  const intervals: CountInterval[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1];
    const after = sorted[i];
    const days = daysBetween(before.date, after.date);
    if (days <= 0) continue;
    const received = receipts.filter((r) => r.date > before.date && r.date <= after.date).reduce((sum, r) => sum + r.quantity, 0);
    // A count after that is higher than everything available means a miscount: no use, not a negative one.
    intervals.push({ from: before.date, to: after.date, days, used: Math.max(0, before.onHand + received - after.onHand) });
  }
  return intervals;
}

/**
 * Actual daily use per weekday measured between counts (issue 37 (b)): each interval's use is
 * spread evenly over the days between its counts and credited to each of those days' weekdays; a
 * weekday's use is the average over the days of it seen. Short intervals (daily counts) show the
 * weekly rhythm; a weekday never seen takes the average of all days. Null with fewer than two
 * counts on different days.
 */
export function measureWeekdayUse(counts: readonly CountPoint[], receipts: readonly ReceiptPoint[]): WeekdayUse | null {
  const total = [0, 0, 0, 0, 0, 0, 0];
  const seen = [0, 0, 0, 0, 0, 0, 0];
  for (const { from, days, used } of listCountIntervals(counts, receipts)) {
    // Weekdays follow each other: one calendar read per interval, not one per day (the request's hot loop).
    const first = getIsoWeekday(from) - 1;
    for (let d = 0; d < days; d += 1) {
      const weekday = (first + d) % 7;
      total[weekday] += used / days;
      seen[weekday] += 1;
    }
  }
  const allDays = seen.reduce((a, b) => a + b, 0);
  if (allDays === 0) return null;
  const average = total.reduce((a, b) => a + b, 0) / allDays;
  return total.map((sum, day) => Math.round(seen[day] > 0 ? sum / seen[day] : average));
}

/** Expected use over the days from `from` up to (not including) `to`: the weekday uses added up, in hundredths. */
export function sumExpectedUse(use: WeekdayUse, from: string, to: string): number {
  let sum = 0;
  const days = daysBetween(from, to);
  if (days <= 0) return 0;
  const first = getIsoWeekday(from) - 1;
  for (let d = 0; d < days; d += 1) sum += use[(first + d) % 7] ?? 0;
  return sum;
}

/** The busiest weekdays as text ("Fri–Sat", "Sat"), for the explanation; '' when use is flat or nil. */
export function describeBusiestDays(use: WeekdayUse): string {
  const max = Math.max(...use);
  if (max <= 0 || use.every((u) => u === max)) return '';
  const days = use.map((u, i) => (u === max ? i : -1)).filter((i) => i >= 0);
  const isRun = days.every((d, i) => i === 0 || d === days[i - 1] + 1);
  if (days.length > 1 && isRun) return `${WEEKDAY_SHORT[days[0]]}–${WEEKDAY_SHORT[days[days.length - 1]]}`;
  return days.map((d) => WEEKDAY_SHORT[d]).join(', ');
}
