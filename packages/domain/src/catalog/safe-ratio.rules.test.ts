import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getNormalisedUnitPrice, getNormalisedUnitPriceExact, PACK_UNITS, parsePackSize, roundRatio } from './pack-size.rules';
import { gcdSafe, roundDivSafe, safeMul, toSafeRatio } from './safe-ratio.rules';

const MAX = Number.MAX_SAFE_INTEGER;

describe('exact integer arithmetic (safe-ratio.rules)', () => {
  it('rounds num/den as roundRatio does, halves away from zero, whatever the signs', () => {
    const part = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });
    fc.assert(
      fc.property(part, part, (num, den) => {
        fc.pre(den !== 0);
        expect(roundDivSafe(num, den)).toBe(Number(roundRatio(BigInt(num), BigInt(den))));
      }),
      { numRuns: 2_000 },
    );
    expect(roundDivSafe(5, 2)).toBe(3);
    expect(roundDivSafe(-5, 2)).toBe(-3);
    expect(roundDivSafe(7, -2)).toBe(-4);
    expect(roundDivSafe(1, 3)).toBe(0);
  });

  it('is exact up to the edge of the safe range, and refuses (NaN) rather than round wrongly beyond it', () => {
    const den = fc.integer({ min: 1, max: 1_000_000 });
    // Below a quarter of the range the result is always given.
    fc.assert(
      fc.property(fc.integer({ min: Math.floor(MAX / 8), max: Math.floor(MAX / 4) }), den, (num, d) => {
        expect(roundDivSafe(num, d)).toBe(Number(roundRatio(BigInt(num), BigInt(d))));
      }),
      { numRuns: 1_000 },
    );
    // Above it, it is either exact or refused.
    fc.assert(
      fc.property(fc.integer({ min: Math.floor(MAX / 4), max: MAX }), den, (num, d) => {
        const fast = roundDivSafe(num, d);
        if (!Number.isNaN(fast)) expect(fast).toBe(Number(roundRatio(BigInt(num), BigInt(d))));
      }),
      { numRuns: 1_000 },
    );
    expect(roundDivSafe(MAX, 3)).toBeNaN();
    expect(roundDivSafe(2 ** 60, 3)).toBeNaN();
    expect(safeMul(2 ** 30, 2 ** 30)).toBeNaN();
    expect(safeMul(2 ** 26, 2 ** 26)).toBe(2 ** 52);
  });

  it('reduces a BigInt ratio by its gcd, or says it does not fit', () => {
    expect(toSafeRatio({ num: 250n, den: 100n })).toEqual({ num: 5, den: 2 });
    expect(toSafeRatio({ num: 0n, den: 7n })).toEqual({ num: 0, den: 1 });
    expect(toSafeRatio({ num: 2n ** 70n, den: 3n })).toBeNull();
    expect(gcdSafe(0, 0)).toBe(0);
    expect(gcdSafe(-12, 18)).toBe(6);
  });

  it('keeps the sign on the numerator of a negative ratio (a credit), reduced', () => {
    expect(toSafeRatio({ num: -250n, den: 100n })).toEqual({ num: -5, den: 2 });
    expect(toSafeRatio({ num: -7n, den: 3n })).toEqual({ num: -7, den: 3 });
  });

  it('refuses (NaN) operands that are not safe integers, and a zero divisor, so the caller falls back', () => {
    expect(roundDivSafe(1.5, 2)).toBeNaN();
    expect(roundDivSafe(3, 2.5)).toBeNaN();
    expect(roundDivSafe(5, 0)).toBeNaN();
    expect(roundDivSafe(Number.NaN, 3)).toBeNaN();
  });
});

/** Pack sizes as a catalogue writes them: outer count, inner size with up to 3 decimals or a container, any unit. */
const packText = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 1, max: 500 }),
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(...Object.keys(PACK_UNITS)),
    )
    .map(([outer, digits, decimals, uom]) => {
      const text = String(digits).padStart(decimals + 1, '0');
      const inner = decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
      return `${outer}/${inner} ${uom}`;
    }),
  fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20 })).map(([outer, size]) => `${outer}/#${size} CN`),
);

describe('normalised unit price on integers (getNormalisedUnitPrice)', () => {
  it('equals the BigInt computation for any pack and price', () => {
    fc.assert(
      fc.property(packText, fc.integer({ min: 0, max: 100_000_000 }), (text, price) => {
        const pack = parsePackSize(text);
        fc.pre(pack !== null);
        expect(getNormalisedUnitPrice(price, pack!)).toBe(getNormalisedUnitPriceExact(price, pack!));
      }),
      { numRuns: 3_000 },
    );
  });

  it('falls back to BigInt where the integers would overflow, with the same answer', () => {
    const pack = parsePackSize('1/0.001 ML')!;
    const price = 9_000_000_000_000;
    expect(getNormalisedUnitPrice(price, pack)).toBe(getNormalisedUnitPriceExact(price, pack));
    expect(getNormalisedUnitPrice(8_000, parsePackSize('4/10 LB')!)).toBe(20_000);
  });
});
