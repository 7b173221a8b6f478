import { describe, expect, it } from 'vitest';
import { costBookGroupIds, costBookOfferIds, createCostBook, type GroupItemRow, type OfferRow } from './cost-book';
import { costIngredient, getAllRecipeCosts, getRecipeCost } from './recipe-costing';
import { beef, group, ingredient, linked, recipe } from './cost-book.test-support';

describe('the recipe costing engine', () => {
  const ingredients = [
    // The sub-recipe: 2 lb of beef, waste 10 %, yields 4 qt.
    ingredient(2, { itemDistributorId: 7, recipeAmountFraction: '2', wastePercentage: '10' }),
    // The dish: 1 lb of beef and 1 qt of the sub-recipe.
    ingredient(1, { itemDistributorId: 7 }),
    ingredient(1, {
      ingredientType: 'subrecipe',
      subRecipeId: 2,
      recipePackSizeUom: 'qt',
      conversionPackSizeUom: 'qt',
    }),
    // Two recipes using each other count the cycle as 0 and still cost their items.
    ingredient(3, { ingredientType: 'subrecipe', subRecipeId: 4, recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt' }),
    ingredient(4, { ingredientType: 'subrecipe', subRecipeId: 3, recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt' }),
    ingredient(4, { itemDistributorId: 7 }),
    // An offer the location no longer lists costs nothing.
    ingredient(5, { itemDistributorId: 99 }),
  ];
  const book = () =>
    createCostBook({
      recipes: [recipe(1), recipe(2, '4'), recipe(3, '1'), recipe(4, '1'), recipe(5)],
      ingredients,
      offers: [beef],
      groups: [],
      groupItems: [],
    });

  it('costs items with waste and sub-recipes per yield unit, in cents', () => {
    const costs = getAllRecipeCosts(book());
    expect(costs.get(2)).toBe(2200);
    expect(costs.get(1)).toBe(1000 + 550);
    expect(costs.get(5)).toBe(0);
    expect(costs.get(4)).toBe(1000);
    expect([...costs.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a menu recipe's total cost entered by hand stands; one left on a sub-recipe is not what its users pay", () => {
    const entered = (id: number, cents: number) => ({ ...recipe(id, id === 2 ? '4' : null), totalCostEntered: cents });
    const costs = getAllRecipeCosts(
      createCostBook({
        recipes: [entered(1, 1234), entered(2, 9999), recipe(3, '1'), recipe(4, '1'), recipe(5)],
        ingredients,
        offers: [beef],
        groups: [],
        groupItems: [],
      }),
    );
    expect(costs.get(1)).toBe(1234);
    expect(costs.get(2)).toBe(2200);
  });

  it('costs a loop of recipes the same whichever is costed first (each counts the other once, itself as 0)', () => {
    // A and B use 1 qt of each other and 1 lb of beef ($10.00) each: A = $10.00 + B (with A cut) = $20.00, and B alike.
    const loop = [
      ingredient(6, { ingredientType: 'subrecipe', subRecipeId: 7, recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt' }),
      ingredient(6, { itemDistributorId: 7 }),
      ingredient(7, { ingredientType: 'subrecipe', subRecipeId: 6, recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt' }),
      ingredient(7, { itemDistributorId: 7 }),
    ];
    const loopBook = () =>
      createCostBook({
        recipes: [recipe(6, '1'), recipe(7, '1')],
        ingredients: loop,
        offers: [beef],
        groups: [],
        groupItems: [],
      });
    const aFirst = loopBook();
    const bFirst = loopBook();
    expect([getRecipeCost(aFirst, 6), getRecipeCost(aFirst, 7)]).toEqual([2000, 2000]);
    expect([getRecipeCost(bFirst, 7), getRecipeCost(bFirst, 6)]).toEqual([2000, 2000]);
  });

  it('lists the groups and offers a book reads', () => {
    expect(costBookGroupIds([ingredient(1, { ingredientType: 'generic', inventoryGroupId: 3 })])).toEqual([3]);
    expect(costBookOfferIds(ingredients, [linked(1, 8)])).toEqual([7, 99, 8]);
  });
});

describe('a generic ingredient', () => {
  /** $60.00 a case of 10 × 1 lb: $6.00 a pound, but no longer sold (punched out). */
  const punchedOutBeef: OfferRow = { ...beef, itemDistributorId: 8, description: 'Old beef', price: '60.00', isPunchedOut: true };
  /** $140.00 a case of 10 × 1 lb: $14.00 a pound. */
  const dearBeef: OfferRow = { ...beef, itemDistributorId: 9, description: 'Dear beef', price: '140.00' };
  /** 2 lb of the generic "Ground beef", costed from the items linked to it. */
  const generic = ingredient(10, { ingredientType: 'generic', inventoryGroupId: 3, recipeAmountFraction: '2' });
  const cost = (offers: OfferRow[]) =>
    costIngredient(
      createCostBook({
        recipes: [recipe(10)],
        ingredients: [generic],
        offers,
        groups: [group],
        groupItems: offers.map((offer, index) => linked(index + 1, offer.itemDistributorId)),
      }),
      generic,
      new Set(),
    );

  it('averages only its active linked items when one of them is punched out', () => {
    // Active: 2 lb at $10.00 and at $14.00 average $24.00; the punched-out $12.00 does not count.
    const costed = cost([beef, punchedOutBeef, dearBeef]);
    expect(costed.cost).toBe(2400);
    expect(costed.items.map((item) => [item.description, item.costing])).toEqual([
      ['Beef', 2000],
      ['Old beef', 1200],
      ['Dear beef', 2800],
    ]);
    expect(costed.isInactive).toBe(true);
  });

  it('falls back to every linked item when all of them are punched out', () => {
    const costed = cost([punchedOutBeef, { ...dearBeef, isPunchedOut: true }]);
    expect(costed.cost).toBe(Math.round((1200 + 2800) / 2));
  });

  it('costs a linked custom item from its own pack, with its own conversion and waste', () => {
    // $24.00 for 12 × 1 lb: $2.00 a pound.
    const custom: GroupItemRow = {
      ...linked(5, 0),
      kind: 'custom',
      itemDistributorId: null,
      description: 'House beef',
      distributorName: 'Farm',
      price: '24.00',
      customPackSize: '12/1 LB',
      din: 'H1',
      brand: 'Ours',
    };
    const ounces = ingredient(10, {
      ingredientType: 'generic',
      inventoryGroupId: 3,
      recipeAmountFraction: '8',
      recipePackSizeUom: 'oz',
      // A link of a distributor item with the same id must not apply to the custom item.
      linkItems: [
        { generic_item_id: 5, waste_percentage: 100 },
        {
          generic_custom_item_id: 5,
          recipe_pack_size_fraction: '16',
          conversion_pack_size_fraction: '1',
          conversion_pack_size_uom: 'lb',
          waste_percentage: 50,
        },
      ],
    });
    const book = createCostBook({
      recipes: [recipe(10)],
      ingredients: [ounces],
      offers: [],
      groups: [group],
      groupItems: [custom],
    });
    const costed = costIngredient(book, ounces, new Set());
    // 8 oz = ½ lb at $2.00, plus 50 % waste: $1.50.
    expect(costed.cost).toBe(150);
    expect(costed.items).toEqual([
      expect.objectContaining({
        description: 'House beef',
        din: 'H1',
        brand: 'Ours',
        distributor: 'Farm',
        price: 2400,
        packSize: '12/1 LB',
        packSizeUom: 'LB',
        customPackSize: '12/1 LB',
        isCustomItem: true,
        genericCustomItemId: 5,
        costing: 150,
      }),
    ]);
    // Without its own link it converts ounces to pounds by itself, at the ingredient's waste.
    expect(costIngredient(book, { ...ounces, linkItems: [] }, new Set()).cost).toBe(100);
  });

  it('costs a linked sub-recipe per yield unit and skips a linked offer the location no longer lists', () => {
    const sauce = ingredient(20, { itemDistributorId: 7, recipeAmountFraction: '4' });
    const generic = ingredient(10, { ingredientType: 'generic', inventoryGroupId: 3, recipePackSizeUom: 'qt' });
    const rows = [{ ...linked(1, 0), kind: 'subrecipe' as const, itemDistributorId: null, subRecipeId: 20 }, linked(2, 404)];
    const book = createCostBook({
      recipes: [recipe(10), recipe(20, '4')],
      ingredients: [generic, sauce],
      offers: [beef],
      groups: [group],
      groupItems: rows,
    });
    const costed = costIngredient(book, generic, new Set());
    // 4 lb of beef at $10.00 makes 4 qt: 1 qt costs $10.00.
    expect(costed.cost).toBe(1000);
    expect(costed.items.map((item) => [item.isSubRecipe, item.subRecipeId, item.genericItemId])).toEqual([[true, 20, 1]]);
    expect(costed.isInactive).toBe(false);
  });

  it('reads as no longer available, with no comparison view, when its group is gone', () => {
    const orphan = ingredient(10, { ingredientType: 'generic', inventoryGroupId: 77 });
    const book = createCostBook({ recipes: [recipe(10)], ingredients: [orphan], offers: [], groups: [], groupItems: [] });
    expect(costIngredient(book, orphan, new Set())).toEqual({
      cost: null,
      item: null,
      items: [],
      name: 'Generic ingredient no longer available',
      comparisonView: null,
      isInactive: true,
    });
    expect(costIngredient(book, { ...orphan, inventoryGroupId: 3 }, new Set()).isInactive).toBe(true);
    expect(costIngredient(book, { ...orphan, inventoryGroupId: null }, new Set())).toMatchObject({
      cost: null,
      items: [],
      isInactive: true,
    });
  });

  it('is active when none of its linked items is punched out', () => {
    const costed = cost([beef, dearBeef]);
    expect(costed.cost).toBe(2400);
    expect(costed.isInactive).toBe(false);
  });
});
