import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGroupBelowPar, summariseSharedStock, type ChainStockGroupInput } from './chain-stock.rules';

const group = (overrides: Partial<ChainStockGroupInput>): ChainStockGroupInput => ({
  locationId: 1,
  name: 'Heavy Cream',
  parLevel: 0,
  unitId: 1,
  onHandValue: 0,
  items: [],
  ...overrides,
});

describe('summariseSharedStock', () => {
  it('keeps names two locations share, adds up each location and the total', () => {
    const rows = summariseSharedStock([
      group({ locationId: 1, name: 'Heavy Cream', onHandValue: 1250 }),
      group({ locationId: 1, name: 'heavy cream ', onHandValue: 250 }),
      group({ locationId: 2, name: 'HEAVY CREAM', onHandValue: 999 }),
      group({ locationId: 2, name: 'Only Here', onHandValue: 5 }),
    ]);
    expect(rows).toEqual([
      {
        name: 'Heavy Cream',
        locations: [
          { locationId: 1, groups: 2, onHandValue: 1500, isBelowPar: false },
          { locationId: 2, groups: 1, onHandValue: 999, isBelowPar: false },
        ],
        totalOnHandValue: 2499,
        belowParLocations: 0,
      },
    ]);
  });

  it('flags a location whose group is under its par in the group unit', () => {
    // Par 10 cases; 2 items of 3 and 4 cases on hand: 7 < 10.
    const short = group({
      locationId: 2,
      parLevel: 10,
      items: [
        { id: 1, packSize: '4/1 GAL', totalOnHand: 3 },
        { id: 2, packSize: '4/1 GAL', totalOnHand: 4 },
      ],
    });
    expect(isGroupBelowPar(short)).toBe(true);
    expect(isGroupBelowPar({ ...short, parLevel: 7 })).toBe(false);
    expect(isGroupBelowPar({ ...short, parLevel: 0 })).toBe(false);
    const rows = summariseSharedStock([group({ locationId: 1 }), short]);
    expect(rows[0].belowParLocations).toBe(1);
    expect(rows[0].locations[1].isBelowPar).toBe(true);
  });

  it('the total is always the sum of the locations shown', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            locationId: fc.integer({ min: 1, max: 4 }),
            name: fc.constantFrom('Cream', 'cream', 'Butter', 'Eggs '),
            onHandValue: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { maxLength: 20 },
        ),
        (inputs) => {
          for (const row of summariseSharedStock(inputs.map(group))) {
            expect(row.totalOnHandValue).toBe(row.locations.reduce((s, l) => s + l.onHandValue, 0));
            expect(row.locations.length).toBeGreaterThanOrEqual(2);
          }
        },
      ),
    );
  });
});
