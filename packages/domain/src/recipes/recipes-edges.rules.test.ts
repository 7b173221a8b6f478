/**
 * Recipe rules at the edges mutation testing found untested (docs/quality.md): the spec's words and
 * units, fractions with several decimals, units that do not convert, and the date ranges' guards.
 */
import { describe, expect, it } from 'vitest';
import { parsePackSize } from '../catalog/pack-size.rules';
import { findUnit } from '../inventory/units.rules';
import {
  DEFAULT_RECIPE_UNIT,
  DELETE_GROUP_OF_RECIPE,
  MENU_CATEGORY_NOT_FOUND,
  MENU_NOT_FOUND,
  NOT_A_FRACTION,
  RECIPE_NOT_FOUND,
  RECIPE_UNITS,
  SUB_RECIPE_LOCKED,
  decimalToRatio,
  formatRecipeUnit,
  fractionToNumber,
  getAutoConversion,
  getCasePriceInUnit,
  getDefaultPackUnit,
  getIngredientCost,
  getRecipeRange,
  getSubRecipePackSize,
  isLooseFraction,
  parseFraction,
  roundExact,
} from './recipes.rules';
import { formatFoodCostPercent, getPriceFromTotals, getRecipeTotals } from './recipe-totals.rules';

const r = (num: number, den = 1) => ({ num: BigInt(num), den: BigInt(den) });
/** Whether a ratio has the value num/den, however it is written. */
const valueOf = (ratio: { num: bigint; den: bigint } | null) => (ratio ? Number(ratio.num) / Number(ratio.den) : null);

describe("the spec's words and units (doc 2 §4, §5, §9)", () => {
  it('says what the spec says', () => {
    expect(NOT_A_FRACTION).toBe('is not a fraction or number');
    expect(SUB_RECIPE_LOCKED).toBe(
      'You can not remove the subrecipe option because this recipe is being used as a subrecipe for other recipes.',
    );
    expect([RECIPE_NOT_FOUND, MENU_NOT_FOUND, MENU_CATEGORY_NOT_FOUND]).toEqual([
      'Recipe Not Found',
      'Menu Not Found',
      'Menu Category Not Found',
    ]);
    expect(DELETE_GROUP_OF_RECIPE).toBe(
      'Are you sure you want to delete this comparison view generic group, it will also remove those items from the recipe?',
    );
  });

  it("offers the case units and the tables' units, each one a price can be quoted in, and the pound first", () => {
    expect(RECIPE_UNITS).toEqual(expect.arrayContaining(['lb', 'pint', 'oz', 'bunch', 'each', 'case']));
    for (const unit of RECIPE_UNITS) expect(findUnit(unit) !== null || ['bunch', 'case'].includes(unit), unit).toBe(true);
    expect(new Set(RECIPE_UNITS.map((unit) => findUnit(unit)?.family ?? unit))).toEqual(
      new Set(['mass', 'volume', 'count', 'bunch', 'case']),
    );
    expect(DEFAULT_RECIPE_UNIT).toBe('lb');
  });

  it('shows a listed unit or one the tables know as written, in any case', () => {
    for (const unit of ['bunch', 'Bunch', 'case', 'mg', 'pounds']) expect(formatRecipeUnit(unit), unit).toBe(unit);
  });
});

describe('fractions and decimals', () => {
  it('reads every decimal place of a number', () => {
    expect(valueOf(parseFraction('2.25'))).toBe(2.25);
    expect(valueOf(parseFraction('1.125'))).toBe(1.125);
  });

  it('takes more than one space between a whole number and its fraction, typed or typing', () => {
    expect(parseFraction('1  1/2')).toEqual(r(3, 2));
    for (const text of ['1  1/', '1  1', '.5', '.25']) expect(isLooseFraction(text), text).toBe(true);
  });

  it('stores a fraction to 4 decimals, half away from zero', () => {
    expect(fractionToNumber(r(1, 3))).toBe(0.3333);
    expect(fractionToNumber(r(2, 3))).toBe(0.6667);
    expect(fractionToNumber(r(1, 8), 2)).toBe(0.13);
  });

  it('reads a typed decimal exactly, beyond 6 places too', () => {
    expect(valueOf(decimalToRatio(2.25))).toBe(2.25);
    expect(decimalToRatio(0.1234567)).toEqual(r(1_234_567, 10_000_000));
    // Written with an exponent (under a millionth), it is read to 6 places: 5e-7 is 0.000001.
    expect(decimalToRatio(5e-7)).toEqual(r(1, 1_000_000));
  });
});

