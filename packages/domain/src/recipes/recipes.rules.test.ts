import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePackSize } from '../catalog/pack-size.rules';
import {
  getSubRecipePackSize,
  getRecipeCopiedNotice,
  formatRecipeUnit,
  getAutoConversion,
  getCasePriceInUnit,
  getCostPerYieldUnit,
  getIngredientCost,
  getRecipeRange,
  isLooseFraction,
  isStrictFraction,
  parseFraction,
  roundExact,
} from './recipes.rules';
import {
  formatFoodCostPercent,
  getPriceFromTotals,
  getRecipeTotals,
  getShownTotalCost,
  isTotalCostEntered,
} from './recipe-totals.rules';

const r = (num: number, den = 1) => ({ num: BigInt(num), den: BigInt(den) });

describe('fractions (doc 2 §5)', () => {
  it('parses strict fractions and numbers exactly', () => {
    expect(parseFraction('2')).toEqual(r(2));
    expect(parseFraction('1.5')).toEqual(r(15, 10));
    expect(parseFraction('.25')).toEqual(r(25, 100));
    expect(parseFraction('3/4')).toEqual(r(3, 4));
    expect(parseFraction(' 1 1/2 ')).toEqual(r(3, 2));
  });

  it('refuses what is not a fraction or number', () => {
    for (const text of ['', 'abc', '1/', '1/0', '1 1/0', '1..2', '-1', '1/2/3', '1 1', '1e3', '½']) {
      expect(isStrictFraction(text), text).toBe(false);
    }
  });

  it('allows prefixes of fractions while typing, but not letters', () => {
    for (const text of ['', '1', '1 ', '1/', '1 1', '1 1/', '2.', '.']) expect(isLooseFraction(text), text).toBe(true);
    for (const text of ['a', '1/a', '1-', '1 1 1', '1/2/']) expect(isLooseFraction(text), text).toBe(false);
  });

  it('every strict fraction is also loose, and its whole-number form round-trips', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(99), fc.integer({ min: 1, max: 99 }), (whole, num, den) => {
        for (const text of [`${whole}`, `${whole} ${num}/${den}`, `${num}/${den}`, `${whole}.${num}`]) {
          expect(isStrictFraction(text)).toBe(true);
          expect(isLooseFraction(text)).toBe(true);
        }
        const mixed = parseFraction(`${whole} ${num}/${den}`)!;
        expect(mixed.num * BigInt(den)).toBe(BigInt(whole * den + num) * mixed.den);
      }),
    );
  });

  it("shows a unit that is not in the list as 'Custom: {text}'", () => {
    expect(formatRecipeUnit('lb')).toBe('lb');
    expect(formatRecipeUnit('fl oz')).toBe('fl oz');
    expect(formatRecipeUnit('scoop')).toBe('Custom: scoop');
  });
});

describe('unit conversion between recipe unit and pack unit', () => {
  it('fills the conversion when both units are in one table', () => {
    expect(getAutoConversion('oz', 'lb')).toEqual({ recipePackSizeValue: 16, conversionPackSizeValue: 1 });
    expect(getAutoConversion('lb', 'lb')).toEqual({ recipePackSizeValue: 1, conversionPackSizeValue: 1 });
    expect(getAutoConversion('fl oz', 'l')).toEqual({ recipePackSizeValue: 33.81, conversionPackSizeValue: 1 });
    expect(getAutoConversion('lb', 'kg')).toEqual({ recipePackSizeValue: 2.2, conversionPackSizeValue: 1 });
  });

  it('answers null when they do not convert', () => {
    expect(getAutoConversion('cup', 'lb')).toBeNull();
    expect(getAutoConversion('scoop', 'lb')).toBeNull();
  });

  it('prices one unit of a case: $40.00 for 4/10 LB is $1.00 a lb, $0.0625 an oz, $40 a case', () => {
    const pack = parsePackSize('4/10 LB');
    expect(roundExact(getCasePriceInUnit(4000, pack, 'lb')!)).toBe(10_000);
    expect(roundExact(getCasePriceInUnit(4000, pack, 'oz')!)).toBe(625);
    expect(roundExact(getCasePriceInUnit(4000, pack, 'case')!)).toBe(400_000);
    expect(getCasePriceInUnit(4000, pack, 'gal')).toBeNull();
    expect(getCasePriceInUnit(4000, null, 'lb')).toBeNull();
  });
});

