/**
 * The recipe rules that turn an offer's price into a price per recipe unit, and a recipe's totals,
 * at the edges mutation testing found untested (docs/quality.md).
 */
import { describe, expect, it } from 'vitest';
import { parsePackSize } from '../catalog/pack-size.rules';
import { getAutoConversion, getDefaultPackUnit, getItemPriceInUnit, roundExact } from './recipes.rules';
import { getRecipeTotals } from './recipe-totals.rules';

/** 1/10000 dollars, rounded, or null. */
const e4 = (value: ReturnType<typeof getItemPriceInUnit>) => (value ? roundExact(value) : null);

describe('a catch-weight offer priced by the pound', () => {
  const fortyPounds = parsePackSize('4/10 LB');

  it('prices a case at its nominal weight and any weight unit from the price per pound', () => {
    // $5.00 a pound: a 40 lb case is $200.00, an ounce $0.3125, a kilogram $11.0231 (rounded).
    expect(e4(getItemPriceInUnit(500, 'LB', fortyPounds, 'case'))).toBe(2_000_000);
    expect(e4(getItemPriceInUnit(500, 'lb', fortyPounds, ' Case '))).toBe(2_000_000);
    expect(e4(getItemPriceInUnit(500, 'LB', fortyPounds, 'oz'))).toBe(3125);
    expect(e4(getItemPriceInUnit(500, 'LB', fortyPounds, 'kg'))).toBe(110_231);
  });

  it('has no case price without a weight pack, and no price in a unit that is not a weight', () => {
    expect(getItemPriceInUnit(500, 'LB', null, 'case')).toBeNull();
    expect(getItemPriceInUnit(500, 'LB', parsePackSize('6/1 GAL'), 'case')).toBeNull();
    expect(getItemPriceInUnit(500, 'LB', fortyPounds, 'fl oz')).toBeNull();
    expect(getItemPriceInUnit(500, 'LB', fortyPounds, 'scoop')).toBeNull();
  });

  it('prices a case offer from its case price instead', () => {
    // $40.00 a case of 40 lb is $1.00 a pound, not $40.00.
    expect(e4(getItemPriceInUnit(4000, 'CS', fortyPounds, 'lb'))).toBe(10_000);
  });
});

describe('the unit an offer is priced in for recipes', () => {
  it('is the pound for catch weight, the pack unit for a measured pack, else the case', () => {
    expect(getDefaultPackUnit(parsePackSize('6/1 GAL'), 'lb')).toBe('lb');
    expect(getDefaultPackUnit(parsePackSize('6/1 GAL'))).toBe('gal');
    expect(getDefaultPackUnit(parsePackSize('4/10 LB'), 'CS')).toBe('lb');
    expect(getDefaultPackUnit(null)).toBe('case');
    expect(getDefaultPackUnit(null, 'LB')).toBe('lb');
  });
});

describe('recipe conversions and totals', () => {
  it('converts one to one between the same unit written differently', () => {
    expect(getAutoConversion(' LB', 'lb ')).toEqual({ recipePackSizeValue: 1, conversionPackSizeValue: 1 });
    expect(getAutoConversion('Fl Oz', 'fl oz')).toEqual({ recipePackSizeValue: 1, conversionPackSizeValue: 1 });
  });

  it('has no margin or food cost % for a recipe priced at 0', () => {
    expect(getRecipeTotals([300, 200], 0)).toEqual({ totalCost: 500, marginGrossProfit: null, foodCostPercent: null });
    expect(getRecipeTotals([300, 200], 1)).toMatchObject({ totalCost: 500, marginGrossProfit: -499 });
  });
});
