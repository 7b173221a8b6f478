import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate } from '../orders/order-dates.rules';
import { coverRangeByPeriods, getSegmentsCost, type PeriodSegment } from './chain-periods.rules';

/** How many times each day of [from, to] is counted by the segments. */
function countDays(segments: readonly PeriodSegment[], from: string, to: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let day = from; day <= to; day = addDaysToIsoDate(day, 1)) counts.set(day, 0);
  for (const s of segments) {
    for (let day = s.start; day <= s.end; day = addDaysToIsoDate(day, 1)) counts.set(day, (counts.get(day) ?? 0) + s.sign);
  }
  return counts;
}

describe('coverRangeByPeriods', () => {
  it('reads a year to date as the year less what is still to come', () => {
    const segments = coverRangeByPeriods('2026-01-01', '2026-11-26');
    expect(segments).toEqual([
      { unit: 'year', start: '2026-01-01', end: '2026-12-31', sign: 1 },
      { unit: 'day', start: '2026-11-27', end: '2026-11-30', sign: -1 },
      { unit: 'month', start: '2026-12-01', end: '2026-12-31', sign: -1 },
    ]);
  });

  it('reads a week as its days, and a whole month as one row', () => {
    expect(coverRangeByPeriods('2026-11-23', '2026-11-26')).toEqual([
      { unit: 'day', start: '2026-11-23', end: '2026-11-26', sign: 1 },
    ]);
    expect(coverRangeByPeriods('2026-02-01', '2026-02-28')).toEqual([
      { unit: 'month', start: '2026-02-01', end: '2026-02-28', sign: 1 },
    ]);
  });

  it('counts every day of the range once and no other day (across years, leap days and month ends)', () => {
    const day = fc.integer({ min: 0, max: 3 * 366 }).map((n) => addDaysToIsoDate('2023-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 500 }), (start, length) => {
        const end = addDaysToIsoDate(start, length);
        const segments = coverRangeByPeriods(start, end);
        const counts = countDays(segments, addDaysToIsoDate(start, -400), addDaysToIsoDate(end, 400));
        for (const [d, count] of counts) expect(count, d).toBe(d >= start && d <= end ? 1 : 0);
        // Never more rows than the days themselves.
        expect(getSegmentsCost(segments)).toBeLessThanOrEqual(length + 1);
      }),
      { numRuns: 60 },
    );
  });
});
