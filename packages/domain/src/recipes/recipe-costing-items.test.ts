/**
 * What an ingredient shows and costs when it is an offer or a sub-recipe (doc 2 §3 "Item inside an
 * ingredient"), and what the cost book reads; the cases mutation testing found untested (docs/quality.md).
 */
import { describe, expect, it } from 'vitest';
import { costBookGroupIds, costBookOfferIds, createCostBook, type OfferRow, type RecipeDbRow } from './cost-book';
import { costIngredient, describeGroupItem, getAllRecipeCosts } from './recipe-costing';
import { beef, group, ingredient, linked, recipe } from './cost-book.test-support';

/** The fields an ingredient's item has when nothing fills them. */
const blank = {
  description: '',
  din: '',
  price: 0,
  unitPrice: null,
  brand: '',
  distributor: '',
  packSize: '',
  packSizeUom: '',
  customPackSize: null,
  imageUrl: '',
  brandImageUrl: '',
  isPunchedOut: false,
  isSubRecipe: false,
  isCustomItem: false,
  itemDistributorId: null,
  genericItemId: null,
  genericCustomItemId: null,
  subRecipeId: null,
  costing: null,
};

describe('an ingredient bought as an offer', () => {
  const angus: OfferRow = { ...beef, brand: 'Angus', imageUrl: 'beef.png', brandImageUrl: 'angus.png' };
  const book = (offer: OfferRow) =>
    createCostBook({ recipes: [recipe(1)], ingredients: [], offers: [offer], groups: [], groupItems: [] });

  it('shows its price per pound rounded to the nearest 1/10000 dollar, halves away from zero', () => {
    // $100.00 for 6 lb is $16.66666… a pound: shown as $16.6667 (166,667), not cut to 166,666.
    const sixPounds: OfferRow = { ...angus, packSize: '6/1 LB' };
    const line = ingredient(1, { itemDistributorId: 7, recipeAmountFraction: '1' });
    expect(costIngredient(book(sixPounds), line, new Set()).item?.unitPrice).toBe(166_667);
    // $100.00 for 16 lb is $6.25 exactly: nothing to round.
    const sixteenPounds: OfferRow = { ...angus, packSize: '16/1 LB' };
    expect(costIngredient(book(sixteenPounds), line, new Set()).item?.unitPrice).toBe(62_500);
  });

  it('shows the offer and its price per pound, and costs the amount used', () => {
    // $100.00 for 10 lb is $10.00 a pound ($10.0000 in 1/10000 dollars): ½ lb costs $5.00.
    const halfPound = ingredient(1, { itemDistributorId: 7, recipeAmountFraction: '1/2' });
    expect(costIngredient(book(angus), halfPound, new Set())).toEqual({
      cost: 500,
      item: {
        ...blank,
        description: 'Beef',
        din: '7',
        price: 10_000,
        unitPrice: 100_000,
        brand: 'Angus',
        distributor: 'Sysco',
        packSize: '10/1 LB',
        packSizeUom: 'LB',
        imageUrl: 'beef.png',
        brandImageUrl: 'angus.png',
        itemDistributorId: 7,
      },
      items: [],
      name: 'Beef',
      comparisonView: null,
      isInactive: false,
    });
  });

  it('still costs an offer no longer sold (punched out), and marks the ingredient inactive', () => {
    const costed = costIngredient(book({ ...beef, isPunchedOut: true }), ingredient(1, { itemDistributorId: 7 }), new Set());
    expect([costed.cost, costed.item?.isPunchedOut, costed.isInactive]).toEqual([1000, true, true]);
  });

  it('has no cost in a unit the offer cannot be sold in (a pound of beef is no cup)', () => {
    const cups = ingredient(1, { itemDistributorId: 7, recipePackSizeUom: 'cup', conversionPackSizeUom: 'cup' });
    expect(costIngredient(book(beef), cups, new Set()).cost).toBeNull();
  });

  it('reads a stored amount, conversion or waste that does not read as none, one to one and no waste', () => {
    const twoPounds = { itemDistributorId: 7, recipeAmountFraction: '2' };
    expect(costIngredient(book(beef), ingredient(1, { ...twoPounds, recipeAmountFraction: 'abc' }), new Set()).cost).toBe(0);
    expect(costIngredient(book(beef), ingredient(1, { ...twoPounds, recipePackSizeFraction: '' }), new Set()).cost).toBe(2000);
    expect(costIngredient(book(beef), ingredient(1, { ...twoPounds, conversionPackSizeFraction: '?' }), new Set()).cost).toBe(
      2000,
    );
    expect(costIngredient(book(beef), ingredient(1, { ...twoPounds, wastePercentage: 'n/a' }), new Set()).cost).toBe(2000);
  });

  it('reads as no longer available when the location no longer lists the offer', () => {
    const gone = { cost: null, item: null, items: [], name: 'Item no longer available', comparisonView: null, isInactive: true };
    expect(costIngredient(book(beef), ingredient(1, { itemDistributorId: 99 }), new Set())).toEqual(gone);
    expect(costIngredient(book(beef), ingredient(1, { itemDistributorId: null }), new Set())).toEqual(gone);
  });
});

