/**
 * Point of sale's API contract (doc 2 §3 "POS date row", "POS detail row", §7 "POS"): money in
 * integer cents, quantities as numbers with at most 2 decimals, dates YYYY-MM-DD.
 */
import { z } from 'zod';
import { recordIdSchema, safeTextSchema, wholeNumberSchema } from '../common/input.schema';
import { isIsoDate } from '../orders/order-dates.rules';

/** POS detail page size is not shown in the spec (doc 2 §9): a day's menu fits one page. */
export const POS_DETAIL_PAGE_SIZE = 100;
/** Dates of the /pos list per page. */
export const POS_DATES_PAGE_SIZE = 60;

const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date written YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date written YYYY-MM-DD.` })
    .refine(isIsoDate, { error: `${label} is not a real date.` });

export const posDateRowSchema = z.object({ date: z.string(), total: z.number().int() });
export type PosDateRow = z.infer<typeof posDateRowSchema>;

export const posDetailRowSchema = z.object({
  item_name: z.string(),
  pos_category: z.string(),
  quantity_sold: z.number(),
  quantity_void: z.number(),
  quantity_net: z.number(),
  /** Total amount sold, cents. */
  price: z.number().int(),
  recipe_id: z.number().int().nullable(),
});
export type PosDetailRow = z.infer<typeof posDetailRowSchema>;

export const posDatesQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 400 }).default(POS_DATES_PAGE_SIZE),
});

export const posDetailParamsSchema = z.object({ date: isoDateSchema('The date') });
export const posDetailQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 1000 }).default(POS_DETAIL_PAGE_SIZE),
});

export const ASSIGN_ITEM_NAME_REQUIRED = 'item_name is required: the menu item name as the point of sale sends it.';
export const POS_ITEM_NOT_FOUND = 'No sales of this menu item were found.';
export const POS_ITEM_ALREADY_ASSIGNED = 'This menu item is already assigned to another recipe. Send force true to reassign it.';

export const assignRecipeRequestSchema = z.object({
  item_name: safeTextSchema({ max: 200 })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, ASSIGN_ITEM_NAME_REQUIRED)),
  /** null takes the item off its recipe. */
  recipe_id: recordIdSchema({
    type: 'recipe_id must be a recipe id or null.',
    whole: 'recipe_id must be a whole number.',
    positive: 'recipe_id must be a positive number.',
  }).nullable(),
  force: z.boolean({ error: 'force must be true or false.' }).default(false),
});
export type AssignRecipeRequest = z.input<typeof assignRecipeRequestSchema>;

export const assignRecipeAnswerSchema = z.object({ item_name: z.string(), recipe_id: z.number().int().nullable() });
export type AssignRecipeAnswer = z.infer<typeof assignRecipeAnswerSchema>;

export const posImportAnswerSchema = z.object({
  format: z.enum(['toast', 'square']),
  rows: z.number().int(),
  skipped: z.number().int(),
  dates: z.array(posDateRowSchema),
});
export type PosImportAnswer = z.infer<typeof posImportAnswerSchema>;

export const FOOD_COST_RANGE_ORDER = 'end_date must not be before bgn_date.';
export const foodCostQuerySchema = z
  .object({ bgn_date: isoDateSchema('bgn_date'), end_date: isoDateSchema('end_date') })
  .refine((q) => q.bgn_date <= q.end_date, { error: FOOD_COST_RANGE_ORDER, path: ['end_date'] });

const inventoryPointSchema = z.object({ id: z.number().int(), date: z.string(), value: z.number().int() });

export const foodCostAnswerSchema = z.object({
  /** The days compared: between the two inventories when both exist, else the asked range. */
  period: z.object({ bgn_date: z.string(), end_date: z.string() }),
  beginningInventory: inventoryPointSchema.nullable(),
  endingInventory: inventoryPointSchema.nullable(),
  /** Received orders in the period, cents. */
  purchases: z.number().int().nullable(),
  sales: z.number().int(),
  theoretical: z.number().int(),
  actual: z.number().int().nullable(),
  variance: z.number().int().nullable(),
  /** Basis points of sales (3125 = 31.25 %). */
  theoreticalPercent: z.number().int().nullable(),
  actualPercent: z.number().int().nullable(),
  variancePercent: z.number().int().nullable(),
  thresholdPercent: z.number().int(),
  isOverThreshold: z.boolean(),
  /** Sold menu items with no recipe: their cost is missing from theoretical. */
  unassignedItems: z.number().int(),
  /** Menu items whose recipe cost is above the target % of what they sold for (basis points). */
  itemTargetPercent: z.number().int(),
  itemsOverTarget: z.array(z.object({ item_name: z.string(), recipe_id: z.number().int(), foodCostPercent: z.number().int() })),
});
export type FoodCostAnswer = z.infer<typeof foodCostAnswerSchema>;
