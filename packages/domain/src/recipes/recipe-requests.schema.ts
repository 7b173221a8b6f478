/**
 * What recipe costing's API accepts (doc 2 §5, §7 "Recipes"): the texts of its refusals, ids in
 * paths, the menu category, recipe and ingredient bodies, and the list, print and ingredient search
 * queries. Money in integer cents, food cost % as percent × 100, amounts as strict fractions with
 * their numeric value. The answers' shapes are recipes.schema.ts.
 */
import { z } from 'zod';
import { recordIdSchema, safeTextSchema, wholeNumberSchema } from '../common/input.schema';
import { isIsoDate } from '../orders/order-dates.rules';
import { isStrictFraction, NOT_A_FRACTION, RECIPE_NAME_MIN_LENGTH, RECIPES_PAGE_SIZE } from './recipes.rules';
import { ingredientTypeSchema } from './recipes.schema';

export const MENU_CATEGORY_NAME_REQUIRED = 'The menu category name is required.';
export const RECIPE_NAME_TOO_SHORT = `The recipe name must be at least ${RECIPE_NAME_MIN_LENGTH} characters.`;
export const MENU_PRICE_REQUIRED = 'The menu price is required and must be greater than 0.';
export const YIELD_REQUIRED = `The sub-recipe yield ${NOT_A_FRACTION}.`;
export const YIELD_UNIT_INVALID = 'The yield unit is required and may contain letters only.';
export const MENU_CATEGORY_REQUIRED = 'Choose a menu category.';
export const WASTE_INVALID = 'The waste must be a number from 0 to 100.';

const id = (what: string) =>
  recordIdSchema({
    type: `The ${what} id must be a number.`,
    whole: `The ${what} id must be a whole number.`,
    positive: `The ${what} id must be a positive number.`,
  });

/** Cents given as a number of dollars with at most 2 decimals ("12.5" or 12.5), or null. */
const dollarsSchema = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^\s*-?\d+(\.\d{1,2})?\s*$/)], { error: message })
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => Number.isSafeInteger(cents) && Math.abs(cents) < 100_000_000_00, { error: message });

/** A strict fraction as typed (doc 2 §5), with the field's name in front of 'is not a fraction or number'. */
export const fractionTextSchema = (label: string) =>
  safeTextSchema({ max: 20 }).refine(isStrictFraction, { error: `${label} ${NOT_A_FRACTION}` });

const unitSchema = (label: string) =>
  safeTextSchema({ max: 30 })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, `${label} is required.`));

export const menuCategoryRequestSchema = z.object({
  name: safeTextSchema({ max: 100 })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, MENU_CATEGORY_NAME_REQUIRED)),
});

export const recipeIdParamsSchema = z.object({ id: id('recipe') });
export const menuCategoryIdParamsSchema = z.object({ id: id('menu category') });
export const ingredientParamsSchema = z.object({ id: id('recipe'), ingredientId: id('ingredient') });
export const copyToLocationParamsSchema = z.object({ id: id('recipe'), locationId: id('location') });
/** GET recipe/item/{groupId}/genericItem/{id} and …/genericCustomItem/{id}: the group, then the linked item. */
export const linkedItemParamsSchema = z.object({ id: id('generic group'), itemId: id('linked item') });

const recipeFields = {
  name: safeTextSchema({ max: 150 })
    .transform((value) => value.trim())
    .pipe(z.string().min(RECIPE_NAME_MIN_LENGTH, RECIPE_NAME_TOO_SHORT)),
  recipe_menu_category_id: id('menu category'),
  price: dollarsSchema(MENU_PRICE_REQUIRED).nullable().optional(),
  description: safeTextSchema({ max: 5000 }).nullable().optional(),
  procedure: safeTextSchema({ max: 20000 }).nullable().optional(),
  is_sub_recipe: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform(Boolean)
    .default(false),
  sub_recipe_yield: safeTextSchema({ max: 20 }).nullable().optional(),
  sub_recipe_yield_uom: safeTextSchema({ max: 30 }).nullable().optional(),
};