describe('ingredient cost', () => {
  it('converts, prices and adds waste: 8 oz of a $1.00/lb item with 10% waste costs $0.55', () => {
    const cost = getIngredientCost({
      recipeAmount: r(8),
      recipePackSize: r(16),
      conversionPackSize: r(1),
      packUnitPrice: r(10_000),
      wastePercentage: r(10),
    });
    expect(cost).toBe(55);
  });

  it('never goes below the cost without waste, and grows with the amount', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(100), fc.integer({ min: 1, max: 1_000_000 }), (amount, waste, price) => {
        const base = { recipeAmount: r(amount), recipePackSize: r(1), conversionPackSize: r(1), packUnitPrice: r(price) };
        const noWaste = getIngredientCost({ ...base, wastePercentage: r(0) });
        const withWaste = getIngredientCost({ ...base, wastePercentage: r(waste) });
        expect(withWaste).toBeGreaterThanOrEqual(noWaste);
        expect(getIngredientCost({ ...base, recipeAmount: r(amount + 1), wastePercentage: r(0) })).toBeGreaterThanOrEqual(
          noWaste,
        );
      }),
    );
  });

  it("a sub-recipe's cost per yield unit is its total over its yield", () => {
    expect(roundExact(getCostPerYieldUnit(1200, r(3, 2)))).toBe(80_000); // $12 for 1 1/2 qt → $8/qt
    expect(roundExact(getCostPerYieldUnit(1200, r(0)))).toBe(0);
  });
});

describe('totals', () => {
  it('sums costs, margin and food cost % × 100', () => {
    expect(getRecipeTotals([250, 125], 1500)).toEqual({ totalCost: 375, marginGrossProfit: 1125, foodCostPercent: 2500 });
    expect(getRecipeTotals([333], 1000)).toEqual({ totalCost: 333, marginGrossProfit: 667, foodCostPercent: 3330 });
    expect(getRecipeTotals([100], null)).toEqual({ totalCost: 100, marginGrossProfit: null, foodCostPercent: null });
  });

  it('a menu recipe shows the total cost entered by hand; a sub-recipe always its ingredients', () => {
    expect(getShownTotalCost(375, { isSubRecipe: false, totalCostEntered: 410 })).toBe(410);
    expect(getShownTotalCost(375, { isSubRecipe: false, totalCostEntered: null })).toBe(375);
    expect(getShownTotalCost(375, { isSubRecipe: true, totalCostEntered: 410 })).toBe(375);
    expect(isTotalCostEntered({ isSubRecipe: false, totalCostEntered: 410 })).toBe(true);
    expect(isTotalCostEntered({ isSubRecipe: false, totalCostEntered: null })).toBe(false);
    expect(isTotalCostEntered({ isSubRecipe: true, totalCostEntered: 410 })).toBe(false);
  });

  it('shows the food cost % divided by 100', () => {
    expect(formatFoodCostPercent(2500)).toBe('25.00%');
    expect(formatFoodCostPercent(3333)).toBe('33.33%');
    expect(formatFoodCostPercent(5)).toBe('0.05%');
    expect(formatFoodCostPercent(null)).toBe('—');
  });

  it('derives the price from an edited margin or food cost %', () => {
    expect(getPriceFromTotals(375, { marginGrossProfit: 1125 })).toBe(1500);
    expect(getPriceFromTotals(375, { foodCostPercent: 2500 })).toBe(1500);
    expect(getPriceFromTotals(375, { marginGrossProfit: -400 })).toBeNull();
    expect(getPriceFromTotals(375, { foodCostPercent: 0 })).toBeNull();
  });

  it('food cost % of the derived price gives back the food cost % (to rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: 500, max: 9_000 }), (cost, pct) => {
        const price = getPriceFromTotals(cost, { foodCostPercent: pct })!;
        // the price is rounded to a cent, which moves the % by at most pct² / (2 × cost × 10000) + rounding
        expect(Math.abs(getRecipeTotals([cost], price).foodCostPercent! - pct)).toBeLessThanOrEqual(
          1 + (pct * pct) / (cost * 10_000),
        );
      }),
    );
  });
});

