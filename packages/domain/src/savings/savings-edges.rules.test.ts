/** Savings rules at the edges mutation testing found untested (docs/quality.md). */
import { describe, expect, it } from 'vitest';
import { areEquivalentProducts, parseProductName } from './equivalence.rules';
import { getSwapOffer, getSwapQuantity, isSwapOfferWorthShowing, isSwapQuantityAllowed } from './savings.rules';

describe('sizes in item names', () => {
  it('reads weight and volume aliases as sizes', () => {
    expect(parseProductName('Beef patty 2 LBS').size?.family).toBe('weight');
    expect(parseProductName('Vinegar white 1 GALLON').size?.family).toBe('volume');
    expect(parseProductName('Sparkling water 16 FLOZ').size?.family).toBe('volume');
    expect(parseProductName('Beef patty 2 LBS').stem).toBe(parseProductName('Beef patty 32 OUNCE').stem);
  });

  it('does not read counts as sizes, whichever way they are written', () => {
    for (const name of ['Napkins 500 PCS', 'Gloves 100 EACH', 'Forks 1000 CNT'])
      expect(parseProductName(name).size, name).toBeNull();
  });

  it('never matches a name with a size to the same name without one', () => {
    expect(areEquivalentProducts('Oyster Duxbury Live', 'Oyster Duxbury Live 6 OZ')).toBe(false);
    expect(areEquivalentProducts('Oyster Duxbury Live 6 OZ', 'Oyster Duxbury Live')).toBe(false);
  });
});

describe('swaps', () => {
  it('says which quantity it refuses', () => {
    expect(() => getSwapQuantity(0, '4/1 GAL', '4/1 GAL')).toThrow('Invalid quantity 0');
  });

  it('refuses a swap to no cases', () => {
    expect(isSwapQuantityAllowed(0)).toBe(false);
  });

  it('does not offer a savings option that saves nothing on the line', () => {
    // 1 case of 4 gal at $40.00 for 1 case of 4 gal at $40.00: same line total.
    const even = getSwapOffer(1, 4000, '4/1 GAL', 4000, '4/1 GAL');
    expect(even.lineSavings).toBe(0);
    expect(isSwapOfferWorthShowing('SavingsOption', even)).toBe(false);
  });
});
