import { z } from 'zod';
import { MAX_ID, recordIdSchema, wholeNumberSchema } from '../common/input.schema';

/** Shopping list name rule (doc 1 §5): at least 1 character, otherwise 'Name cannot be blank.' */
export const NAME_CANNOT_BE_BLANK = 'Name cannot be blank.';
export const SHOPPING_LIST_NOT_FOUND = 'Shopping List Not Found';
/** The body under that title (the spec gives only the title; issue 23: the body no longer repeats it). */
export const SHOPPING_LIST_NOT_FOUND_BODY =
  'This shopping list was deleted or belongs to another location. Here are your shopping lists.';
export const SHOPPING_LIST_NAME_MAX = 100;

export const shoppingListNameSchema = z
  .string({ error: NAME_CANNOT_BE_BLANK })
  .trim()
  .min(1, NAME_CANNOT_BE_BLANK)
  .max(SHOPPING_LIST_NAME_MAX, `Name must be at most ${SHOPPING_LIST_NAME_MAX} characters.`);

/** The answer when a name is taken at this location (names are unique per location, case-insensitively). */
export function getDuplicateListNameMessage(name: string): string {
  return `A shopping list named "${name.trim()}" already exists. Choose another name.`;
}

/** Validates a list name in the form; null when valid. */
export function validateShoppingListName(name: string): string | null {
  const result = shoppingListNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? NAME_CANNOT_BE_BLANK);
}

/** A list item (doc 1 §3 "Shopping list"): money in cents. */
export const shoppingListItemSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemDistributorId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  distributor: z.string(),
  distributorId: z.number().int(),
  din: z.string(),
  price: z.number().int(),
  unitPrice: z.number().int(),
  unitMeasure: z.string(),
  packSize: z.string(),
  imageUrl: z.string(),
  isPunchedOut: z.boolean(),
  isUnpurchasable: z.boolean(),
  isMarketPrice: z.boolean(),
  isCatchWeight: z.boolean(),
  /** Rebate per case in cents (0 where the location does not display rebates). */
  rebate: z.number().int(),
  status: z.enum(['active', 'inactive']),
  customDescription: z.string().nullable(),
  sortIndex: z.number().int(),
});
export type ShoppingListItem = z.infer<typeof shoppingListItemSchema>;

/** One list of GET shopping-lists (the lists screen): no items, only their count. */
export const shoppingListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummarySchema>;

/**
 * GET shopping-lists/{id} (doc 1 §3 "Shopping list": id, name, itemList), plus the count and the
 * item-distributor ids on the list, so the catalogue screen can mark what is already on it.
 */
export const shoppingListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemCount: z.number().int(),
  itemDistributorIds: z.array(z.number().int()),
  itemList: z.array(shoppingListItemSchema),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;

/** Most items one list holds: enough for any real order list, small enough to read in one answer. */
export const SHOPPING_LIST_MAX_ITEMS = 500;
export const SHOPPING_LIST_FULL_MESSAGE = `A shopping list holds at most ${SHOPPING_LIST_MAX_ITEMS} items. Remove some before adding more.`;

export const shoppingListIdParamsSchema = z.object({
  id: recordIdSchema({
    type: 'The list id must be a number.',
    whole: 'The list id must be a whole number.',
    positive: 'The list id must be a positive number.',
  }),
});

export const shoppingListItemParamsSchema = shoppingListIdParamsSchema.extend({
  itemId: recordIdSchema({
    type: 'The item id must be a number.',
    whole: 'The item id must be a whole number.',
    positive: 'The item id must be a positive number.',
  }),
});

/** The answer of a reorder: where the item now sits. */
export const reorderListItemResponseSchema = z.object({
  itemDistributorId: z.number().int(),
  sortIndex: z.number().int(),
});

/** The answer of add-one: the row as the list screen shows it, and whether it was new on the list. */
export const addOneResponseSchema = z.object({ item: shoppingListItemSchema, isAdded: z.boolean() });

export const createShoppingListRequestSchema = z.object({
  name: shoppingListNameSchema,
  itemList: z
    .array(z.object({ itemDistributorId: recordIdSchema({ positive: 'itemDistributorId must be a positive number.' }) }))
    .max(SHOPPING_LIST_MAX_ITEMS, SHOPPING_LIST_FULL_MESSAGE)
    .default([]),
});

export const renameShoppingListRequestSchema = z.object({ name: shoppingListNameSchema });

export const addOneRequestSchema = z.object({
  itemDistributorId: recordIdSchema({ type: 'itemDistributorId is required.', positive: 'itemDistributorId is required.' }),
});

/** Reorder a list item (doc 1 §7 "Reorder a list item"). */
export const reorderListItemRequestSchema = z.object({
  /** The moved item. */
  item_distributor_id: recordIdSchema({
    type: 'item_distributor_id is required.',
    positive: 'item_distributor_id must be a positive number.',
  }),
  /** Its new neighbours: the item now above it first, then the one below (either may be absent). */
  item_distributor_ids: z
    .array(recordIdSchema({ positive: 'item_distributor_ids must hold positive numbers.' }))
    .max(2, 'item_distributor_ids holds at most the two neighbours.')
    .default([]),
  /** The sort index of the item above as the client saw it; informative, the server's own indexes decide. */
  reference_sort_index: wholeNumberSchema({ min: -MAX_ID }).nullable().default(null),
  /** The shopping list the move happens in. */
  tag_id: recordIdSchema({ type: 'tag_id (the shopping list id) is required.', positive: 'tag_id must be a positive number.' }),
  special: z.enum(['top', 'bottom'], { error: "special must be 'top', 'bottom' or null." }).nullable().default(null),
});
export type ReorderListItemRequest = z.input<typeof reorderListItemRequestSchema>;

export const shoppingListItemsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
