import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDaysToIsoDate } from '../orders/order-dates.rules';
import {
  formatPriceAnalyticsTick,
  getPriceAnalyticsStarts,
  hasPriceAnalytics,
  PRICE_ANALYTICS_TICK_DAYS,
  PRICE_ANALYTICS_TICKS,
  describePriceAnalytics,
} from './price-analytics.rules';
import { getGroupUnitName } from './group-stock.rules';

describe('price analytics windows (doc 2 §9)', () => {
  it('are twelve windows of 31 days, oldest first, the last one ending today', () => {
    const starts = getPriceAnalyticsStarts('2026-11-23');
    expect(starts).toHaveLength(PRICE_ANALYTICS_TICKS);
    expect(starts[11]).toBe('2026-10-24');
    expect(addDaysToIsoDate(starts[11], PRICE_ANALYTICS_TICK_DAYS - 1)).toBe('2026-11-23');
    expect(starts[0]).toBe('2025-11-17');
  });

  it('touch each other with no gap for any today (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (date) => {
        const today = date.toISOString().slice(0, 10);
        const starts = getPriceAnalyticsStarts(today);
        for (let i = 1; i < starts.length; i += 1) {
          expect(addDaysToIsoDate(starts[i - 1], PRICE_ANALYTICS_TICK_DAYS)).toBe(starts[i]);
        }
        expect(addDaysToIsoDate(starts[starts.length - 1], PRICE_ANALYTICS_TICK_DAYS - 1)).toBe(today);
      }),
    );
  });

  it('are labelled MM/YY by the month they start in', () => {
    expect(formatPriceAnalyticsTick('2026-03-14')).toBe('03/26');
    expect(formatPriceAnalyticsTick('1999-12-31')).toBe('12/99');
  });

  it('count as data only when some window has a price', () => {
    expect(hasPriceAnalytics([{ price: null }, { price: null }])).toBe(false);
    expect(hasPriceAnalytics([{ price: null }, { price: 0 }])).toBe(true);
    expect(hasPriceAnalytics([])).toBe(false);
  });
});

describe('the unit a price chart is per', () => {
  const units = [
    { id: 1, name: 'case' },
    { id: 24, name: 'lb' },
  ];
  it('is the group’s counting unit, and names the chart by it', () => {
    expect(getGroupUnitName({ unitId: 24, units })).toBe('lb');
    expect(getGroupUnitName({ unitId: 1, units })).toBe('case');
    expect(describePriceAnalytics('lb')).toBe('Average price paid per lb');
  });
  it('falls back to the case for a unit the group no longer offers', () => {
    expect(getGroupUnitName({ unitId: 18, units })).toBe('case');
  });
});
