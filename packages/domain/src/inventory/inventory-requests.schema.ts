/**
 * What the inventory comparison view's API accepts (doc 2 §5, §7 "Inventory lists and groups",
 * "Group items"): list and group names, typed quantities, route params, request bodies and queries.
 * The answers' shapes are in inventory.schema.
 */
import { z } from 'zod';
import { recordIdSchema, safeTextSchema, wholeNumberSchema } from '../common/input.schema';
import { itemFilterQueryFields } from '../catalog/item-filters.schema';
import { GROUP_NAME_MIN_LENGTH, INVENTORY_ITEM_SEARCH_LIMIT } from './inventory.rules';
import { isValidOnHandInput } from './on-hand.rules';
import { isCountablePackSize, toPackSizeText } from './pack-size-edit.rules';

export const INVENTORY_LIST_NAME_MAX = 100;
export const GROUP_NAME_MAX = 100;
export const GROUP_NAME_TOO_SHORT = `The name must be at least ${GROUP_NAME_MIN_LENGTH} characters.`;
export const LIST_NAME_REQUIRED = 'The inventory list name cannot be blank.';
export const NO_EDIT_PERMISSION = 'You do not have permission to edit the inventory view.';

const id = (what: string) =>
  recordIdSchema({
    type: `The ${what} id must be a number.`,
    whole: `The ${what} id must be a whole number.`,
    positive: `The ${what} id must be a positive number.`,
  });

export const inventoryListNameSchema = safeTextSchema({ max: INVENTORY_LIST_NAME_MAX })
  .transform((value) => value.trim())
  .pipe(z.string().min(1, LIST_NAME_REQUIRED));

export const groupNameSchema = safeTextSchema({ max: GROUP_NAME_MAX })
  .transform((value) => value.trim())
  .pipe(z.string().min(GROUP_NAME_MIN_LENGTH, GROUP_NAME_TOO_SHORT));

/** A quantity typed in an on-hand or par field: a number ≥ 0 with at most 2 decimals (doc 2 §5). */
export const quantitySchema = z
  .union([z.number(), z.string().regex(/^\s*\d+(\.\d+)?\s*$/)], {
    error: 'Enter a number of at least 0 with at most 2 decimals.',
  })
  .transform((value) => Number(value))
  .refine((value) => Number.isFinite(value) && value >= 0 && value < 1_000_000 && isValidOnHandInput(String(value)), {
    error: 'Enter a number of at least 0 with at most 2 decimals.',
  });

export const listIdParamsSchema = z.object({ id: id('inventory list') });
export const groupParamsSchema = listIdParamsSchema.extend({ groupId: id('group') });
export const groupItemParamsSchema = groupParamsSchema.extend({ itemId: id('item') });
export const genericItemParamsSchema = z.object({ id: id('generic item') });

export const createInventoryListRequestSchema = z.object({ name: inventoryListNameSchema });
export const updateInventoryListRequestSchema = z
  .object({ name: inventoryListNameSchema.optional(), onInventory: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.onInventory !== undefined, { error: 'Send name or onInventory.' });

/** Expansions of a group read (doc 2 §7): comma-separated. */
export const GROUP_EXPANSIONS = [
  'items',
  'purchased',
  'onHandTotal',
  'orderTotal',
  'globalOnHandTotal',
  'units',
  'comparisonView',
] as const;

export const groupsQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 200 }).default(70),
  expand: z.string().max(200).default(''),
  /** JSON {"sort": "asc" | "desc" | "custom"} (doc 2 §2 sorts A-Z, Z-A, Custom). */
  filterOptions: z.string().max(500).optional(),
  /** JSON {"name": "..."}: like match on the group name. */
  filters: z.string().max(500).optional(),
  analytics: z.string().max(5).optional(),
});
export type GroupsQuery = z.infer<typeof groupsQuerySchema>;

