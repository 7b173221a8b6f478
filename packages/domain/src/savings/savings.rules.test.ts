import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePackSize } from '../catalog/pack-size.rules';
import {
  describeSwapOffer,
  getOrderedSwapSavings,
  getSwapOffer,
  getSwapQuantity,
  isSwapOfferWorthShowing,
  isSwapQuantityAllowed,
} from './savings.rules';

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

describe('swap offer: every savings figure adds up', () => {
  it('derives the line and per-case savings from the two line totals', () => {
    // the same pack: the per-case figure is the price difference
    expect(getSwapOffer(3, 4800, '12/1 QT', 4500, '12/1 QT')).toEqual({
      swapQuantity: 3,
      currentTotal: 14400,
      swapTotal: 13500,
      lineSavings: 900,
      savingsPerCase: 300,
    });
    // the contradiction of issue 23: cheaper per pound, but 1 case of 4/10 LB (40 lb) needs a whole 1/50 LB sack
    const roundedUp = getSwapOffer(1, 4000, '4/10 LB', 4500, '1/50 LB');
    expect(roundedUp).toMatchObject({ swapQuantity: 1, lineSavings: -500, savingsPerCase: -500 });
    expect(isSwapOfferWorthShowing('SavingsOption', roundedUp)).toBe(false);
    expect(isSwapOfferWorthShowing('ExactMatch', roundedUp)).toBe(true);
    // 5 cases (200 lb) fit 4 sacks: $200 → $180
    const fits = getSwapOffer(5, 4000, '4/10 LB', 4500, '1/50 LB');
    expect(fits).toMatchObject({ swapQuantity: 4, lineSavings: 2000, savingsPerCase: 400 });
    expect(isSwapOfferWorthShowing('SavingsOption', fits)).toBe(true);
    // 1 case of 1/10 LB for 2 cases of 1/5 LB: the per-case figure is per case in the cart
    expect(getSwapOffer(1, 10000, '1/10 LB', 2781, '1/5 LB')).toMatchObject({
      swapQuantity: 2,
      lineSavings: 4438,
      savingsPerCase: 4438,
    });
  });

  it('says it in one direction', () => {
    expect(describeSwapOffer(5, getSwapOffer(5, 4000, '4/10 LB', 4500, '1/50 LB'))).toBe(
      'Save $4.00 per case · $20.00 less for this line (5 case(s) now, 4 after the swap)',
    );
    expect(describeSwapOffer(1, getSwapOffer(1, 4000, '4/10 LB', 4500, '1/50 LB'))).toBe(
      '$5.00 more per case · $5.00 more for this line (1 case(s) now, 1 after the swap)',
    );
    expect(describeSwapOffer(2, getSwapOffer(2, 4000, '4/10 LB', 4000, '4/10 LB'))).toBe(
      'No saving for this line (2 case(s) now, 2 after the swap)',
    );
  });

  const unitArb = fc.constantFrom('LB', 'OZ');
  const packArb = fc
    .record({ outer: fc.integer({ min: 1, max: 48 }), inner: fc.integer({ min: 1, max: 160 }), unit: unitArb })
    .map((p) => `${p.outer}/${p.inner} ${p.unit}`);
  const priceArb = fc.integer({ min: 1, max: 500_000 });
  const quantityArb = fc.integer({ min: 1, max: 5_000 });

  it('never lets the per-case and the line savings contradict each other (property)', () => {
    fc.assert(
      fc.property(quantityArb, priceArb, packArb, priceArb, packArb, (quantity, oldPrice, oldPack, newPrice, newPack) => {
        const offer = getSwapOffer(quantity, oldPrice, oldPack, newPrice, newPack);
        expect(offer.currentTotal).toBe(quantity * oldPrice);
        expect(offer.swapTotal).toBe(offer.swapQuantity * newPrice);
        expect(offer.lineSavings).toBe(offer.currentTotal - offer.swapTotal);
        // same direction, or a per-case figure that rounds to zero
        expect(Math.sign(offer.savingsPerCase) * Math.sign(offer.lineSavings)).toBeGreaterThanOrEqual(0);
        if (offer.savingsPerCase !== 0) expect(Math.sign(offer.savingsPerCase)).toBe(Math.sign(offer.lineSavings));
        // per case × cases is the line savings, to half a cent per case
        expect(2 * Math.abs(offer.savingsPerCase * quantity - offer.lineSavings)).toBeLessThanOrEqual(quantity);
        // the sentence never says save and more at once
        const text = describeSwapOffer(quantity, offer);
        expect(text.startsWith('Save') && text.includes('more')).toBe(false);
        expect(!text.startsWith('Save') && text.includes('less')).toBe(false);
        // a savings option is shown only when it saves on the line
        if (isSwapOfferWorthShowing('SavingsOption', offer)) expect(text.startsWith('Save')).toBe(true);
      }),
    );
  });

  it('in the same pack, saves the price difference on every case (property)', () => {
    fc.assert(
      fc.property(quantityArb, priceArb, packArb, priceArb, (quantity, oldPrice, pack, newPrice) => {
        const offer = getSwapOffer(quantity, oldPrice, pack, newPrice, pack);
        expect(offer.swapQuantity).toBe(quantity);
        expect(offer.savingsPerCase).toBe(oldPrice - newPrice);
        expect(offer.lineSavings).toBe(quantity * (oldPrice - newPrice));
      }),
    );
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
