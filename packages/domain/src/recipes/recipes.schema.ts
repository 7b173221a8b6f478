/**
 * Recipe costing's answers (doc 2 §3 "Recipe", "Menu category", "Ingredient", §7 "Recipes"): money
 * in integer cents, food cost % as percent × 100. What the API accepts is recipe-requests.schema.ts.
 */
import { z } from 'zod';

export const menuCategorySchema = z.object({ value: z.number().int(), label: z.string() });
export type MenuCategory = z.infer<typeof menuCategorySchema>;

export const recipeMenuSchema = z.object({ id: z.number().int(), name: z.string() });

/** A recipe list row (doc 2 §3). */
export const recipeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int().nullable(),
  totalCost: z.number().int(),
  foodCostPercent: z.number().int().nullable(),
  posQuantitySold: z.number(),
  posTotalSold: z.number().int(),
  isSubRecipe: z.boolean(),
  subRecipeYield: z.string().nullable(),
  subRecipeYieldUom: z.string().nullable(),
  menu: recipeMenuSchema.optional(),
});
export type RecipeRow = z.infer<typeof recipeRowSchema>;

export const ingredientTypeSchema = z.enum(['item', 'generic', 'subrecipe'], {
  error: "The ingredient type must be 'item', 'generic' or 'subrecipe'.",
});
export type IngredientType = z.infer<typeof ingredientTypeSchema>;

/** An item inside an ingredient (doc 2 §3 "Item inside an ingredient"). */
export const ingredientItemSchema = z.object({
  description: z.string(),
  din: z.string(),
  price: z.number().int(),
  unitPrice: z.number().int().nullable(),
  brand: z.string(),
  distributor: z.string(),
  packSize: z.string(),
  packSizeUom: z.string(),
  customPackSize: z.string().nullable(),
  imageUrl: z.string(),
  brandImageUrl: z.string(),
  isPunchedOut: z.boolean(),
  isSubRecipe: z.boolean(),
  isCustomItem: z.boolean(),
  itemDistributorId: z.number().int().nullable(),
  genericItemId: z.number().int().nullable(),
  genericCustomItemId: z.number().int().nullable(),
  subRecipeId: z.number().int().nullable(),
  /** Cents this item would cost in the recipe (generic ingredients), or null when it cannot be converted. */
  costing: z.number().int().nullable(),
});
export type IngredientItem = z.infer<typeof ingredientItemSchema>;

/** An ingredient's last purchase (doc 2 §3 "Ingredient"): price in cents, date YYYY-MM-DD; null when never bought. */
const lastPurchaseFields = {
  lastPurchasedDistributor: z.string().nullable(),
  lastPurchasedDistributorPrice: z.number().int().nullable(),
  lastPurchasedDistributorDate: z.string().nullable(),
  lastPurchasedDistributorItem: z.object({ unit_measure: z.string() }).nullable(),
};

export const ingredientSchema = z.object({
  id: z.number().int(),
  recipe_id: z.number().int(),
  ingredientType: ingredientTypeSchema,
  ingredientId: z.number().int(),
  /** Cents; null when the units do not convert. */
  ingredientCosting: z.number().int().nullable(),
  name: z.string(),
  recipe_amount: z.number(),
  recipe_amount_fraction: z.string(),
  recipe_pack_size_uom: z.string(),
  recipe_pack_size_value: z.number(),
  recipe_pack_size_fraction: z.string(),
  conversion_pack_size_value: z.number(),
  conversion_pack_size_fraction: z.string(),
  conversion_pack_size_uom: z.string(),
  waste_percentage: z.number(),
  item: ingredientItemSchema.nullable(),
  comparisonView: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  items: z.array(ingredientItemSchema),
  isInactive: z.boolean(),
  ...lastPurchaseFields,
});
export type Ingredient = z.infer<typeof ingredientSchema>;

/**
 * GET recipe/item/{groupId}/genericItem/{id} and …/genericCustomItem/{id} (doc 2 §7): one item
 * linked to a generic group, as a generic ingredient shows it, with its last purchase.
 */
export const linkedIngredientItemSchema = ingredientItemSchema.extend(lastPurchaseFields);
export type LinkedIngredientItem = z.infer<typeof linkedIngredientItemSchema>;

/** A recipe (doc 2 §3 "Recipe"). */
export const recipeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int().nullable(),
  description: z.string(),
  procedure: z.string(),
  isSubRecipe: z.boolean(),
  isSubRecipeUsed: z.boolean(),
  subRecipeYield: z.string().nullable(),
  subRecipeYieldUom: z.string().nullable(),
  totalCost: z.number().int(),
  /** The ingredients' sum in cents: the total cost unless one was entered by hand. */
  ingredientsCost: z.number().int(),
  isTotalCostEntered: z.boolean(),
  marginGrossProfit: z.number().int().nullable(),
  foodCostPercent: z.number().int().nullable(),
  hasInactiveItems: z.boolean(),
  menu: recipeMenuSchema,
  ingredients: z.array(ingredientSchema),
  comparisonView: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Recipe = z.infer<typeof recipeSchema>;
/** A candidate for the 'I want to add...' picker: its id, name, and a line about it (pack, list or yield). */
export const ingredientOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  detail: z.string(),
  /** The unit it is priced in: the pack unit, the yield unit, or '' for a generic group. */
  packUnit: z.string(),
});
export type IngredientOption = z.infer<typeof ingredientOptionSchema>;