describe('units a price cannot be quoted in', () => {
  it('has no conversion to a unit too small to show in 2 decimals (1 mg is 0.0000022 lb)', () => {
    expect(getAutoConversion('lb', 'mg')).toBeNull();
  });

  it('converts a unit to itself one to one, even one the tables do not know', () => {
    const same = { recipePackSizeValue: 1, conversionPackSizeValue: 1 };
    expect(getAutoConversion(' Case', 'CASE ')).toEqual(same);
    expect(getAutoConversion('bunch', 'Bunch')).toEqual(same);
  });

  it('prices a case, a count and a volume, but no container by measure and no length', () => {
    // $6.00 for 12 each is $6.00 a dozen; $40.00 for 4 gal is $2.50 a quart; $30.00 for 6 cans.
    expect(roundExact(getCasePriceInUnit(600, parsePackSize('12/1 EA'), 'dozen')!)).toBe(60_000);
    expect(roundExact(getCasePriceInUnit(4000, parsePackSize('4/1 GAL'), 'qt')!)).toBe(25_000);
    expect(roundExact(getCasePriceInUnit(3000, parsePackSize('6/#10 CN'), ' CASE ')!)).toBe(300_000);
    expect(getCasePriceInUnit(3000, parsePackSize('6/#10 CN'), 'each')).toBeNull();
    expect(getCasePriceInUnit(4000, parsePackSize('4/10 LB'), 'in')).toBeNull();
    expect(getCasePriceInUnit(4000, parsePackSize('4/10 LB'), 'scoop')).toBeNull();
  });

  it('prices a container, or a head of lettuce, by the case in recipes', () => {
    expect(getDefaultPackUnit(parsePackSize('6/#10 CN'))).toBe('case');
    expect(getDefaultPackUnit(parsePackSize('24/1 HEAD'))).toBe('case');
    expect(getDefaultPackUnit(parsePackSize('12/1 CT'))).toBe('each');
  });

  it('costs nothing for a conversion of 0 recipe units rather than dividing by zero', () => {
    const input = { recipeAmount: r(1), recipePackSize: r(0), conversionPackSize: r(1), packUnitPrice: r(10_000) };
    expect(getIngredientCost({ ...input, wastePercentage: r(0) })).toBe(0);
  });
});

describe('sub-recipe packs', () => {
  it('keeps the zeros inside the decimals and trims what was typed', () => {
    expect(getSubRecipePackSize(' 2.05 ', ' gal ')).toBe('1/2.05 GAL');
    expect(getSubRecipePackSize('3', '  ')).toBe('1/3 EA');
  });
});

describe('date ranges', () => {
  it('on a Sunday the weekly range is that day', () => {
    expect(getRecipeRange('weekly', '2026-11-15')).toEqual({ bgnDate: '2026-11-15 00:00:00', endDate: '2026-11-15 23:59:59' });
  });

  it('refuses a day that is not YYYY-MM-DD, and a custom range without its days', () => {
    for (const today of ['2026-11-18T10:00', 'x2026-11-18', '18/11/2026']) {
      expect(() => getRecipeRange('monthly', today), today).toThrow(`Not a date: ${today}`);
    }
    expect(() => getRecipeRange('custom', '2026-11-18')).toThrow('A custom range needs a start and an end.');
  });

  it('keeps a custom range given in order', () => {
    expect(getRecipeRange('custom', '2026-11-18', { start: '2026-10-01', end: '2026-10-05' })).toEqual({
      bgnDate: '2026-10-01 00:00:00',
      endDate: '2026-10-05 23:59:59',
    });
  });
});

describe('totals at the edges', () => {
  it('rounds the food cost % half away from zero', () => {
    // $0.02 of $0.03 is 66.666…%: 6667; $0.01 of $0.03 is 33.333…%: 3333.
    expect(getRecipeTotals([2], 3).foodCostPercent).toBe(6667);
    expect(getRecipeTotals([1], 3).foodCostPercent).toBe(3333);
  });

  it('shows 0 %, more than 100 % and a negative % with their digits', () => {
    expect(formatFoodCostPercent(0)).toBe('0.00%');
    expect(formatFoodCostPercent(12_345)).toBe('123.45%');
    expect(formatFoodCostPercent(-250)).toBe('-2.50%');
  });

  it('gives no price for a margin that takes it to exactly 0, or a negative food cost %', () => {
    expect(getPriceFromTotals(375, { marginGrossProfit: -375 })).toBeNull();
    expect(getPriceFromTotals(375, { marginGrossProfit: -374 })).toBe(1);
    expect(getPriceFromTotals(375, { foodCostPercent: -2500 })).toBeNull();
  });
});
