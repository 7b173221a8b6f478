import fc from 'fast-check';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { formatInZone, getLocalDate, getLocalInstant } from './zone-clock';

dayjs.extend(utc);
dayjs.extend(timezone);

// Zones whose clocks change at midnight (Santiago, Havana, Beirut), by half an hour (Lord Howe),
// or that skipped a whole day (Apia, 30 December 2011), besides the usual ones.
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Pacific/Chatham',
  'UTC',
];
// Around clock changes of these zones, and any time in 2010–2030.
const AROUND = [
  Date.UTC(2011, 11, 29, 10),
  Date.UTC(2026, 2, 8, 7),
  Date.UTC(2026, 3, 5, 3),
  Date.UTC(2026, 8, 6, 4),
  Date.UTC(2026, 10, 1, 5),
];
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) }),
  fc
    .tuple(fc.constantFrom(...AROUND), fc.integer({ min: -36 * 3_600_000, max: 36 * 3_600_000 }))
    .map(([at, shift]) => at + shift),
);

describe('zone clock', () => {
  it("gives each instant's local date as the zone says, whatever was asked before (the day is remembered)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(instant, { minLength: 1, maxLength: 40 }), (zone, instants) => {
        for (const at of instants) {
          expect(getLocalDate(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(dayjs(at).tz(zone).format('YYYY-MM-DD'));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('crosses a year of midnight clock changes, every three hours and a millisecond before', () => {
    for (const zone of ['America/Santiago', 'Asia/Beirut']) {
      for (let at = Date.UTC(2025, 11, 25); at < Date.UTC(2026, 11, 25); at += 3 * 3_600_000) {
        expect(getLocalDate(at, zone)).toBe(dayjs(at).tz(zone).format('YYYY-MM-DD'));
        expect(getLocalDate(at - 1, zone)).toBe(
          dayjs(at - 1)
            .tz(zone)
            .format('YYYY-MM-DD'),
        );
      }
    }
  }, 30_000);

  it('remembers instants and formats exactly as dayjs answers them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, day, hour, minute) => {
          const date = new Date(day).toISOString().slice(0, 10);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const expected = dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', zone).valueOf();
          expect(getLocalInstant(date, time, zone)).toBe(expected);
          expect(getLocalInstant(date, time, zone)).toBe(expected);
          expect(formatInZone(expected, zone, 'h:mm A dddd')).toBe(dayjs(expected).tz(zone).format('h:mm A dddd'));
        },
      ),
      { numRuns: 200 },
    );
  });
});
