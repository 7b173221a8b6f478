import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONVERSION_UNITS, convertUnit, findUnit, type ConversionFamily } from './units.rules';

describe('convertUnit (doc 2 §9)', () => {
  it("gives the spec's examples rounded to 2 decimals", () => {
    expect(convertUnit(1, 'l', 'fl oz')).toBe(33.81);
    expect(convertUnit(1, 'kg', 'lb')).toBe(2.2);
    expect(convertUnit(1, 'm', 'in')).toBe(39.37);
    expect(convertUnit(1000, 'l', 'fl oz')).toBe(33814.02);
    expect(convertUnit(100, 'kg', 'lb')).toBe(220.46);
    expect(convertUnit(10, 'm', 'in')).toBe(393.7);
    expect(convertUnit(1, 'gal', 'qt')).toBe(4);
    expect(convertUnit(1, 'lb', 'oz')).toBe(16);
    expect(convertUnit(2, 'dozen', 'each')).toBe(24);
  });

  it('refuses units of different tables', () => {
    expect(convertUnit(1, 'l', 'lb')).toBeNull();
    expect(convertUnit(1, 'm', 'g')).toBeNull();
    expect(convertUnit(1, 'furlongs', 'm')).toBeNull();
  });

  it('reads aliases and spellings', () => {
    expect(findUnit('LBS')?.name).toBe('lb');
    expect(findUnit('Fl. Oz')?.name).toBe('fl oz');
    expect(findUnit('EA')?.name).toBe('each');
  });

  const families: ConversionFamily[] = ['volume', 'mass', 'length', 'count'];
  const pair = fc.constantFrom(...families).chain((family) => {
    const units = CONVERSION_UNITS.filter((u) => u.family === family);
    return fc.tuple(fc.constantFrom(...units), fc.constantFrom(...units));
  });
  const quantity = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);

  it('round trips exactly through a unit at least as fine (fast-check)', () => {
    fc.assert(
      fc.property(pair, quantity, ([a, b], x) => {
        const [fine, coarse] = a.toBase.num * b.toBase.den <= b.toBase.num * a.toBase.den ? [a, b] : [b, a];
        const there = convertUnit(x, coarse, fine)!;
        expect(convertUnit(there, fine, coarse)).toBe(x);
      }),
    );
  });

  it('round trips through a coarser unit to within its rounding (fast-check)', () => {
    fc.assert(
      fc.property(pair, quantity, ([a, b], x) => {
        const back = convertUnit(convertUnit(x, a, b)!, b, a)!;
        const ratio = Number(b.toBase.num * a.toBase.den) / Number(b.toBase.den * a.toBase.num);
        expect(Math.abs(back - x)).toBeLessThanOrEqual(0.005 * ratio + 0.005 + 1e-9);
      }),
    );
  });

  it('converting to the same unit keeps the value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONVERSION_UNITS), quantity, (u, x) => {
        expect(convertUnit(x, u, u)).toBe(x);
      }),
    );
  });
});
