import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, formatUnitPrice, parseCents, parseDecimal, parseUnitPrice, toDecimalString } from './money.rules';

describe('money', () => {
  it('parses SQL numerics into integer minor units without floats', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('7')).toBe(700);
    expect(parseUnitPrice('0.0049')).toBe(49);
    expect(parseCents('-3.50')).toBe(-350);
  });

  it('rounds half away from zero past the scale', () => {
    expect(parseCents('1.005')).toBe(101);
    expect(parseCents('1.004')).toBe(100);
    expect(parseDecimal('2.99995', 4)).toBe(30000);
  });

  it('refuses text that is not a decimal', () => {
    expect(() => parseCents('12,34')).toThrow('Not a decimal amount');
    expect(() => parseCents('abc')).toThrow();
  });

  it('round-trips any integer amount through its decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (amount, scale) => {
        expect(parseDecimal(toDecimalString(amount, scale), scale)).toBe(amount);
      }),
    );
  });

  it('formats money as $0,0.00', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-505)).toBe('-$5.05');
  });

  it('formats unit prices to 4 decimals and flags those under a cent', () => {
    expect(formatUnitPrice(12345)).toBe('$1.2345');
    expect(formatUnitPrice(100)).toBe('$0.0100');
    expect(formatUnitPrice(99)).toBe('Unit Price below $0.01');
    expect(formatUnitPrice(0)).toBe('Unit Price below $0.01');
  });
});
