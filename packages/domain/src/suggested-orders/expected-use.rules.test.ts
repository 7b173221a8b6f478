import { describe, expect, it } from 'vitest';
import { listCountIntervals, measureWeekdayUse } from './expected-use.rules';

describe('listCountIntervals', () => {
  it('reads count before + received in between − count after, per span of days, in date order', () => {
    const counts = [
      { date: '2026-11-10', onHand: 500 },
      { date: '2026-11-03', onHand: 2000 },
      { date: '2026-11-12', onHand: 900 },
    ];
    // Received on the day of a count belongs to the span it closes; the day of the earlier count does not.
    const receipts = [
      { date: '2026-11-03', quantity: 9999 },
      { date: '2026-11-06', quantity: 1000 },
      { date: '2026-11-12', quantity: 700 },
    ];
    expect(listCountIntervals(counts, receipts)).toEqual([
      { from: '2026-11-03', to: '2026-11-10', days: 7, used: 2000 + 1000 - 500 },
      { from: '2026-11-10', to: '2026-11-12', days: 2, used: 500 + 700 - 900 },
    ]);
  });

  it('skips two counts on one day, and a later count above what was there reads no use, never negative', () => {
    const counts = [
      { date: '2026-11-03', onHand: 100 },
      { date: '2026-11-03', onHand: 120 },
      { date: '2026-11-05', onHand: 400 },
    ];
    expect(listCountIntervals(counts, [])).toEqual([{ from: '2026-11-03', to: '2026-11-05', days: 2, used: 0 }]);
  });

  it('is what the weekday use spreads: seven days of 700 read 100 a day on every weekday', () => {
    const counts = [
      { date: '2026-11-02', onHand: 800 },
      { date: '2026-11-09', onHand: 100 },
    ];
    expect(measureWeekdayUse(counts, [])).toEqual([100, 100, 100, 100, 100, 100, 100]);
  });
});
