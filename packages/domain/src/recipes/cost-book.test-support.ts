import type { GroupItemRow, GroupRow, IngredientDbRow, OfferRow, RecipeDbRow } from './cost-book';

/** A menu recipe priced $20.00, or with a yield a sub-recipe yielding that many quarts. */
export const recipe = (id: number, yieldAmount: string | null = null): RecipeDbRow => ({
  id,
  name: `Recipe ${id}`,
  menuCategoryId: 1,
  menuName: 'Entrees',
  price: yieldAmount ? null : '20.00',
  description: '',
  procedure: '',
  isSubRecipe: yieldAmount !== null,
  subRecipeYield: yieldAmount,
  subRecipeYieldUom: yieldAmount ? 'qt' : null,
  totalCostEntered: null,
});

let nextIngredient = 1;
/** An ingredient of 1 lb of an item, priced by the pound, no waste, unless `fields` says otherwise. */
export const ingredient = (recipeId: number, fields: Partial<IngredientDbRow>): IngredientDbRow => ({
  id: nextIngredient++,
  recipeId,
  ingredientType: 'item',
  itemDistributorId: null,
  inventoryGroupId: null,
  subRecipeId: null,
  recipeAmount: '1',
  recipeAmountFraction: '1',
  recipePackSizeUom: 'lb',
  recipePackSizeValue: '1',
  recipePackSizeFraction: '1',
  conversionPackSizeValue: '1',
  conversionPackSizeFraction: '1',
  conversionPackSizeUom: 'lb',
  wastePercentage: '0',
  linkItems: [],
  ...fields,
});

/** $100.00 a case of 10 × 1 lb: $10.00 a pound. */
export const beef: OfferRow = {
  itemDistributorId: 7,
  description: 'Beef',
  din: '7',
  brand: '',
  distributor: 'Sysco',
  packSize: '10/1 LB',
  packSizeUom: 'LB',
  unitMeasure: 'CS',
  imageUrl: '',
  brandImageUrl: '',
  isPunchedOut: false,
  price: '100.00',
};

/** The generic group "Ground beef" of the comparison view "Proteins". */
export const group: GroupRow = { id: 3, name: 'Ground beef', listId: 1, listName: 'Proteins' };

/** A distributor item linked to group 3. */
export const linked = (id: number, itemDistributorId: number): GroupItemRow => ({
  id,
  groupId: 3,
  kind: 'item',
  itemDistributorId,
  subRecipeId: null,
  description: null,
  distributorName: null,
  price: null,
  customPackSize: null,
  din: null,
  brand: null,
});
