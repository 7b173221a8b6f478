import { describe, expect, it } from 'vitest';
import {
  getPricedByWeightNote,
  formatOrderLineAmount,
  formatOrderLinePrice,
  getOrderLineItemAmount,
  isOrderLinePriceUnknown,
  type OrderLinePricing,
} from './order-line-amount.rules';

const line: OrderLinePricing = {
  quantity: 3,
  price: 22_679,
  unit_measure: 'CS',
  isSpecial: 0,
  isMarketPrice: 0,
  isCatchWeight: 0,
  isEdited: 0,
  averageWeight: null,
  receivedWeight: null,
};

describe('an order line', () => {
  it('reads "3 × $226.79 = $680.37" when priced by the case', () => {
    expect(formatOrderLinePrice(line)).toBe('$226.79');
    expect(formatOrderLineAmount(line)).toBe('$680.37');
  });

  it('says "Market price" for price and total until receiving prices it, whatever price it was placed at', () => {
    for (const price of [0, 22_679]) {
      const market = { ...line, price, isMarketPrice: 1 as const };
      expect(isOrderLinePriceUnknown(market)).toBe(true);
      expect(formatOrderLinePrice(market)).toBe('Market price');
      expect(formatOrderLineAmount(market)).toBe('Market price');
      expect(getOrderLineItemAmount(market)).toEqual({ kind: 'market-price' });
    }
    const priced = { ...line, isMarketPrice: 1 as const, isEdited: 1 as const, price: 21_450 };
    expect(isOrderLinePriceUnknown(priced)).toBe(false);
    expect(formatOrderLineAmount(priced)).toBe('$643.50');
    expect(isOrderLinePriceUnknown({ ...priced, price: 0 })).toBe(true);
  });

  it('is an estimate per pound for catch weight, exact once weighed', () => {
    const ribeye = { ...line, quantity: 1, price: 1532, unit_measure: 'LB', isCatchWeight: 1 as const, averageWeight: '31.5000' };
    expect(formatOrderLinePrice(ribeye)).toBe('$15.32 / LB');
    expect(formatOrderLineAmount(ribeye)).toBe('≈ $482.58, about 31.5 lb');
    expect(formatOrderLineAmount({ ...ribeye, receivedWeight: '30.8500' })).toBe('$472.62');
  });

  it('leaves a special request to the distributor', () => {
    expect(getOrderLineItemAmount({ ...line, isSpecial: 1 })).toBeNull();
    expect(formatOrderLineAmount({ ...line, isSpecial: 1 })).toBe('—');
  });
});

describe('getPricedByWeightNote (receive screen)', () => {
  it('says why a catch-weight line is priced per pound, not per case', () => {
    expect(getPricedByWeightNote('LB')).toBe('Priced by weight: you pay per lb received, so enter the weight below.');
    expect(getPricedByWeightNote('CS')).toBe('Priced by weight: you pay per pound received, so enter the weight below.');
  });
});