describe('an ingredient made as a sub-recipe', () => {
  /** 2 lb of beef with 10 % waste ($22.00) yields the sub-recipe's batch. */
  const stock = (id: number, fields: Partial<RecipeDbRow>) => ({
    recipe: { ...recipe(id, '4'), ...fields },
    ingredient: ingredient(id, { itemDistributorId: 7, recipeAmountFraction: '2', wastePercentage: '10' }),
  });
  const costed = (sub: ReturnType<typeof stock>, fields: Parameters<typeof ingredient>[1]) =>
    costIngredient(
      createCostBook({
        recipes: [recipe(1), sub.recipe],
        ingredients: [sub.ingredient],
        offers: [beef],
        groups: [],
        groupItems: [],
      }),
      ingredient(1, { ingredientType: 'subrecipe', subRecipeId: sub.recipe.id, ...fields }),
      new Set(),
    );
  const quarts = { recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt' };

  it('shows one batch of its yield as the item, and costs a quart at a quarter of the batch', () => {
    expect(costed(stock(2, {}), quarts)).toEqual({
      cost: 550,
      item: {
        ...blank,
        description: 'Recipe 2',
        price: 2200,
        packSize: '4 qt',
        packSizeUom: 'qt',
        isSubRecipe: true,
        subRecipeId: 2,
      },
      items: [],
      name: 'Recipe 2',
      comparisonView: null,
      isInactive: false,
    });
  });

  it('reads its yield unit in any case and spacing, and has no cost in another unit', () => {
    const shouted = stock(2, { subRecipeYieldUom: ' QT ' });
    expect(costed(shouted, { recipePackSizeUom: 'qt', conversionPackSizeUom: 'qt ' }).cost).toBe(550);
    expect(costed(shouted, quarts).item).toMatchObject({ packSize: '4 QT', packSizeUom: 'QT' });
    expect(costed(shouted, { recipePackSizeUom: 'gal', conversionPackSizeUom: 'gal' }).cost).toBeNull();
  });

  it('counts a batch as one each when its yield is not recorded or does not read', () => {
    const each = { recipeAmountFraction: '3', recipePackSizeUom: 'each', conversionPackSizeUom: 'each' };
    const unrecorded = costed(stock(2, { subRecipeYield: null, subRecipeYieldUom: null }), each);
    // Three batches of $22.00.
    expect(unrecorded.cost).toBe(6600);
    expect(unrecorded.item).toMatchObject({ packSize: '1 each', packSizeUom: 'each' });
    expect(costed(stock(2, { subRecipeYield: 'about 4' }), { recipeAmountFraction: '3', ...quarts }).cost).toBe(6600);
  });

  it('reads as no longer available when the sub-recipe is gone', () => {
    const gone = {
      cost: null,
      item: null,
      items: [],
      name: 'Sub-recipe no longer available',
      comparisonView: null,
      isInactive: true,
    };
    const book = createCostBook({ recipes: [recipe(1)], ingredients: [], offers: [], groups: [], groupItems: [] });
    expect(costIngredient(book, ingredient(1, { ingredientType: 'subrecipe', subRecipeId: 404 }), new Set())).toEqual(gone);
    expect(costIngredient(book, ingredient(1, { ingredientType: 'subrecipe', subRecipeId: null }), new Set())).toEqual(gone);
  });

  it('counts a loop of recipes using each other once, as 0, and costs the rest', () => {
    const loop = [
      ingredient(3, { ingredientType: 'subrecipe', subRecipeId: 4, ...quarts }),
      ingredient(4, { ingredientType: 'subrecipe', subRecipeId: 3, ...quarts }),
      ingredient(4, { itemDistributorId: 7 }),
    ];
    const costs = getAllRecipeCosts(
      createCostBook({
        recipes: [recipe(3, '1'), recipe(4, '1')],
        ingredients: loop,
        offers: [beef],
        groups: [],
        groupItems: [],
      }),
    );
    // 4 is its pound of beef ($10.00) and 3 at 0 (the loop); 3 is a quart of 4.
    expect([costs.get(3), costs.get(4)]).toEqual([1000, 1000]);
  });

  it("costs a recipe with no ingredients at nothing, and keeps each recipe's own ingredients in order", () => {
    const rows = [ingredient(2, { itemDistributorId: 7 }), ingredient(3, { itemDistributorId: 7 }), ingredient(2, {})];
    const book = createCostBook({
      recipes: [recipe(1), recipe(2)],
      ingredients: rows,
      offers: [beef],
      groups: [group],
      groupItems: [],
    });
    expect(book.ingredients.get(2)).toEqual([rows[0], rows[2]]);
    expect(book.ingredients.get(3)).toEqual([rows[1]]);
    expect(getAllRecipeCosts(book).get(1)).toBe(0);
    const items = [linked(1, 7), { ...linked(2, 8), groupId: 4 }, linked(3, 9)];
    const grouped = createCostBook({ recipes: [], ingredients: [], offers: [], groups: [], groupItems: items });
    expect([grouped.groupItems.get(3), grouped.groupItems.get(4)]).toEqual([[items[0], items[2]], [items[1]]]);
  });
});

describe('the linked items a generic group shows', () => {
  const book = createCostBook({
    recipes: [recipe(20, '4')],
    ingredients: [ingredient(20, { itemDistributorId: 7, recipeAmountFraction: '4' })],
    offers: [beef],
    groups: [group],
    groupItems: [],
  });

  it('describes a linked offer or sub-recipe as an ingredient would show it, and nothing for one gone', () => {
    expect(describeGroupItem(book, linked(1, 7))).toEqual({
      ...blank,
      description: 'Beef',
      din: '7',
      price: 10_000,
      unitPrice: 100_000,
      distributor: 'Sysco',
      packSize: '10/1 LB',
      packSizeUom: 'LB',
      itemDistributorId: 7,
      genericItemId: 1,
    });
    expect(
      describeGroupItem(book, { ...linked(2, 0), kind: 'subrecipe', itemDistributorId: null, subRecipeId: 20 }),
    ).toMatchObject({
      description: 'Recipe 20',
      price: 4000,
      isSubRecipe: true,
      subRecipeId: 20,
      genericItemId: 2,
    });
    expect(describeGroupItem(book, linked(3, 404))).toBeNull();
    expect(describeGroupItem(book, { ...linked(4, 0), itemDistributorId: null })).toBeNull();
    expect(describeGroupItem(book, { ...linked(5, 0), kind: 'subrecipe', itemDistributorId: null })).toBeNull();
  });
});

describe('the rows a cost book reads', () => {
  it('reads each group and offer once, and none for an ingredient without one', () => {
    const rows = [
      ingredient(1, { ingredientType: 'generic', inventoryGroupId: 3 }),
      ingredient(1, { itemDistributorId: 7 }),
      ingredient(2, { ingredientType: 'generic', inventoryGroupId: 3 }),
      ingredient(2, { ingredientType: 'subrecipe', subRecipeId: 1 }),
      ingredient(2, { ingredientType: 'generic', inventoryGroupId: 5 }),
      ingredient(2, { itemDistributorId: 7 }),
    ];
    expect(costBookGroupIds(rows)).toEqual([3, 5]);
    const custom = { ...linked(2, 0), kind: 'custom' as const, itemDistributorId: null };
    expect(costBookOfferIds(rows, [linked(1, 8), custom, linked(3, 7)])).toEqual([7, 8]);
  });
});
