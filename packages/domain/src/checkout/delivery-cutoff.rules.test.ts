import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getIsoWeekday } from './checkout.rules';
import {
  getDeliveryCutoffNote,
  getOrderByText,
  getOrderCutoffInstant,
  getTodayInZone,
  isDeliveryDateOrderable,
  listOrderableDeliveryDates,
  type DeliverySchedule,
} from './delivery-cutoff.rules';

const CHICAGO = 'America/Chicago';
const schedule: DeliverySchedule = { deliveryWeekdays: [3], orderCutoffTime: '14:00', orderCutoffDaysBefore: 1 };

describe('delivery dates from weekdays, cut-off and time zone', () => {
  // Tuesday 2026-11-24, 13:59 and 14:00 in Chicago (CST, UTC-6).
  const beforeCutoff = Date.UTC(2026, 10, 24, 19, 59);
  const atCutoff = Date.UTC(2026, 10, 24, 20, 0);

  it('offers Wednesday until 2:00 PM Tuesday in the location time zone, then the next Wednesday', () => {
    expect(listOrderableDeliveryDates(beforeCutoff, schedule, CHICAGO, 14)).toEqual(['2026-11-25', '2026-12-02']);
    expect(listOrderableDeliveryDates(atCutoff, schedule, CHICAGO, 14)).toEqual(['2026-12-02']);
    // The same instant is still before 2:00 PM in Los Angeles.
    expect(listOrderableDeliveryDates(atCutoff, schedule, 'America/Los_Angeles', 14)[0]).toBe('2026-11-25');
  });

  it('says why a date is missing and when to order', () => {
    expect(getOrderByText('2026-11-25', schedule, CHICAGO)).toBe('Order by 2:00 PM Tuesday for Wednesday delivery');
    expect(getDeliveryCutoffNote(beforeCutoff, schedule, CHICAGO, 14)).toBe('Order by 2:00 PM Tuesday for Wednesday delivery.');
    expect(getDeliveryCutoffNote(atCutoff, schedule, CHICAGO, 14)).toBe(
      'Too late for Wednesday delivery: the cut-off was 2:00 PM Tuesday. Order by 2:00 PM Tuesday for Wednesday delivery.',
    );
    expect(getDeliveryCutoffNote(atCutoff, { ...schedule, orderCutoffTime: null }, CHICAGO, 14)).toBeNull();
  });

  it('without a cut-off offers today when it is a delivery day, and never yesterday', () => {
    const open: DeliverySchedule = { deliveryWeekdays: [1, 2, 3, 4, 5], orderCutoffTime: null, orderCutoffDaysBefore: 1 };
    expect(listOrderableDeliveryDates(atCutoff, open, CHICAGO, 3)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(isDeliveryDateOrderable(atCutoff, '2026-11-23', open, CHICAGO)).toBe(false);
  });

  it('keeps the cut-off at its local time across a DST change', () => {
    // Clocks went back on Sunday 2026-11-01 in Chicago: Monday's 2:00 PM is 20:00 UTC, Saturday's was 19:00 UTC.
    const monday = getOrderCutoffInstant('2026-11-03', schedule, CHICAGO);
    expect(new Date(monday!).toISOString()).toBe('2026-11-02T20:00:00.000Z');
    const saturday = getOrderCutoffInstant('2026-11-01', schedule, CHICAGO);
    expect(new Date(saturday!).toISOString()).toBe('2026-10-31T19:00:00.000Z');
  });
});

// Instants within a few days of the 2026 US and EU DST changes.
const DST_CHANGES = [Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)];
const zone = fc.constantFrom(
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'Europe/London',
  'Pacific/Honolulu',
);
const instant = fc
  .tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -4 * 86_400_000, max: 4 * 86_400_000 }))
  .map(([a, b]) => a + b);
const scheduleArb: fc.Arbitrary<DeliverySchedule> = fc.record({
  deliveryWeekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  orderCutoffTime: fc.option(
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  ),
  orderCutoffDaysBefore: fc.integer({ min: 0, max: 7 }),
});

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

describe('delivery dates across DST changes (fast-check)', () => {
  it('offers exactly the delivery weekdays in the window whose cut-off is still ahead', () => {
    fc.assert(
      fc.property(instant, scheduleArb, zone, (now, terms, tz) => {
        const offered = listOrderableDeliveryDates(now, terms, tz, 14);
        const today = getTodayInZone(now, tz);
        for (let offset = 0; offset < 14; offset += 1) {
          const date = addDays(today, offset);
          const cutoff = getOrderCutoffInstant(date, terms, tz);
          const expected = terms.deliveryWeekdays.includes(getIsoWeekday(date)) && (cutoff === null || now < cutoff);
          expect(offered.includes(date)).toBe(expected);
        }
      }),
    );
  });

  it('puts the cut-off on its local day and time, one hour later at most in a spring-forward gap', () => {
    fc.assert(
      fc.property(instant, scheduleArb, zone, (now, terms, tz) => {
        fc.pre(terms.orderCutoffTime !== null);
        const date = addDays(getTodayInZone(now, tz), 3);
        const cutoff = getOrderCutoffInstant(date, terms, tz)!;
        const local = new Intl.DateTimeFormat('en-CA', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(cutoff);
        const [day, time] = local.split(', ');
        expect(day).toBe(addDays(date, -terms.orderCutoffDaysBefore));
        const [h, m] = terms.orderCutoffTime!.split(':').map(Number);
        const [lh, lm] = time.split(':').map(Number);
        const drift = lh * 60 + lm - (h * 60 + m);
        expect(drift === 0 || drift === 60).toBe(true);
      }),
    );
  });
});