function checkRecipe(
  value: {
    price?: number | null;
    is_sub_recipe?: boolean;
    sub_recipe_yield?: string | null;
    sub_recipe_yield_uom?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.is_sub_recipe) {
    if (!value.sub_recipe_yield || !isStrictFraction(value.sub_recipe_yield)) {
      ctx.addIssue({ code: 'custom', path: ['sub_recipe_yield'], message: YIELD_REQUIRED });
    }
    if (!value.sub_recipe_yield_uom || !/^\s*[A-Za-z]+(?: [A-Za-z]+)*\s*$/.test(value.sub_recipe_yield_uom)) {
      ctx.addIssue({ code: 'custom', path: ['sub_recipe_yield_uom'], message: YIELD_UNIT_INVALID });
    }
  } else if (value.price === undefined || value.price === null || value.price <= 0) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: MENU_PRICE_REQUIRED });
  }
}

/** POST /recipe (doc 2 §5: name 3+, price > 0 unless sub-recipe, yield a strict fraction, yield unit letters). */
export const createRecipeRequestSchema = z.object(recipeFields).superRefine(checkRecipe);
export type CreateRecipeRequest = z.infer<typeof createRecipeRequestSchema>;

export const TOTAL_COST_REQUIRED = 'The total cost is required and must be greater than 0.';
const TOTAL_COST_MAX_CENTS = 1_000_000_00;

/** PATCH /recipe/{id}: the recipe's fields, or the totals (price, totalCost, marginGrossProfit, foodCostPercentage). */
export const updateRecipeRequestSchema = z.union([
  z.object(recipeFields).superRefine(checkRecipe),
  z
    .object({
      price: dollarsSchema(MENU_PRICE_REQUIRED).optional(),
      // A total cost entered by hand (issue 34), or null to go back to the ingredients' sum.
      totalCost: dollarsSchema(TOTAL_COST_REQUIRED).nullable().optional(),
      marginGrossProfit: dollarsSchema('The margin must be a number.').optional(),
      foodCostPercentage: z
        .union([z.number(), z.string().regex(/^\s*\d+(\.\d{1,2})?\s*$/)], { error: 'The food cost % must be a number.' })
        .transform((value) => Math.round(Number(value) * 100))
        .refine((v) => v > 0 && v < 100_000_000, { error: 'The food cost % must be greater than 0.' })
        .optional(),
    })
    .strict()
    .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change.' })
    .refine((v) => v.price === undefined || v.price > 0, { error: MENU_PRICE_REQUIRED, path: ['price'] })
    .refine((v) => v.totalCost === undefined || v.totalCost === null || v.totalCost > 0, {
      error: TOTAL_COST_REQUIRED,
      path: ['totalCost'],
    })
    .refine((v) => v.totalCost === undefined || v.totalCost === null || v.totalCost <= TOTAL_COST_MAX_CENTS, {
      error: 'The total cost must be at most $1,000,000.00.',
      path: ['totalCost'],
    }),
]);
export type UpdateRecipeRequest = z.infer<typeof updateRecipeRequestSchema>;

const fractionField = (label: string) => fractionTextSchema(label);
const numberField = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+(\.\d+)?\s*$/)], { error: `${label} ${NOT_A_FRACTION}` })
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v >= 0 && v < 1_000_000, { error: `${label} ${NOT_A_FRACTION}` });
const wasteSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+(\.\d{1,2})?\s*$/), z.literal('')], { error: WASTE_INVALID })
  .transform((v) => (v === '' ? 0 : Number(v)))
  .refine((v) => v >= 0 && v <= 100, { error: WASTE_INVALID })
  .default(0);

