import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, formatInstantMdy, formatIsoDateMdy, getLocationToday, isIsoDate } from './order-dates.rules';

describe('location dates', () => {
  it('shows an instant as the calendar date in the location time zone', () => {
    const lateEvening = new Date('2026-11-23T03:30:00Z'); // 22:30 on the 22nd in New York
    expect(formatInstantMdy(lateEvening, 'America/New_York')).toBe('11/22/2026');
    expect(formatInstantMdy(lateEvening, 'UTC')).toBe('11/23/2026');
    expect(getLocationToday(lateEvening, 'America/New_York')).toBe('2026-11-22');
    expect(formatIsoDateMdy('2026-01-05')).toBe('01/05/2026');
    expect(formatIsoDateMdy(null)).toBe('');
  });

  it('checks and moves calendar dates', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('11/22/2026')).toBe(false);
    expect(addDaysToIsoDate('2026-12-30', 3)).toBe('2027-01-02');
  });
});
