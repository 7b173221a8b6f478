import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatLineAmount,
  formatLinesTotal,
  getLineAmount,
  getUncountedLinesText,
  parseWeight,
  sumLineAmounts,
  type LinePricing,
} from './line-amount.rules';
import { getMinimumOrderProgress, getOrderTotals, isBelowMinimumOrder } from '../checkout/checkout.rules';

const caseLine: LinePricing = {
  quantity: 2,
  price: 4500,
  unitMeasure: 'CS',
  isMarketPrice: false,
  isCatchWeight: false,
  averageWeight: null,
};
const ribeye: LinePricing = {
  ...caseLine,
  quantity: 1,
  price: 1532,
  unitMeasure: 'LB',
  isCatchWeight: true,
  averageWeight: '31.5000',
};

describe('the amount of a line', () => {
  it('is quantity × case price for a case item', () => {
    expect(getLineAmount(caseLine)).toEqual({ kind: 'exact', cents: 9000 });
    expect(formatLineAmount(getLineAmount(caseLine))).toBe('$90.00');
  });

  it('estimates a catch-weight case at its average weight: 31.5 lb × $15.32 = $482.58', () => {
    const amount = getLineAmount(ribeye);
    expect(amount).toMatchObject({ kind: 'estimate', cents: 48_258 });
    expect(formatLineAmount(amount)).toBe('≈ $482.58, about 31.5 lb');
  });

  it('estimates several cases at quantity × average weight, rounding the cents half up', () => {
    // 3 × 12.345 lb = 37.035 lb × $4.15 = $153.69525
    const amount = getLineAmount({ ...ribeye, quantity: 3, price: 415, averageWeight: '12.345' });
    expect(amount).toMatchObject({ kind: 'estimate', cents: 15_370 });
    expect(formatLineAmount(amount)).toBe('≈ $153.70, about 37 lb');
  });

  it('is exact at the weight received', () => {
    expect(getLineAmount({ ...ribeye, quantity: 2, receivedWeight: '60.25' })).toEqual({ kind: 'exact', cents: 92_303 });
  });

  it('converts the pounds into the unit the price is per', () => {
    // 2.2 lb = 0.99790321 kg at $10.00/kg
    expect(getLineAmount({ ...ribeye, price: 1000, unitMeasure: 'KG', averageWeight: '2.2' })).toMatchObject({ cents: 998 });
  });

  it('says "priced by weight" when no average weight is known', () => {
    for (const averageWeight of [null, '', '0', 'abc']) {
      const amount = getLineAmount({ ...ribeye, averageWeight });
      expect(amount).toEqual({ kind: 'by-weight' });
      expect(formatLineAmount(amount)).toBe('priced by weight');
    }
  });

  it('prices a catch-weight item sold by the case by the case', () => {
    expect(getLineAmount({ ...ribeye, unitMeasure: 'CS' })).toEqual({ kind: 'exact', cents: 1532 });
  });

  it('leaves a market-price line unknown, whatever price it carries', () => {
    const amount = getLineAmount({ ...caseLine, quantity: 3, price: 22_679, isMarketPrice: true });
    expect(amount).toEqual({ kind: 'market-price' });
    expect(formatLineAmount(amount)).toBe('Market price');
  });

  it('never depends on how the weight is written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 4 }), (hundredths, zeros) => {
        const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}${'0'.repeat(zeros)}`;
        expect(parseWeight(text)).toEqual(
          parseWeight(`${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`),
        );
      }),
    );
  });
});

describe('totals of lines', () => {
  it('count estimates, leave market-price lines unknown and say so', () => {
    const total = sumLineAmounts([caseLine, ribeye, { ...caseLine, isMarketPrice: true }].map(getLineAmount));
    expect(total).toEqual({ cents: 57_258, isEstimate: true, marketPriceLines: 1, uncountedIndexes: [] });
    expect(formatLinesTotal(total)).toBe('≈ $572.58 plus market-price items');
  });

  it('read as plain money when every line is exact', () => {
    expect(formatLinesTotal(sumLineAmounts([getLineAmount(caseLine)]))).toBe('$90.00');
  });

  it('name the lines priced by weight they cannot count', () => {
    const total = sumLineAmounts([caseLine, { ...ribeye, averageWeight: null }].map(getLineAmount));
    expect(total).toMatchObject({ cents: 9000, uncountedIndexes: [1] });
    expect(formatLinesTotal(total)).toBe('$90.00 plus items priced by weight');
    expect(getUncountedLinesText(['Ribeye'])).toBe('Not counted, priced by weight with no average weight: Ribeye');
    expect(getUncountedLinesText([])).toBeNull();
  });
});

describe('the minimum order with catch weight', () => {
  const terms = { minOrderAmount: 20_000, skipMinOrder: false, isMinOrderAmountRequired: true };
  const order = (line: Partial<LinePricing>) => [{ ...ribeye, ...line, isSpecial: false, rebate: 0 }];

  it('counts the estimate: one case of about 31.5 lb at $15.32/lb passes a $200.00 minimum', () => {
    const totals = getOrderTotals(order({}));
    expect(totals.subtotal).toBe(48_258);
    expect(getMinimumOrderProgress(totals.subtotal, terms.minOrderAmount)).toBe(241);
    expect(isBelowMinimumOrder(terms, totals.subtotal, false)).toBe(false);
  });

  it('cannot count a line priced by weight without an average weight, and names it', () => {
    const totals = getOrderTotals([{ ...caseLine, isSpecial: false, rebate: 0 }, ...order({ averageWeight: null })]);
    expect(totals).toMatchObject({ subtotal: 9000, uncountedIndexes: [1], isEstimate: false });
    expect(isBelowMinimumOrder(terms, totals.subtotal, false)).toBe(true);
  });

  it('leaves special requests out of the line indexes it reports', () => {
    const special = { ...caseLine, isSpecial: true, rebate: 0 };
    expect(getOrderTotals([special, ...order({ averageWeight: null })]).uncountedIndexes).toEqual([1]);
  });
});
