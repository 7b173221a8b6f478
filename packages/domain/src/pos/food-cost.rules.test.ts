import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareFoodCost,
  getActualCost,
  getItemsOverTarget,
  getPercentOfSales,
  getTheoreticalCost,
  pickInventoryBounds,
} from './food-cost.rules';

describe('getTheoreticalCost', () => {
  it('sums recipe cost × quantity sold and rounds once', () => {
    expect(getTheoreticalCost([])).toBe(0);
    expect(
      getTheoreticalCost([
        { recipeCostCents: 412, quantityHundredths: 1000 },
        { recipeCostCents: 333, quantityHundredths: 150 },
      ]),
    ).toBe(4120 + 500);
    // Three lines of 0.5 cent each: 1.5 cents rounds to 2, where rounding each line would give 3.
    expect(getTheoreticalCost(Array.from({ length: 3 }, () => ({ recipeCostCents: 1, quantityHundredths: 50 })))).toBe(2);
  });

  it('is exact for whole quantities', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cost: fc.integer({ min: 0, max: 100_000 }), qty: fc.integer({ min: 0, max: 1000 }) })),
        (lines) =>
          getTheoreticalCost(lines.map((l) => ({ recipeCostCents: l.cost, quantityHundredths: l.qty * 100 }))) ===
          lines.reduce((sum, l) => sum + l.cost * l.qty, 0),
      ),
    );
  });
});

describe('getActualCost', () => {
  it('is beginning + purchases − ending', () => {
    expect(getActualCost({ beginningCents: 500_000, purchasesCents: 250_000, endingCents: 450_000 })).toBe(300_000);
  });
});

describe('getPercentOfSales', () => {
  it('answers basis points, half up, and null without sales', () => {
    expect(getPercentOfSales(3125, 10_000)).toBe(3125);
    expect(getPercentOfSales(1, 3)).toBe(3333);
    expect(getPercentOfSales(2, 3)).toBe(6667);
    expect(getPercentOfSales(100, 0)).toBeNull();
  });
});

describe('compareFoodCost', () => {
  it('alerts when actual is more than 2 points of sales over theoretical', () => {
    const over = compareFoodCost({ theoreticalCents: 28_000, actualCents: 33_000, salesCents: 100_000 });
    expect(over).toMatchObject({ varianceCents: 5000, theoreticalPercent: 2800, actualPercent: 3300, variancePercent: 500 });
    expect(over.isOverThreshold).toBe(true);
    expect(compareFoodCost({ theoreticalCents: 28_000, actualCents: 30_000, salesCents: 100_000 }).isOverThreshold).toBe(false);
    expect(compareFoodCost({ theoreticalCents: 28_000, actualCents: 30_100, salesCents: 100_000 }).isOverThreshold).toBe(true);
  });

  it('has no actual side without inventories', () => {
    expect(compareFoodCost({ theoreticalCents: 100, actualCents: null, salesCents: 1000 })).toMatchObject({
      actualCents: null,
      varianceCents: null,
      theoreticalPercent: 1000,
      isOverThreshold: false,
    });
  });
});

