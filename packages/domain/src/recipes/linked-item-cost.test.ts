/**
 * A generic ingredient's linked items (doc 2 §3 "Ingredient" link_items): the conversion and waste
 * the ingredient gives one linked item, else the automatic conversion and the ingredient's waste.
 */
import { describe, expect, it } from 'vitest';
import { createCostBook, type GroupItemRow, type IngredientDbRow } from './cost-book';
import { costIngredient } from './recipe-costing';
import { beef, group, ingredient, linked, recipe } from './cost-book.test-support';

/** Generic "Ground beef" (group 3, beef at $10.00 a pound linked as item 1), in pounds unless told. */
const generic = (fields: Partial<IngredientDbRow>) =>
  ingredient(10, { ingredientType: 'generic', inventoryGroupId: 3, ...fields });

const costed = (ingredientRow: IngredientDbRow, rows: GroupItemRow[] = [linked(1, 7)]) =>
  costIngredient(
    createCostBook({ recipes: [recipe(10)], ingredients: [ingredientRow], offers: [beef], groups: [group], groupItems: rows }),
    ingredientRow,
    new Set(),
  );

describe("a generic ingredient's linked items", () => {
  it("shows the group's name and comparison view, and the average of its items", () => {
    const result = costed(generic({ recipeAmountFraction: '2' }));
    expect(result).toMatchObject({ cost: 2000, item: null, name: 'Ground beef', comparisonView: { id: 1, name: 'Proteins' } });
    expect(result.items.map((item) => [item.genericItemId, item.costing])).toEqual([[1, 2000]]);
  });

  it('costs a linked offer by the pack size the group counts it in', () => {
    // The same $100.00 case counted as 20 × 1 lb: $5.00 a pound, 2 lb cost $10.00.
    const result = costed(generic({ recipeAmountFraction: '2' }), [{ ...linked(1, 7), customPackSize: '20/1 LB' }]);
    expect(result.cost).toBe(1000);
    expect(result.items[0]).toMatchObject({ packSize: '10/1 LB', customPackSize: '20/1 LB', unitPrice: 50_000, costing: 1000 });
  });

  it("converts with the ingredient's own link for that item, which no other item takes", () => {
    // Beef is sold by the pound, which no table turns into cups: the link says 2 cups are 1 lb.
    const cups = { recipePackSizeUom: 'cup', conversionPackSizeUom: 'cup' };
    const link = { recipe_pack_size_fraction: '2', conversion_pack_size_fraction: '1', conversion_pack_size_uom: 'lb' };
    expect(costed(generic({ ...cups, linkItems: [{ generic_item_id: 1, ...link }] })).cost).toBe(500);
    // Without a link, or with one for another item (or for a custom item of the same id), it has no cost.
    for (const linkItems of [[], [{ generic_item_id: 2, ...link }], [{ generic_custom_item_id: 1, ...link }]]) {
      const result = costed(generic({ ...cups, linkItems }));
      expect(result.cost, JSON.stringify(linkItems)).toBeNull();
      expect(result.items.map((item) => item.costing)).toEqual([null]);
    }
  });

  it("takes a link's waste instead of the ingredient's, even no waste", () => {
    const wasteful = { recipeAmountFraction: '2', wastePercentage: '10' };
    expect(costed(generic(wasteful)).cost).toBe(2200);
    expect(costed(generic({ ...wasteful, linkItems: [{ generic_item_id: 1, waste_percentage: 0 }] })).cost).toBe(2000);
    // 2 lb at $10.00 plus 12.5 % waste: $22.50.
    expect(costed(generic({ ...wasteful, linkItems: [{ generic_item_id: 1, waste_percentage: 12.5 }] })).cost).toBe(2250);
  });

  it('converts automatically when a link gives only one side of its conversion', () => {
    // 8 oz is ½ lb: $5.00, not the $10.00 that "8 oz = 1 lb" would make.
    const ounces = { recipeAmountFraction: '8', recipePackSizeUom: 'oz' };
    expect(costed(generic({ ...ounces, linkItems: [{ generic_item_id: 1, recipe_pack_size_fraction: '8' }] })).cost).toBe(500);
    expect(costed(generic({ ...ounces, linkItems: [{ generic_item_id: 1, conversion_pack_size_fraction: '1' }] })).cost).toBe(
      500,
    );
  });

  it("reads a link without a pack unit in the item's own pack unit", () => {
    // The link counts 32 oz to the pound (say, after trimming): 8 oz is ¼ lb, $2.50.
    const link = { generic_item_id: 1, recipe_pack_size_fraction: '32', conversion_pack_size_fraction: '1' };
    expect(costed(generic({ recipeAmountFraction: '8', recipePackSizeUom: 'oz', linkItems: [link] })).cost).toBe(250);
  });

  it('reads a link whose fractions do not read as one to one, and an unreadable waste as none', () => {
    const link = {
      generic_item_id: 1,
      recipe_pack_size_fraction: 'x',
      conversion_pack_size_fraction: 'y',
      conversion_pack_size_uom: 'lb',
    };
    expect(costed(generic({ recipeAmountFraction: '2', linkItems: [link] })).cost).toBe(2000);
    expect(costed(generic({ recipeAmountFraction: '2', wastePercentage: '' })).cost).toBe(2000);
  });

  it('averages only the linked items that convert to the recipe unit', () => {
    // Beef by the pound costs $20.00 for 2 lb; a custom item sold by the case has no price in pounds.
    const byTheCase: GroupItemRow = {
      ...linked(6, 0),
      kind: 'custom',
      itemDistributorId: null,
      price: '50.00',
      description: 'Farm beef',
    };
    const result = costed(generic({ recipeAmountFraction: '2' }), [linked(1, 7), byTheCase]);
    expect(result.items.map((item) => item.costing)).toEqual([2000, null]);
    expect(result.cost).toBe(2000);
  });

  it('converts automatically when the ingredient has no links recorded', () => {
    expect(costed(generic({ recipeAmountFraction: '2', linkItems: null })).cost).toBe(2000);
  });

  it('shows a custom item with only its name, priced at nothing and sold by the case', () => {
    const bare: GroupItemRow = { ...linked(6, 0), kind: 'custom', itemDistributorId: null, description: 'Farm beef' };
    const inPounds = costed(generic({}), [bare]);
    expect(inPounds.cost).toBeNull();
    expect(inPounds.items).toEqual([
      {
        description: 'Farm beef',
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
        isCustomItem: true,
        itemDistributorId: null,
        genericItemId: null,
        genericCustomItemId: 6,
        subRecipeId: null,
        costing: null,
      },
    ]);
    expect(costed(generic({ recipePackSizeUom: 'case' }), [bare]).cost).toBe(0);
    expect(costed(generic({}), [{ ...bare, description: null }]).items[0]?.description).toBe('');
    // With its pack, it is quoted in the pack's unit: $24.00 for 12 × 1 lb is $2.00 a pound.
    const packed = costed(generic({ recipeAmountFraction: '2' }), [{ ...bare, price: '24.00', customPackSize: '12/1 LB' }]);
    expect(packed.items[0]).toMatchObject({ packSize: '12/1 LB', packSizeUom: 'LB', customPackSize: '12/1 LB', costing: 400 });
  });
});
