import { describe, expect, it } from 'vitest';
import type { IngredientDbRow } from '../recipes/cost-book';
import { buildPosUse, toGroupQuantity, type PosGroup } from './pos-use.rules';

const LB = 24;
const ingredient = (over: Partial<IngredientDbRow>): IngredientDbRow => ({
  id: 1,
  recipeId: 1,
  ingredientType: 'generic',
  itemDistributorId: null,
  inventoryGroupId: 10,
  subRecipeId: null,
  recipeAmount: '0',
  recipeAmountFraction: '0',
  recipePackSizeUom: 'oz',
  recipePackSizeValue: '1',
  recipePackSizeFraction: '1',
  conversionPackSizeValue: '1',
  conversionPackSizeFraction: '1',
  conversionPackSizeUom: '',
  wastePercentage: '0',
  linkItems: null,
  ...over,
});
const recipe = (id: number, name: string, subRecipeYield: string | null = null, subRecipeYieldUom: string | null = null) => ({
  id,
  name,
  subRecipeYield,
  subRecipeYieldUom,
});
const beef: PosGroup = { id: 10, unitId: LB, unit: 'lb', packSize: '4/5 LB' };
const week = (n: number) => [n, n, n, n, n * 2, n * 2, n];

describe('toGroupQuantity', () => {
  it('converts within a kind and through the pack for a group counted in cases', () => {
    expect(toGroupQuantity(8, 'oz', beef)).toBeCloseTo(0.5, 9);
    expect(toGroupQuantity(10, 'lb', { ...beef, unitId: 1, unit: 'case' })).toBeCloseTo(0.5, 9);
  });
  it('refuses another kind without a bridge', () => {
    expect(toGroupQuantity(2, 'each', beef)).toBeNull();
    expect(toGroupQuantity(1, 'cup', beef)).toBeNull();
  });
});

describe('buildPosUse', () => {
  it('is sales × quantity × (1 + waste) per weekday, in hundredths, with sub-recipes expanded', () => {
    const result = buildPosUse({
      recipes: new Map([
        [1, recipe(1, 'Burger')],
        [2, recipe(2, 'Burger mix', '10', 'lb')],
      ]),
      ingredients: new Map([
        [
          1,
          [
            ingredient({ recipeAmountFraction: '6', wastePercentage: '10' }),
            ingredient({
              id: 2,
              ingredientType: 'subrecipe',
              inventoryGroupId: null,
              subRecipeId: 2,
              recipeAmountFraction: '4',
              recipePackSizeUom: 'oz',
            }),
          ],
        ],
        // A 10 lb batch of mix holds 8 lb of beef: 4 oz of mix is 0.2 lb of beef.
        [2, [ingredient({ id: 3, recipeId: 2, recipeAmountFraction: '8', recipePackSizeUom: 'lb' })]],
      ]),
      groups: [beef],
      groupOfItem: new Map(),
      sales: [{ recipeId: 1, name: 'Burger', soldByWeekday: week(40) }],
    });
    const perSale = (6 / 16) * 1.1 + (4 / 16 / 10) * 8;
    expect(result.use.get(10)?.byWeekday).toEqual(week(40).map((n) => Math.round(n * perSale * 100)));
    expect(result.use.get(10)?.salesText).toBe('51 Burger a day');
    expect(result.skipped.size).toBe(0);
  });

  it('leaves a group out, with its reason, when a recipe quantity does not convert', () => {
    const result = buildPosUse({
      recipes: new Map([[1, recipe(1, 'Burger')]]),
      ingredients: new Map([[1, [ingredient({ recipeAmountFraction: '1', recipePackSizeUom: 'each' })]]]),
      groups: [beef],
      groupOfItem: new Map(),
      sales: [{ recipeId: 1, name: 'Burger', soldByWeekday: week(40) }],
    });
    expect(result.use.has(10)).toBe(false);
    expect(result.skipped.get(10)).toBe('Burger measures it in each, which does not convert to lb');
  });

  it('counts an item ingredient in the group that holds the item', () => {
    const result = buildPosUse({
      recipes: new Map([[1, recipe(1, 'Burger')]]),
      ingredients: new Map([
        [1, [ingredient({ ingredientType: 'item', inventoryGroupId: null, itemDistributorId: 77, recipeAmountFraction: '16' })]],
      ]),
      groups: [beef],
      groupOfItem: new Map([[77, 10]]),
      sales: [{ recipeId: 1, name: 'Burger', soldByWeekday: week(3) }],
    });
    expect(result.use.get(10)?.byWeekday).toEqual(week(300));
  });

  it("uses an item line's own pack conversion as the bridge when its unit is another kind (1 each = 0.25 lb)", () => {
    const row = ingredient({
      ingredientType: 'item',
      inventoryGroupId: null,
      itemDistributorId: 77,
      recipeAmountFraction: '2',
      recipePackSizeUom: 'each',
      recipePackSizeFraction: '1',
      conversionPackSizeFraction: '1/4',
      conversionPackSizeUom: 'lb',
    });
    const result = buildPosUse({
      recipes: new Map([[1, recipe(1, 'Slider')]]),
      ingredients: new Map([[1, [row]]]),
      groups: [beef],
      groupOfItem: new Map([[77, 10]]),
      sales: [{ recipeId: 1, name: 'Slider', soldByWeekday: week(10) }],
    });
    // 10 sliders × 2 each × 0.25 lb = 5 lb on a weekday.
    expect(result.use.get(10)?.byWeekday).toEqual(week(500));
  });
});
