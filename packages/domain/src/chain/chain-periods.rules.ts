/**
 * How a range of days is read from the analytics rollups (issue 39 at chain scale, migration 0048):
 * whole years and months from their rollup rows, the rest from daily rows, and where a period is
 * mostly inside the range, the period less the days outside it. Sums are exact either way, so a
 * year to date is one year row (less the days still to come, which hold nothing) instead of 300
 * daily rows per distributor. Pure: the API turns the segments into one statement.
 */
import { getDaysBetween } from '../analytics/analytics.rules';
import { addDaysToIsoDate } from '../orders/order-dates.rules';

export type PeriodUnit = 'year' | 'month' | 'day';

/** Rows of `unit` from `start` to `end` (inclusive; a year or month is named by its first day), added or taken away. */
export interface PeriodSegment {
  unit: PeriodUnit;
  start: string;
  end: string;
  sign: 1 | -1;
}

const lastDayOfMonth = (monthStart: string): string => addDaysToIsoDate(`${nextMonthStart(monthStart)}`, -1);

function nextMonthStart(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Rows a set of segments reads, roughly: a period is one row, a run of days one a day. */
export function getSegmentsCost(segments: readonly PeriodSegment[]): number {
  return segments.reduce((sum, s) => sum + (s.unit === 'day' ? getDaysBetween(s.start, s.end) + 1 : 1), 0);
}

const negate = (segments: readonly PeriodSegment[]): PeriodSegment[] =>
  segments.map((s) => ({ ...s, sign: (s.sign === 1 ? -1 : 1) as 1 | -1 }));

/** Days `start`..`end` within one month: the days themselves, or the month less the other days, whichever reads less. */
function coverInMonth(start: string, end: string): PeriodSegment[] {
  const monthStart = `${start.slice(0, 8)}01`;
  const monthEnd = lastDayOfMonth(monthStart);
  const month: PeriodSegment = { unit: 'month', start: monthStart, end: monthEnd, sign: 1 };
  if (start === monthStart && end === monthEnd) return [month];
  const days: PeriodSegment[] = [{ unit: 'day', start, end, sign: 1 }];
  const outside: PeriodSegment[] = [];
  if (start > monthStart) outside.push({ unit: 'day', start: monthStart, end: addDaysToIsoDate(start, -1), sign: -1 });
  if (end < monthEnd) outside.push({ unit: 'day', start: addDaysToIsoDate(end, 1), end: monthEnd, sign: -1 });
  const less = [month, ...outside];
  return getSegmentsCost(less) < getSegmentsCost(days) ? less : days;
}

/** Days `start`..`end` within one year, month by month. */
function coverInYearByMonths(start: string, end: string): PeriodSegment[] {
  const segments: PeriodSegment[] = [];
  for (let monthStart = `${start.slice(0, 8)}01`; monthStart <= end; monthStart = nextMonthStart(monthStart)) {
    const from = start > monthStart ? start : monthStart;
    const monthEnd = lastDayOfMonth(monthStart);
    segments.push(...coverInMonth(from, end < monthEnd ? end : monthEnd));
  }
  return segments;
}

/** Days `start`..`end` within one year: by months, or the year less the days outside, whichever reads less. */
function coverInYear(start: string, end: string): PeriodSegment[] {
  const yearStart = `${start.slice(0, 4)}-01-01`;
  const yearEnd = `${start.slice(0, 4)}-12-31`;
  const year: PeriodSegment = { unit: 'year', start: yearStart, end: yearEnd, sign: 1 };
  if (start === yearStart && end === yearEnd) return [year];
  const months = coverInYearByMonths(start, end);
  const outside: PeriodSegment[] = [];
  if (start > yearStart) outside.push(...coverInYearByMonths(yearStart, addDaysToIsoDate(start, -1)));
  if (end < yearEnd) outside.push(...coverInYearByMonths(addDaysToIsoDate(end, 1), yearEnd));
  const less = [year, ...negate(outside)];
  return getSegmentsCost(less) < getSegmentsCost(months) ? less : months;
}

/**
 * Segments whose signed sum is exactly the days `start`..`end` (inclusive, 'YYYY-MM-DD'): every day
 * of the range counted once and every other day not at all, reading as few rows as it can.
 */
export function coverRangeByPeriods(start: string, end: string): PeriodSegment[] {
  const segments: PeriodSegment[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    const from = start > `${year}-01-01` ? start : `${year}-01-01`;
    const to = end < `${year}-12-31` ? end : `${year}-12-31`;
    segments.push(...coverInYear(from, to));
  }
  return segments;
}
