import { describe, expect, it } from 'vitest';
import {
  compareGuidePrices,
  findCheaperGroupOptions,
  formatChangePercent,
  getPricedPack,
  type GroupOption,
} from './price-change.rules';

describe('compareGuidePrices', () => {
  it('reports price rises and drops in cents with the percentage, biggest change first', () => {
    const result = compareGuidePrices([
      { itemDistributorId: 1, beforeCents: 4000, afterCents: 4500 },
      { itemDistributorId: 2, beforeCents: 1999, afterCents: 1899 },
      { itemDistributorId: 3, beforeCents: 1000, afterCents: 1000 },
      { itemDistributorId: 4, beforeCents: 300, afterCents: 301 },
    ]);
    expect(result.changes).toEqual([
      { itemDistributorId: 1, direction: 'up', beforeCents: 4000, afterCents: 4500, changeCents: 500, changeBasisPoints: 1250 },
      {
        itemDistributorId: 2,
        direction: 'down',
        beforeCents: 1999,
        afterCents: 1899,
        changeCents: -100,
        changeBasisPoints: -500,
      },
      { itemDistributorId: 4, direction: 'up', beforeCents: 300, afterCents: 301, changeCents: 1, changeBasisPoints: 33 },
    ]);
    expect(result).toMatchObject({ up: 2, down: 1, added: 0, removed: 0 });
  });

  it('counts items new on the guide and items no longer on it, without calling them price changes', () => {
    const result = compareGuidePrices([
      { itemDistributorId: 1, beforeCents: null, afterCents: 500 },
      { itemDistributorId: 2, beforeCents: 700, afterCents: null },
      { itemDistributorId: 3, beforeCents: null, afterCents: null },
    ]);
    expect(result).toEqual({ changes: [], up: 0, down: 0, added: 1, removed: 1 });
  });

  it('has no percentage for a change from a zero price, and refuses prices that are not whole cents', () => {
    expect(
      compareGuidePrices([{ itemDistributorId: 1, beforeCents: 0, afterCents: 250 }]).changes[0].changeBasisPoints,
    ).toBeNull();
    expect(() => compareGuidePrices([{ itemDistributorId: 1, beforeCents: 10.5, afterCents: 11 }])).toThrow();
    expect(() => compareGuidePrices([{ itemDistributorId: 1, beforeCents: -1, afterCents: 11 }])).toThrow();
  });

  it('orders equal changes by item so the list is stable', () => {
    const result = compareGuidePrices([
      { itemDistributorId: 9, beforeCents: 100, afterCents: 200 },
      { itemDistributorId: 3, beforeCents: 300, afterCents: 200 },
    ]);
    expect(result.changes.map((change) => change.itemDistributorId)).toEqual([3, 9]);
  });
});

describe('getPricedPack', () => {
  it('prices a case for the whole pack and a pound or each for one unit', () => {
    expect(getPricedPack('4/5 LB', 'CS')?.unitQuantity).toBe(4);
    expect(getPricedPack('4/5 LB', 'LB')?.uom).toBe('LB');
    expect(getPricedPack('4/5 LB', 'LB')?.unitQuantity).toBe(1);
    expect(getPricedPack('not a pack', 'CS')).toBeNull();
  });
});

function option(partial: Partial<GroupOption> & Pick<GroupOption, 'itemDistributorId'>): GroupOption {
  return {
    name: `Item ${partial.itemDistributorId}`,
    distributorName: 'Harborline',
    packSize: '4/5 LB',
    unitMeasure: 'CS',
    isPreferred: false,
    beforeCents: 4000,
    afterCents: 4000,
    ...partial,
  };
}