describe('date ranges (doc 2 §9)', () => {
  it('weekly, monthly and year to date end yesterday at 23:59:59', () => {
    // 2026-11-18 is a Wednesday
    expect(getRecipeRange('weekly', '2026-11-18')).toEqual({ bgnDate: '2026-11-15 00:00:00', endDate: '2026-11-17 23:59:59' });
    expect(getRecipeRange('monthly', '2026-11-18')).toEqual({ bgnDate: '2026-11-01 00:00:00', endDate: '2026-11-17 23:59:59' });
    expect(getRecipeRange('ytd', '2026-11-18')).toEqual({ bgnDate: '2026-01-01 00:00:00', endDate: '2026-11-17 23:59:59' });
  });

  it('on the first day of a period the range is that day', () => {
    expect(getRecipeRange('monthly', '2026-11-01')).toEqual({ bgnDate: '2026-11-01 00:00:00', endDate: '2026-11-01 23:59:59' });
    expect(getRecipeRange('ytd', '2026-01-01').bgnDate).toBe('2026-01-01 00:00:00');
  });

  it('a custom range runs from 00:00:00 to 23:59:59, in order', () => {
    expect(getRecipeRange('custom', '2026-11-18', { start: '2026-10-05', end: '2026-10-01' })).toEqual({
      bgnDate: '2026-10-01 00:00:00',
      endDate: '2026-10-05 23:59:59',
    });
  });

  it('every range starts no later than it ends', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (date) => {
        const today = date.toISOString().slice(0, 10);
        for (const kind of ['weekly', 'monthly', 'ytd'] as const) {
          const range = getRecipeRange(kind, today);
          expect(range.bgnDate <= range.endDate).toBe(true);
          expect(range.bgnDate.slice(0, 10) <= today).toBe(true);
        }
      }),
    );
  });
});

describe('getSubRecipePackSize', () => {
  it('makes one batch the case of its yield', () => {
    expect(getSubRecipePackSize('4', 'qt')).toBe('1/4 QT');
    expect(getSubRecipePackSize('1 1/2', 'gal')).toBe('1/1.5 GAL');
    expect(getSubRecipePackSize('1/3', 'lb')).toBe('1/0.3333 LB');
  });

  it('falls back to one unit a batch when the yield cannot be read', () => {
    expect(getSubRecipePackSize('abc', 'portion')).toBe('1/1 PORTION');
    expect(getSubRecipePackSize(null, null)).toBe('1/1 EA');
    expect(getSubRecipePackSize('0', 'lb')).toBe('1/1 LB');
  });
});

describe('getRecipeCopiedNotice', () => {
  it('names the location, and counts what stayed behind only when something did', () => {
    expect(getRecipeCopiedNotice('Clam Chowder', 'Harbor Catering', 0)).toBe('“Clam Chowder” was copied to Harbor Catering.');
    expect(getRecipeCopiedNotice('Clam Chowder', 'Harbor Catering', 1)).toBe(
      '“Clam Chowder” was copied to Harbor Catering. 1 ingredient was left out: inventory items, sub-recipes and items Harbor Catering does not buy stay with this location.',
    );
    expect(getRecipeCopiedNotice('Stew', 'Express', 3)).toContain('3 ingredients were left out');
  });
});
