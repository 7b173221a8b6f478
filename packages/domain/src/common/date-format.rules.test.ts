import { describe, expect, it } from 'vitest';
import { formatIsoDate, getIsoDateInTimeZone } from './date-format.rules';

describe('date formats', () => {
  it('renders the spec patterns from a date or a timestamp', () => {
    expect(formatIsoDate('2025-03-04')).toBe('03/04/2025');
    expect(formatIsoDate('2025-03-04T23:30:00Z', 'MM-DD-YYYY')).toBe('03-04-2025');
    expect(formatIsoDate('2025-12-31', 'MM/DD/YY')).toBe('12/31/25');
  });

  it('gives an empty text for what is not a date', () => {
    expect(formatIsoDate(null)).toBe('');
    expect(formatIsoDate('')).toBe('');
    expect(formatIsoDate('03/04/2025')).toBe('');
    expect(formatIsoDate('2025-13-01')).toBe('');
  });

  it('reads today in the location time zone', () => {
    const lateEvening = new Date('2025-03-05T03:30:00Z');
    expect(getIsoDateInTimeZone(lateEvening, 'America/New_York')).toBe('2025-03-04');
    expect(getIsoDateInTimeZone(lateEvening, 'Europe/Paris')).toBe('2025-03-05');
    expect(getIsoDateInTimeZone(lateEvening, 'Not/AZone')).toBe('2025-03-04');
  });
});
