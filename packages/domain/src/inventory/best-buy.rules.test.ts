import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GRAMS_PER_LB } from '../units/unit-table';
import { findBestBuy, type BestBuyItem } from './best-buy.rules';

const item = (over: Partial<BestBuyItem> & { id: number }): BestBuyItem => ({
  isPunchedOut: false,
  finalUnitPrice: 10_000,
  finalUnit: 'LB',
  ...over,
});
const halfPound = { num: GRAMS_PER_LB.num, den: GRAMS_PER_LB.den * 2n };

describe('the best buy on the units core (issue 32)', () => {
  it('never ranks an onion by the each against onions by the pound when it does not say its weight', () => {
    const onions = [
      item({ id: 1, finalUnitPrice: 7_400, finalUnit: 'LB' }),
      item({ id: 2, finalUnitPrice: 4_200, finalUnit: 'EA' }),
    ];
    expect(findBestBuy(onions)).toBeNull();
    // with a third item by the pound the pounds compare among themselves; the each is left out
    expect(findBestBuy([...onions, item({ id: 3, finalUnitPrice: 8_000, finalUnit: 'LB' })])).toBe(1);
  });

  it('ranks the each by its weight when it says it: $0.42 for half a pound is $0.84/lb', () => {
    const onions = [
      item({ id: 1, finalUnitPrice: 7_400, finalUnit: 'LB' }),
      item({ id: 2, finalUnitPrice: 4_200, finalUnit: 'EA', eachWeight: halfPound }),
    ];
    expect(findBestBuy(onions)).toBe(1);
    expect(findBestBuy([onions[0], { ...onions[1], finalUnitPrice: 3_000 }])).toBe(2); // $0.60/lb
  });

  it('compares units of one kind whatever they are written in', () => {
    // $4.00/gal = $0.03125/fl oz, cheaper than $0.0320/fl oz
    expect(
      findBestBuy([
        item({ id: 1, finalUnitPrice: 320, finalUnit: 'FL OZ' }),
        item({ id: 2, finalUnitPrice: 40_000, finalUnit: 'GAL' }),
      ]),
    ).toBe(2);
    expect(
      findBestBuy([
        item({ id: 1, finalUnitPrice: 10_000, finalUnit: 'LB' }),
        item({ id: 2, finalUnitPrice: 700, finalUnit: 'OZ' }),
      ]),
    ).toBe(1);
  });

  it('leaves out punched-out and unpriced items, ties to the lower id, a lone item is the best buy', () => {
    expect(
      findBestBuy([
        item({ id: 1, finalUnitPrice: 5, isPunchedOut: true }),
        item({ id: 2, finalUnitPrice: 9 }),
        item({ id: 3, finalUnitPrice: 7 }),
        item({ id: 4, finalUnitPrice: 7 }),
        item({ id: 5, finalUnitPrice: null }),
      ]),
    ).toBe(3);
    expect(findBestBuy([item({ id: 8, finalUnit: 'GAL' })])).toBe(8);
    expect(findBestBuy([])).toBeNull();
  });

  it('picks an item no comparable item undercuts (fast-check)', () => {
    const units = ['LB', 'OZ', 'KG', 'GAL', 'FL OZ', 'EA', 'DZ'];
    // ids are unique, as they are in the database: the property looks the chosen item up by id
    const arb = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        isPunchedOut: fc.boolean(),
        finalUnitPrice: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
        finalUnit: fc.constantFrom(...units),
      }),
      { maxLength: 8, selector: (item) => item.id },
    );
    const kind = (unit: string) => (['LB', 'OZ', 'KG'].includes(unit) ? 'w' : ['GAL', 'FL OZ'].includes(unit) ? 'v' : 'c');
    fc.assert(
      fc.property(arb, (items) => {
        const best = findBestBuy(items);
        if (best === null) return;
        const chosen = items.find((i) => i.id === best)!;
        expect(chosen.isPunchedOut).toBe(false);
        // nothing of the same kind and unit is cheaper
        for (const other of items)
          if (!other.isPunchedOut && other.finalUnitPrice !== null && other.finalUnit === chosen.finalUnit)
            expect(other.finalUnitPrice).toBeGreaterThanOrEqual(chosen.finalUnitPrice!);
        expect(kind(chosen.finalUnit)).toMatch(/[wvc]/);
      }),
    );
  });
});