describe('pickInventoryBounds', () => {
  const counts = [
    { id: 1, date: '2026-10-31', valueCents: 100 },
    { id: 2, date: '2026-11-15', valueCents: 200 },
    { id: 3, date: '2026-11-30', valueCents: 300 },
  ];

  it('starts at the last count on or before the start and ends at the last before the end', () => {
    expect(pickInventoryBounds(counts, { bgnDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      beginning: counts[0],
      ending: counts[2],
    });
  });

  it('starts at the first count inside the range when none is before it', () => {
    expect(pickInventoryBounds(counts, { bgnDate: '2026-10-01', endDate: '2026-11-20' })).toEqual({
      beginning: counts[0],
      ending: counts[1],
    });
  });

  it('has no ending with a single count', () => {
    expect(pickInventoryBounds(counts.slice(0, 1), { bgnDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      beginning: counts[0],
      ending: null,
    });
    expect(pickInventoryBounds([], { bgnDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({ beginning: null, ending: null });
  });
});

describe('getItemsOverTarget', () => {
  it('flags items whose recipe cost is above 35 % of what they sold for, highest first', () => {
    const items = [
      { itemName: 'Burger', recipeId: 1, recipeCostCents: 500, quantityHundredths: 1000, salesCents: 19_000 },
      { itemName: 'Steak', recipeId: 2, recipeCostCents: 1400, quantityHundredths: 200, salesCents: 6000 },
      { itemName: 'Salad', recipeId: 3, recipeCostCents: 351, quantityHundredths: 100, salesCents: 1000 },
      { itemName: 'Comped', recipeId: 4, recipeCostCents: 351, quantityHundredths: 100, salesCents: 0 },
      { itemName: 'At target', recipeId: 5, recipeCostCents: 350, quantityHundredths: 100, salesCents: 1000 },
    ];
    expect(getItemsOverTarget(items)).toEqual([
      { itemName: 'Steak', recipeId: 2, foodCostPercent: 4667 },
      { itemName: 'Salad', recipeId: 3, foodCostPercent: 3510 },
    ]);
  });
});

describe('food cost edges (mutation testing)', () => {
  it('counts a net refund as a negative cost, rounded half away from zero like a sale', () => {
    // 1.5 portions refunded at 1 cent: −1.5 cents rounds to −2, as +1.5 rounds to 2.
    expect(getTheoreticalCost([{ recipeCostCents: 1, quantityHundredths: -150 }])).toBe(-2);
    expect(getTheoreticalCost([{ recipeCostCents: 1, quantityHundredths: 150 }])).toBe(2);
  });

  it('rounds an exact half basis point up, and a negative share away from zero', () => {
    expect(getPercentOfSales(1, 20_000)).toBe(1);
    expect(getPercentOfSales(-2, 3)).toBe(-6667);
    expect(getPercentOfSales(-1, 3)).toBe(-3333);
  });

  it('has no percentages and no alert without sales', () => {
    expect(compareFoodCost({ theoreticalCents: 100, actualCents: 900, salesCents: 0 })).toMatchObject({
      varianceCents: 800,
      theoreticalPercent: null,
      actualPercent: null,
      variancePercent: null,
      isOverThreshold: false,
    });
  });

  it('picks the bounds by date whatever order the counts come in, the later count of a day last', () => {
    const counts = [
      { id: 3, date: '2026-11-30', valueCents: 300 },
      { id: 5, date: '2026-10-31', valueCents: 150 },
      { id: 2, date: '2026-11-15', valueCents: 200 },
      { id: 4, date: '2026-10-31', valueCents: 100 },
    ];
    expect(pickInventoryBounds(counts, { bgnDate: '2026-11-01', endDate: '2026-11-20' })).toEqual({
      beginning: counts[1],
      ending: counts[2],
    });
    expect(pickInventoryBounds([...counts].reverse(), { bgnDate: '2026-11-01', endDate: '2026-11-20' })).toEqual({
      beginning: counts[1],
      ending: counts[2],
    });
  });

  it('starts at a count taken on the start date itself, or on the end date when it is the only one inside', () => {
    const onStart = { id: 2, date: '2026-11-01', valueCents: 200 };
    const earlier = { id: 1, date: '2026-10-31', valueCents: 100 };
    expect(pickInventoryBounds([earlier, onStart], { bgnDate: '2026-11-01', endDate: '2026-11-30' }).beginning).toEqual(onStart);
    const onEnd = { id: 3, date: '2026-11-30', valueCents: 300 };
    expect(pickInventoryBounds([onEnd], { bgnDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      beginning: onEnd,
      ending: null,
    });
  });

  it('has no bounds when every count is after the period', () => {
    const later = [{ id: 1, date: '2026-12-05', valueCents: 100 }];
    expect(pickInventoryBounds(later, { bgnDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      beginning: null,
      ending: null,
    });
  });

  it('lists items over target highest first whatever order they come in, ties by name', () => {
    const item = (itemName: string, recipeCostCents: number) => ({
      itemName,
      recipeId: recipeCostCents,
      recipeCostCents,
      quantityHundredths: 100,
      salesCents: 1000,
    });
    const over = getItemsOverTarget([item('Wings', 400), item('Tacos', 500), item('Nachos', 500), item('Fries', 360)]);
    expect(over.map((o) => [o.itemName, o.foodCostPercent])).toEqual([
      ['Nachos', 5000],
      ['Tacos', 5000],
      ['Wings', 4000],
      ['Fries', 3600],
    ]);
  });
});
