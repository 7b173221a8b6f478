import { z } from 'zod';

/** Shopping list name rule (doc 1 §5): at least 1 character, otherwise 'Name cannot be blank.' */
export const NAME_CANNOT_BE_BLANK = 'Name cannot be blank.';
export const SHOPPING_LIST_NOT_FOUND = 'Shopping List Not Found';
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
  status: z.enum(['active', 'inactive']),
  customDescription: z.string().nullable(),
  sortIndex: z.number().int(),
});
export type ShoppingListItem = z.infer<typeof shoppingListItemSchema>;

export const shoppingListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemCount: z.number().int(),
  itemList: z.array(shoppingListItemSchema),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;

export const createShoppingListRequestSchema = z.object({
  name: shoppingListNameSchema,
  itemList: z
    .array(z.object({ itemDistributorId: z.coerce.number().int().positive() }))
    .max(500)
    .default([]),
});

export const renameShoppingListRequestSchema = z.object({ name: shoppingListNameSchema });

export const addOneRequestSchema = z.object({
  itemDistributorId: z.coerce
    .number({ error: 'itemDistributorId is required.' })
    .int()
    .positive('itemDistributorId is required.'),
});

/** Reorder a list item (doc 1 §7 "Reorder a list item"). */
export const reorderListItemRequestSchema = z.object({
  item_distributor_id: z.coerce.number().int().positive(),
  item_distributor_ids: z.array(z.coerce.number().int().positive()).max(2).default([]),
  reference_sort_index: z.coerce.number().int().nullable().default(null),
  tag_id: z.coerce.number().int().positive(),
  special: z.enum(['top', 'bottom']).nullable().default(null),
});

export const shoppingListItemsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