describe('findCheaperGroupOptions', () => {
  it('flags a group when an option becomes cheaper per unit than the one bought, across pack sizes', () => {
    // Bought: 4/5 LB at $40.00 = $2.00/LB. The 2/5 LB went from $22.00 ($2.20/LB) to $18.00 ($1.80/LB).
    const [alert, ...rest] = findCheaperGroupOptions([
      {
        groupId: 7,
        name: 'Chicken breast',
        options: [
          option({ itemDistributorId: 1, isPreferred: true }),
          option({ itemDistributorId: 2, packSize: '2/5 LB', beforeCents: 2200, afterCents: 1800, distributorName: 'Sysco' }),
        ],
      },
    ]);
    expect(rest).toEqual([]);
    expect(alert).toEqual({
      groupId: 7,
      name: 'Chicken breast',
      current: {
        itemDistributorId: 1,
        name: 'Item 1',
        distributorName: 'Harborline',
        packSize: '4/5 LB',
        priceCents: 4000,
        unitPriceE4: 20_000,
        unit: 'LB',
      },
      cheaper: {
        itemDistributorId: 2,
        name: 'Item 2',
        distributorName: 'Sysco',
        packSize: '2/5 LB',
        priceCents: 1800,
        unitPriceE4: 18_000,
        unit: 'LB',
      },
      savingsPerUnitE4: 2000,
    });
  });

  it('flags a group when the option bought went up past another one', () => {
    // No preferred item: the buyer's option is the one cheapest before (id 1 at $2.00/LB), now $2.50/LB.
    const alerts = findCheaperGroupOptions([
      {
        groupId: 1,
        name: 'Flour',
        options: [
          option({ itemDistributorId: 1, afterCents: 5000 }),
          option({ itemDistributorId: 2, beforeCents: 4400, afterCents: 4400 }),
        ],
      },
    ]);
    expect(alerts.map((alert) => [alert.current.itemDistributorId, alert.cheaper.itemDistributorId])).toEqual([[1, 2]]);
  });

  it('does not flag an option that was already cheaper, one no longer orderable, or a pack that does not compare', () => {
    const alerts = findCheaperGroupOptions([
      {
        groupId: 1,
        name: 'Already cheaper',
        options: [
          option({ itemDistributorId: 1, isPreferred: true }),
          option({ itemDistributorId: 2, beforeCents: 3000, afterCents: 2900 }),
        ],
      },
      {
        groupId: 2,
        name: 'Punched out',
        options: [option({ itemDistributorId: 1, isPreferred: true }), option({ itemDistributorId: 2, afterCents: null })],
      },
      {
        groupId: 3,
        name: 'Different measure',
        options: [
          option({ itemDistributorId: 1, isPreferred: true }),
          option({ itemDistributorId: 2, packSize: '6/1 GAL', beforeCents: 5000, afterCents: 100 }),
        ],
      },
      { groupId: 4, name: 'Unchanged', options: [option({ itemDistributorId: 1 }), option({ itemDistributorId: 2 })] },
    ]);
    expect(alerts).toEqual([]);
  });

  it('compares a catch-weight price per pound with a case price, and puts the biggest saving first', () => {
    const alerts = findCheaperGroupOptions([
      {
        groupId: 1,
        name: 'Small saving',
        options: [option({ itemDistributorId: 1, isPreferred: true }), option({ itemDistributorId: 2, afterCents: 3960 })],
      },
      {
        groupId: 2,
        name: 'Salmon',
        // Preferred: 1/10 LB case at $120.00 ($12.00/LB); catch weight went from $13.00 to $11.00 per LB.
        options: [
          option({ itemDistributorId: 3, packSize: '1/10 LB', beforeCents: 12_000, afterCents: 12_000, isPreferred: true }),
          option({ itemDistributorId: 4, packSize: '1/10 LB', unitMeasure: 'LB', beforeCents: 1300, afterCents: 1100 }),
        ],
      },
    ]);
    expect(alerts.map((alert) => [alert.name, alert.savingsPerUnitE4])).toEqual([
      ['Salmon', 10_000],
      ['Small saving', 200],
    ]);
  });
});

describe('formatChangePercent', () => {
  it('writes hundredths of a percent with a sign, nothing without one', () => {
    expect(formatChangePercent(1250)).toBe('+12.50%');
    expect(formatChangePercent(-5)).toBe('-0.05%');
    expect(formatChangePercent(0)).toBe('0.00%');
    expect(formatChangePercent(null)).toBe('');
  });
});
