import { describe, expect, it } from 'vitest';
import {
  canPayByCard,
  getDeliverySlots,
  getIsoWeekday,
  getMinimumOrderProgress,
  getMinimumOrderText,
  getOrderTotals,
  isBelowMinimumOrder,
  isDeliveryTimeRequired,
} from './checkout.rules';

const labels = (id: number, date: string) => getDeliverySlots(id, date).map((s) => s.label);

describe('delivery slots', () => {
  it('gives 531 and 558 two half-day slots, weekends included', () => {
    expect(labels(531, '2026-11-23')).toEqual(['9am-1pm', '1pm-5pm']);
    expect(labels(558, '2026-11-28')).toEqual(['9am-1pm', '1pm-5pm']);
  });

  it('gives other distributors three slots on weekdays and two at weekends', () => {
    expect(labels(612, '2026-11-23')).toEqual(['8am-11am', '11am-2pm', '2pm-5pm']);
    expect(labels(612, '2026-11-28')).toEqual(['8am-11am', '11am-2pm']);
    expect(labels(612, '2026-11-29')).toEqual(['8am-11am', '11am-2pm']);
  });

  it('knows the weekday of a calendar date', () => {
    expect(getIsoWeekday('2026-11-22')).toBe(7);
    expect(getIsoWeekday('2026-11-23')).toBe(1);
  });
});

describe('delivery time requirement', () => {
  it('requires a time only for a later date delivered by Stockpot', () => {
    expect(isDeliveryTimeRequired('2026-11-24', '2026-11-22', 1)).toBe(true);
    expect(isDeliveryTimeRequired('2026-11-22', '2026-11-22', 1)).toBe(false);
    expect(isDeliveryTimeRequired('2026-11-24', '2026-11-22', 0)).toBe(false);
  });
});

describe('minimum order', () => {
  const terms = { minOrderAmount: 25000, skipMinOrder: false, isMinOrderAmountRequired: true };
  it('computes progress, 100 without a minimum', () => {
    expect(getMinimumOrderProgress(12500, 25000)).toBe(50);
    expect(getMinimumOrderProgress(30000, 25000)).toBe(120);
    expect(getMinimumOrderProgress(10, 0)).toBe(100);
  });

  it('blocks under 100% when a minimum is required and the cart is not special-only', () => {
    expect(isBelowMinimumOrder(terms, 24999, false)).toBe(true);
    expect(isBelowMinimumOrder(terms, 25000, false)).toBe(false);
    expect(isBelowMinimumOrder(terms, 100, true)).toBe(false);
    expect(isBelowMinimumOrder({ ...terms, isMinOrderAmountRequired: false }, 100, false)).toBe(false);
    expect(isBelowMinimumOrder({ ...terms, isMinOrderAmountRequired: false, skipMinOrder: true }, 100, false)).toBe(true);
  });

  it('words the modal as the spec does', () => {
    expect(getMinimumOrderText('$250.00')).toBe('Minimum price required for placing order is $250.00 !');
  });
});

describe('card eligibility', () => {
  const item = { isSpecial: false, isMarketPrice: false };
  it('offers cards only where accepted and something has a price', () => {
    expect(canPayByCard(1, [item])).toBe(true);
    expect(canPayByCard(2, [item])).toBe(true);
    expect(canPayByCard(0, [item])).toBe(false);
    expect(canPayByCard(1, [{ isSpecial: true, isMarketPrice: false }])).toBe(false);
    expect(canPayByCard(1, [{ isSpecial: false, isMarketPrice: true }])).toBe(false);
    expect(
      canPayByCard(1, [
        { isSpecial: true, isMarketPrice: false },
        { isSpecial: false, isMarketPrice: true },
      ]),
    ).toBe(false);
    expect(canPayByCard(1, [{ isSpecial: true, isMarketPrice: false }, item])).toBe(true);
  });
});

describe('order totals', () => {
  it('counts market-price and special lines as 0 and sums rebates per case', () => {
    expect(
      getOrderTotals([
        { quantity: 2, price: 1999, isMarketPrice: false, isSpecial: false, rebate: 50 },
        { quantity: 3, price: 8000, isMarketPrice: true, isSpecial: false, rebate: 0 },
        { quantity: 1, price: 0, isMarketPrice: false, isSpecial: true, rebate: 0 },
      ]),
    ).toEqual({
      subtotal: 3998,
      totalRebates: 100,
      lineItems: 3,
      itemCount: 6,
      isEstimate: false,
      marketPriceLines: 1,
      uncountedIndexes: [],
    });
  });
});
