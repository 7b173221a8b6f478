import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canOpenChain,
  getPriceVariance,
  hasPriceVariance,
  sortChainLocations,
  sumChainFigures,
  type LocationPurchase,
} from './chain.rules';

const purchase = fc.record({
  locationId: fc.integer({ min: 1, max: 6 }),
  unitPrice: fc.integer({ min: 0, max: 50_000_000 }),
  quantity: fc.integer({ min: 0, max: 5_000 }),
});

describe('getPriceVariance', () => {
  it('finds the lowest and highest price, by location, and the saving at the lowest price', () => {
    const purchases: LocationPurchase[] = [
      { locationId: 1, unitPrice: 125_000, quantity: 3 }, // $12.50 × 3
      { locationId: 2, unitPrice: 100_000, quantity: 2 }, // $10.00 × 2
      { locationId: 3, unitPrice: 110_000, quantity: 1 }, // $11.00 × 1
    ];
    expect(getPriceVariance(purchases)).toEqual({
      lowestUnitPrice: 100_000,
      lowestLocationId: 2,
      highestUnitPrice: 125_000,
      highestLocationId: 1,
      quantity: 6,
      totalPaid: 3750 + 2000 + 1100,
      // (12.50 − 10.00) × 3 + (11.00 − 10.00) × 1 = $8.50
      wouldHaveSaved: 850,
    });
  });

  it('rounds once over the item, half away from zero', () => {
    // 1/10000 prices: $1.00005 over the lowest on 1 unit = 0.5 cent → 1 cent.
    const variance = getPriceVariance([
      { locationId: 1, unitPrice: 10_000, quantity: 1 },
      { locationId: 2, unitPrice: 10_050, quantity: 1 },
    ]);
    expect(variance?.wouldHaveSaved).toBe(1);
  });

  it('breaks ties by the lower location id and ignores nothing-bought rows', () => {
    const variance = getPriceVariance([
      { locationId: 5, unitPrice: 100, quantity: 1 },
      { locationId: 2, unitPrice: 100, quantity: 1 },
      { locationId: 1, unitPrice: 1, quantity: 0 },
    ]);
    expect(variance).toMatchObject({ lowestLocationId: 2, highestLocationId: 2, wouldHaveSaved: 0 });
    expect(getPriceVariance([{ locationId: 1, unitPrice: 5, quantity: 0 }])).toBeNull();
  });

  it('never saves a negative amount, and the saving is what was paid above the lowest price', () => {
    fc.assert(
      fc.property(fc.array(purchase, { minLength: 1, maxLength: 12 }), (purchases) => {
        const variance = getPriceVariance(purchases);
        if (variance === null) return purchases.every((p) => p.quantity === 0);
        expect(variance.wouldHaveSaved).toBeGreaterThanOrEqual(0);
        expect(variance.lowestUnitPrice).toBeLessThanOrEqual(variance.highestUnitPrice);
        // Recomputable from the figures shown beside it (to the one rounding).
        const exact = purchases.reduce((s, p) => s + (p.unitPrice - variance.lowestUnitPrice) * p.quantity, 0);
        expect(Math.abs(variance.wouldHaveSaved * 100 - exact)).toBeLessThanOrEqual(50);
        return true;
      }),
    );
  });

  it('saves nothing when every location paid the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.array(fc.record({ locationId: fc.integer({ min: 1, max: 9 }), quantity: fc.integer({ min: 1, max: 999 }) }), {
          minLength: 1,
          maxLength: 9,
        }),
        (unitPrice, rows) => {
          const variance = getPriceVariance(rows.map((r) => ({ ...r, unitPrice })));
          expect(variance?.wouldHaveSaved).toBe(0);
          expect(hasPriceVariance(rows.map((r) => ({ ...r, unitPrice })))).toBe(false);
        },
      ),
    );
  });
});

describe('hasPriceVariance', () => {
  it('needs two locations and two prices', () => {
    expect(
      hasPriceVariance([
        { locationId: 1, unitPrice: 1, quantity: 1 },
        { locationId: 1, unitPrice: 2, quantity: 1 },
      ]),
    ).toBe(false);
    expect(
      hasPriceVariance([
        { locationId: 1, unitPrice: 1, quantity: 1 },
        { locationId: 2, unitPrice: 2, quantity: 1 },
      ]),
    ).toBe(true);
  });
});

describe('chain totals and sorting', () => {
  const rows = [
    { locationId: 3, name: 'Harbor Catering', totalPurchases: 500, totalOrders: 2, totalSavings: 10 },
    { locationId: 1, name: 'Harbor Grill', totalPurchases: 900, totalOrders: 1, totalSavings: 30 },
    { locationId: 2, name: 'Harbor Grill Express', totalPurchases: 500, totalOrders: 4, totalSavings: 20 },
  ];

  it('adds up each location', () => {
    expect(sumChainFigures(rows)).toEqual({ totalPurchases: 1900, totalOrders: 7, totalSavings: 60 });
    expect(sumChainFigures([])).toEqual({ totalPurchases: 0, totalOrders: 0, totalSavings: 0 });
  });

  it('sorts by a column either way, ties by name', () => {
    expect(sortChainLocations(rows, 'totalPurchases', true).map((r) => r.locationId)).toEqual([1, 3, 2]);
    expect(sortChainLocations(rows, 'totalPurchases', false).map((r) => r.locationId)).toEqual([3, 2, 1]);
    expect(sortChainLocations(rows, 'name', false).map((r) => r.locationId)).toEqual([3, 1, 2]);
    expect(sortChainLocations(rows, 'totalOrders', true).map((r) => r.locationId)).toEqual([2, 3, 1]);
  });

  it('opens for two or more locations', () => {
    expect(canOpenChain(1)).toBe(false);
    expect(canOpenChain(2)).toBe(true);
  });
});
