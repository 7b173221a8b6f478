import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getTodayInZone, listOrderableDeliveryDates } from '../checkout/delivery-cutoff.rules';
import { getNextDeliveryDatesEnd, listNextDeliveryDates } from './delivery-horizon.rules';

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Australia/Sydney'];

describe('listNextDeliveryDates', () => {
  it('is the first dates checkout offers, whatever the schedule, zone and instant (cut-offs, DST days)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 3 }),
        (now, weekdays, cutoff, daysBefore, zone, count) => {
          const schedule = {
            deliveryWeekdays: weekdays,
            orderCutoffTime: cutoff ? `${String(cutoff[0]).padStart(2, '0')}:${String(cutoff[1]).padStart(2, '0')}` : null,
            orderCutoffDaysBefore: daysBefore,
          };
          expect(listNextDeliveryDates(now, schedule, zone, 21, count)).toEqual(
            listOrderableDeliveryDates(now, schedule, zone, 21).slice(0, count),
          );
        },
      ),
      { numRuns: 100 },
    );
    // The reference reads a time zone per date: slow on a loaded machine.
  }, 30_000);

  it('finds the next two Tuesdays and Fridays after a passed cut-off', () => {
    // Tuesday 2026-12-01 15:00 in New York: the Tuesday 2:00 PM same-day cut-off has passed.
    const now = Date.UTC(2026, 11, 1, 20);
    const schedule = { deliveryWeekdays: [2, 5], orderCutoffTime: '14:00', orderCutoffDaysBefore: 0 };
    expect(listNextDeliveryDates(now, schedule, 'America/New_York', 21, 2)).toEqual(['2026-12-04', '2026-12-08']);
  });
});

describe('getNextDeliveryDatesEnd', () => {
  it('is the first instant at which the next two dates or the location’s today differ (cut-offs, midnights, DST days)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...ZONES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (now, weekdays, cutoff, daysBefore, zone, between) => {
          const schedule = {
            deliveryWeekdays: weekdays,
            orderCutoffTime: cutoff ? `${String(cutoff[0]).padStart(2, '0')}:${String(cutoff[1]).padStart(2, '0')}` : null,
            orderCutoffDaysBefore: daysBefore,
          };
          const today = getTodayInZone(now, zone);
          const dates = listNextDeliveryDates(now, schedule, zone, 21, 2);
          const end = getNextDeliveryDatesEnd(dates, schedule, zone, today);
          expect(end).toBeGreaterThan(now);
          for (const t of [now + Math.floor((end - 1 - now) * between), end - 1]) {
            expect(getTodayInZone(t, zone)).toBe(today);
            expect(listNextDeliveryDates(t, schedule, zone, 21, 2)).toEqual(dates);
          }
          const changed =
            getTodayInZone(end, zone) !== today || listNextDeliveryDates(end, schedule, zone, 21, 2).join() !== dates.join();
          expect(changed).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it('ends at the first date’s cut-off, else at midnight', () => {
    // Tuesday 2026-12-01 10:00 in New York: Friday's 2:00 PM cut-off a day before is Thursday's.
    const schedule = { deliveryWeekdays: [5], orderCutoffTime: '14:00', orderCutoffDaysBefore: 1 };
    expect(getNextDeliveryDatesEnd(['2026-12-04'], schedule, 'America/New_York', '2026-12-01')).toBe(Date.UTC(2026, 11, 2, 5));
    // Thursday 2026-12-03 10:00: the cut-off comes before midnight.
    expect(getNextDeliveryDatesEnd(['2026-12-04'], schedule, 'America/New_York', '2026-12-03')).toBe(Date.UTC(2026, 11, 3, 19));
    expect(getNextDeliveryDatesEnd([], { ...schedule, orderCutoffTime: null }, 'America/New_York', '2026-12-03')).toBe(
      Date.UTC(2026, 11, 4, 5),
    );
  });
});
