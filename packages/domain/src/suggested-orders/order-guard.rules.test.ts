import { describe, expect, it } from 'vitest';
import { comparePreferredToCheapest, getOrderGuardFlags, getUsualQuantity, isFarFrom } from './order-guard.rules';

describe('order guard', () => {
  it('flags a line under half or over twice the suggestion, else the usual', () => {
    expect(isFarFrom(2, 4)).toBe(false);
    expect(isFarFrom(1, 4)).toBe(true);
    expect(isFarFrom(9, 4)).toBe(true);
    expect(isFarFrom(8, 4)).toBe(false);
    const flags = getOrderGuardFlags(
      [
        { itemDistributorId: 1, name: 'Ground beef', quantity: 9, suggested: 4, usual: null },
        { itemDistributorId: 2, name: 'Buns', quantity: 1, suggested: null, usual: 6 },
        { itemDistributorId: 3, name: 'Lettuce', quantity: 3, suggested: 3, usual: 20 },
      ],
      { distributor: 'Harborline', deliveryDate: '12/04/2026' },
    );
    expect(flags).toEqual([
      { itemDistributorId: 1, reason: 'Ground beef: 9 is over twice the suggested 4.' },
      { itemDistributorId: 2, reason: 'Buns: 1 is under half the usual 6.' },
      { itemDistributorId: null, reason: 'An order to Harborline for delivery on 12/04/2026 was already placed.' },
    ]);
  });

  it('takes the median as the usual quantity', () => {
    expect(getUsualQuantity([])).toBeNull();
    expect(getUsualQuantity([3, 1, 2])).toBe(2);
    expect(getUsualQuantity([2, 4])).toBe(3);
  });

  it('prices the preferred item against the cheapest for the same need, adding up', () => {
    // Need 25 lb: preferred 10 lb cases at $40.00 → 3 cases $120.00; cheapest 40 lb at $112.74 → 1 case.
    const c = comparePreferredToCheapest(2500, { price: 4000, content: 1000 }, { price: 11274, content: 4000 });
    expect(c).toEqual({ preferredUnits: 3, preferredCost: 12000, cheapestUnits: 1, cheapestCost: 11274, difference: 726 });
    expect(c.difference).toBe(c.preferredCost - c.cheapestCost);
  });
});
