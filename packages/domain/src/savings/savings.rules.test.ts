import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePackSize } from '../catalog/pack-size.rules';
import { getOrderedSwapSavings, getSwapLineSavings, getSwapQuantity, isSwapQuantityAllowed } from './savings.rules';

describe('swap quantity', () => {
  it('covers the same base quantity, rounded up to whole cases', () => {
    // 3 × 12 qt = 36 qt; a 4/1 GAL case holds 16 qt → 2.25 cases → 3
    expect(getSwapQuantity(3, '12/1 QT', '4/1 GAL')).toBe(3);
    // 2 × 4/10 LB = 80 lb; 1/50 LB sacks → 1.6 → 2
    expect(getSwapQuantity(2, '4/10 LB', '1/50 LB')).toBe(2);
    // same pack → same quantity
    expect(getSwapQuantity(5, '6/#10 CN', '6/#10 CN')).toBe(5);
    // a larger case covers the same in fewer cases: 4 × 1/25 LB = 100 lb → 2 × 1/50 LB
    expect(getSwapQuantity(4, '1/25 LB', '1/50 LB')).toBe(2);
    // across units of one family: 24 × 16 oz = 24 lb; 1/10 LB → 2.4 → 3
    expect(getSwapQuantity(1, '24/16 OZ', '1/10 LB')).toBe(3);
  });

  it('never goes below one case', () => {
    expect(getSwapQuantity(1, '1/1 LB', '1/50 LB')).toBe(1);
  });

  it('keeps the quantity when the packs cannot be compared', () => {
    expect(getSwapQuantity(4, '6/#10 CN', '4/1 GAL')).toBe(4);
    expect(getSwapQuantity(4, 'case', '4/1 GAL')).toBe(4);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    expect(() => getSwapQuantity(0, '4/1 GAL', '4/1 GAL')).toThrow();
    expect(() => getSwapQuantity(1.5, '4/1 GAL', '4/1 GAL')).toThrow();
  });

  it('always covers the old quantity, and one case less would not (property)', () => {
    const packArb = fc.record({ outer: fc.integer({ min: 1, max: 48 }), inner: fc.integer({ min: 1, max: 160 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), packArb, packArb, (quantity, a, b) => {
        const oldPack = `${a.outer}/${a.inner} OZ`;
        const newPack = `${b.outer}/${b.inner} OZ`;
        const swapped = getSwapQuantity(quantity, oldPack, newPack);
        const oldTotal = BigInt(quantity) * parsePackSize(oldPack)!.totalBase.num;
        const newCase = parsePackSize(newPack)!.totalBase.num;
        expect(BigInt(swapped) * newCase >= oldTotal).toBe(true);
        if (swapped > 1) expect(BigInt(swapped - 1) * newCase < oldTotal).toBe(true);
      }),
    );
  });

  it('knows the cart limit', () => {
    expect(isSwapQuantityAllowed(1)).toBe(true);
    expect(isSwapQuantityAllowed(99_999)).toBe(true);
    expect(isSwapQuantityAllowed(100_000)).toBe(false);
  });
});

describe('line savings', () => {
  it('compares what the old and the new line cost', () => {
    expect(getSwapLineSavings(3, 4800, 3, 5600)).toBe(-2400);
    expect(getSwapLineSavings(4, 4800, 3, 5600)).toBe(2400);
  });
});

describe('ordered swap savings', () => {
  it('counts the savings per old case over the old cases the new ones replace', () => {
    // $6 a case of 12/1 QT (3 gal); 3 cases of 4/1 GAL = 12 gal = 4 old cases → $24
    expect(getOrderedSwapSavings(600, 3, '12/1 QT', '4/1 GAL')).toBe(2400);
    expect(getOrderedSwapSavings(250, 2, '6/#10 CN', '6/#10 CN')).toBe(500);
    // incomparable packs: case for case
    expect(getOrderedSwapSavings(100, 3, 'case', '4/1 GAL')).toBe(300);
  });
});
