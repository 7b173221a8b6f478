import { describe, expect, it } from 'vitest';
import { cachedDateTimeFormat } from './date-time-format';

describe('cachedDateTimeFormat', () => {
  it('hands back the same formatter for the same locale and options, another for another zone', () => {
    const options = { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    const first = cachedDateTimeFormat('en-CA', options);
    expect(cachedDateTimeFormat('en-CA', { ...options })).toBe(first);
    expect(cachedDateTimeFormat('en-CA', { ...options, timeZone: 'Asia/Tokyo' })).not.toBe(first);
    // 2025-03-04 03:00 UTC is still March 3rd in Chicago and already March 4th in Tokyo.
    const instant = new Date('2025-03-04T03:00:00Z');
    expect(first.format(instant)).toBe('2025-03-03');
    expect(cachedDateTimeFormat('en-CA', { ...options, timeZone: 'Asia/Tokyo' }).format(instant)).toBe('2025-03-04');
  });

  it('throws for an unknown zone, as the constructor does, every time', () => {
    expect(() => cachedDateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => cachedDateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
