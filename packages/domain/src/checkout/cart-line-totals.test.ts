import { describe, expect, it } from 'vitest';
import { getOrderTotals } from './checkout.rules';
import { isSpecialCartLine, toOrderLineForTotals, type CartLineForPricing } from './cart-line-totals';

const item = (over: Partial<NonNullable<CartLineForPricing['item']>> = {}) => ({
  price: 4599,
  rebate: 25,
  isMarketPrice: false,
  unitMeasure: 'CS',
  isCatchWeight: false,
  averageWeight: null,
  ...over,
});

describe('toOrderLineForTotals', () => {
  it('prices a case line by its case price and counts its rebate', () => {
    const totals = getOrderTotals([toOrderLineForTotals({ quantity: 3, itemDistributorId: 7, item: item() })]);
    expect(totals.subtotal).toBe(3 * 4599);
    expect(totals.totalRebates).toBe(3 * 25);
  });

  it('prices a catch-weight line by its estimate: price a pound × average case weight × cases', () => {
    const line = {
      quantity: 2,
      itemDistributorId: 7,
      item: item({ price: 1532, unitMeasure: 'LB', isCatchWeight: true, averageWeight: '10.5' }),
    };
    // 1532 ¢/lb × 10.5 lb × 2 cases = 32,172 ¢.
    expect(getOrderTotals([toOrderLineForTotals(line)])).toMatchObject({ subtotal: 32172, isEstimate: true });
  });

  it('leaves a market-price line and a special request out of the subtotal', () => {
    const market = { quantity: 4, itemDistributorId: 7, item: item({ isMarketPrice: true }) };
    const special = { quantity: 1, itemDistributorId: null, item: null };
    expect(isSpecialCartLine(special)).toBe(true);
    expect(isSpecialCartLine(market)).toBe(false);
    const totals = getOrderTotals([market, special].map(toOrderLineForTotals));
    expect(totals.subtotal).toBe(0);
    expect(totals.marketPriceLines).toBe(1);
  });
});