export const linkItemSchema = z
  .object({
    generic_item_id: id('generic item').optional(),
    generic_custom_item_id: id('generic custom item').optional(),
    conversion_pack_size_value: numberField('The pack size').optional(),
    conversion_pack_size_fraction: fractionField('The pack size').optional(),
    conversion_pack_size_uom: unitSchema('The pack unit').optional(),
    recipe_pack_size_value: numberField('The recipe pack size').optional(),
    recipe_pack_size_fraction: fractionField('The recipe pack size').optional(),
    waste_percentage: wasteSchema,
  })
  .refine((v) => (v.generic_item_id === undefined) !== (v.generic_custom_item_id === undefined), {
    error: 'Each linked item needs either generic_item_id or generic_custom_item_id.',
  });
export type LinkItem = z.infer<typeof linkItemSchema>;

/** POST /recipe/{id}/ingredient and PATCH .../ingredient/{ingredientId} (doc 2 §7). */
export const ingredientRequestSchema = z.object({
  ingredient_type: ingredientTypeSchema,
  ingredient_id: id('ingredient'),
  recipe_amount: numberField('The recipe amount').optional(),
  recipe_amount_fraction: fractionField('The recipe amount'),
  conversion_pack_size_value: numberField('The pack size').optional(),
  conversion_pack_size_fraction: fractionField('The pack size').optional(),
  conversion_pack_size_uom: unitSchema('The pack unit').optional(),
  recipe_pack_size_value: numberField('The recipe pack size').optional(),
  recipe_pack_size_fraction: fractionField('The recipe pack size').optional(),
  recipe_pack_size_uom: unitSchema('The recipe unit').default('lb'),
  waste_percentage: wasteSchema,
  link_items: z.array(linkItemSchema).max(200).optional(),
});
export type IngredientRequest = z.infer<typeof ingredientRequestSchema>;

const dateTimeSchema = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { error: `${label} must be written YYYY-MM-DD HH:mm:ss.` })
    .refine((v) => isIsoDate(v.slice(0, 10)), { error: `${label} is not a real date.` });

export const RECIPE_SORTS = ['name', 'price', 'totalCost', 'foodCostPercent', 'posQuantitySold', 'posTotalSold'] as const;
export type RecipeSort = (typeof RECIPE_SORTS)[number];

/** GET /recipe (doc 2 §7): filters as a JSON list, expand, the range, sort (name, -price, …), page, limit. */
export const recipesQuerySchema = z.object({
  filters: z.string().max(2000).optional(),
  expand: z.string().max(200).default(''),
  bgn_date: dateTimeSchema('bgn_date').optional(),
  end_date: dateTimeSchema('end_date').optional(),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${RECIPE_SORTS.join('|')})$`), {
      error: `sort must be one of ${RECIPE_SORTS.join(', ')}, with - for descending.`,
    })
    .default('name'),
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 10_000 }).default(RECIPES_PAGE_SIZE),
});

/** One filter of GET /recipe. */
export const recipeFilterSchema = z.object({
  field: z.enum(['recipe_menu_category_id', 'is_sub_recipe', 'id', 'name'], { error: 'Unknown filter field.' }),
  operator: z.enum(['=', '!=', 'like'], { error: "A filter operator must be '=', '!=' or 'like'." }),
  value: z.union([z.string().max(200), z.number(), z.boolean()]),
  table: z.string().max(50).optional(),
});
export const recipeFiltersSchema = z.array(recipeFilterSchema).max(10);
export type RecipeFilter = z.infer<typeof recipeFilterSchema>;

export const printQuerySchema = z.object({
  recipes: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'recipes must be a comma-separated list of recipe ids.' })
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.length <= 200 && ids.every((n) => n >= 1 && n <= 2_147_483_647), {
      error: 'recipes must name from 1 to 200 recipe ids.',
    }),
});

/** GET /recipe/search-ingredients (doc 2 §7 "Item search for add/link: limit 30, page, search; paths not shown"). */
export const ingredientSearchQuerySchema = z.object({
  type: ingredientTypeSchema,
  search: safeTextSchema({ max: 100 }).default(''),
  exclude: recordIdSchema().optional(),
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 100 }).default(30),
});