export const INVENTORY_SORTS = ['custom', 'asc', 'desc'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const createGroupRequestSchema = z.object({
  name: groupNameSchema,
  /** Where the group goes: its position (0 = top) among the list's groups in custom order; absent = bottom. */
  new_sort: wholeNumberSchema({ min: 0 }).optional(),
});

export const updateGroupRequestSchema = z
  .object({
    name: groupNameSchema.optional(),
    parLevel: quantitySchema.optional(),
    new_sort: wholeNumberSchema({ min: 0 }).optional(),
    old_sort: wholeNumberSchema({ min: 0 }).optional(),
  })
  .refine((body) => body.name !== undefined || body.parLevel !== undefined || body.new_sort !== undefined, {
    error: 'Send name, parLevel or new_sort.',
  });

export const moveGroupRequestSchema = z.object({ name: id('target inventory list') });

export const groupUnitRequestSchema = z
  .array(z.object({ groupId: id('group'), unitId: wholeNumberSchema({ min: 1 }) }))
  .min(1, 'Send at least one group.')
  .max(200);

export const resetSortsRequestSchema = z.object({
  groups: z.array(id('group')).min(1, 'Send the group ids in their new order.').max(5000),
});

/** On-hand edit (doc 2 §7 "Group items"): the counts; the server recomputes the totals. */
export const onHandRequestSchema = z.object({
  onHand: quantitySchema.optional(),
  onHandPack: quantitySchema.optional(),
  onHandUom: quantitySchema.optional(),
  totalOnHand: z.number().optional(),
  totalOnHandAmount: z.number().optional(),
});

export const linkItemsRequestSchema = z.object({
  items: z.array(id('item')).max(500).default([]),
  /** Recipe ids of the location's sub-recipes (doc 2 §7 "Link items to a group": subrecipes). */
  subrecipes: z.array(id('sub-recipe')).max(500).default([]),
});

/** Custom item form (doc 2 §3, §5). Price in dollars as typed. */
export const customItemRequestSchema = z.object({
  description: safeTextSchema({ max: 500 })
    .transform((v) => v.trim())
    .pipe(z.string().min(2, 'The description must be at least 2 characters.')),
  unitMeasure: z.string().trim().min(1, 'Choose a unit of measure.').max(20),
  distributor: safeTextSchema({ max: 200 })
    .transform((v) => v.trim())
    .pipe(z.string().min(2, 'The distributor must be at least 2 characters.')),
  price: z
    .union([z.number(), z.string().regex(/^\s*\d+(\.\d{1,2})?\s*$/)], { error: 'The price must be a number.' })
    .transform((v) => Number(v))
    .refine((v) => Number.isFinite(v) && v >= 0 && v < 10_000_000, { error: 'The price must be a number of at least 0.' }),
  packSize: z.object({
    outerPack: quantitySchema,
    innerPack: quantitySchema,
    uom: z.string().trim().min(1, 'Choose a unit for the pack size.').max(20),
  }),
  din: safeTextSchema({ max: 100 }).default(''),
  brand: safeTextSchema({ max: 200 }).default(''),
});
export type CustomItemRequest = z.infer<typeof customItemRequestSchema>;

export const PACK_SIZE_FORMAT_MESSAGE = "Enter the pack size as 'outer/inner UOM' with numbers above 0, for example 4/5 LB.";

/**
 * Change pack size (doc 2 §7: "body packSize or packSizeVal, or clear it"): `packSize` as text
 * 'outer/inner UOM', or `packSizeVal` as the dialog's three fields; `packSize: null` goes back to
 * the catalogue's pack size (Default Packsize). Answers the pack size to store, null to clear.
 */
export const packSizeRequestSchema = z
  .object({
    packSize: z.string().trim().max(40).nullable().optional(),
    packSizeVal: z
      .object({
        outerPack: quantitySchema,
        innerPack: quantitySchema,
        uom: z.string().trim().min(1, 'Choose a unit for the pack size.').max(20),
      })
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.packSize === undefined) === (body.packSizeVal === undefined))
      ctx.addIssue({ code: 'custom', message: 'Send either packSize (null to clear) or packSizeVal.', path: ['packSize'] });
  })
  .transform((body) => (body.packSizeVal ? toPackSizeText(body.packSizeVal) : (body.packSize ?? null)))
  .refine((packSize) => packSize === null || isCountablePackSize(packSize), {
    error: PACK_SIZE_FORMAT_MESSAGE,
    path: ['packSize'],
  });
export type PackSizeRequest = z.input<typeof packSizeRequestSchema>;

export const itemSearchQuerySchema = z.object({
  search: z.string().max(200).default(''),
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: INVENTORY_ITEM_SEARCH_LIMIT }).default(INVENTORY_ITEM_SEARCH_LIMIT),
  // The Filters panel of the dialog (doc 2 §2): the shared modal's choices.
  ...itemFilterQueryFields,
});

/**
 * GET /comparison-views/all-groups (`filters` {"name": …}, like) and GET
 * /comparison-views/groups-search (`search`): the location's generic groups across its lists,
 * A-Z, paged (doc 2 §7; answer not shown).
 */
export const allGroupsQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 200 }).default(50),
  filters: z.string().max(500).optional(),
});
export const groupsSearchQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 200 }).default(50),
  search: z.string().max(200, 'search is too long (200 characters at most).').default(''),
});

/**
 * GET /comparison-views/from-item-distributor (doc 2 §7: expand groups, id, showItems): the lists
 * and groups of the location that hold a catalogue item.
 */
export const fromItemDistributorQuerySchema = z.object({
  id: recordIdSchema({ type: 'id must be an item-distributor id (a number).' }),
  expand: z.string().max(100).default(''),
  showItems: z.enum(['0', '1', 'true', 'false'], { error: 'showItems must be 1 or 0.' }).optional(),
});
