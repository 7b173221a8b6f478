/**
 * The inventory lifecycle's API contract (doc 2 §3 "Past inventory", §7 "Inventory lifecycle",
 * "Group items"; doc 3 §3): money in integer cents, quantities as numbers (cases to 4 decimals),
 * dates as YYYY-MM-DD.
 */
import { z } from 'zod';
import { recordIdSchema, wholeNumberSchema } from '../common/input.schema';
import { quantitySchema } from '../inventory/inventory-requests.schema';
import { PAST_INVENTORIES_PAGE_SIZE, SYNC_BATCH_MAX_ITEMS } from './inventories.rules';

const id = (what: string) =>
  recordIdSchema({
    type: `The ${what} id must be a number.`,
    whole: `The ${what} id must be a whole number.`,
    positive: `The ${what} id must be a positive number.`,
  });

const DATE_MESSAGE = 'Enter the start date as YYYY-MM-DD (a real calendar date).';

/** A calendar date YYYY-MM-DD between 2000 and 2099. */
export const calendarDateSchema = z.string({ error: DATE_MESSAGE }).refine((value) => {
  const match = /^(20\d{2})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}, DATE_MESSAGE);

/** POST inventory (doc 2 §7): the start date chosen in the Start Inventory date picker. */
export const startInventoryRequestSchema = z.object({ start_date: calendarDateSchema });

/** POST inventory/complete: completes the active inventory; `id`, when sent, must be it. */
export const completeInventoryRequestSchema = z.object({ id: id('inventory').optional() }).nullish();

export const inventoryIdParamsSchema = z.object({ id: id('inventory') });
export const inventoryItemParamsSchema = inventoryIdParamsSchema.extend({ itemId: id('item') });

export const pastInventoriesQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 100 }).default(PAST_INVENTORIES_PAGE_SIZE),
});

export const inventoryDetailQuerySchema = z.object({
  search: z.string().max(200).default(''),
  /** '1' or 'true': only items with no count ('Show only items with missing on hand value'). */
  missingOnHand: z.enum(['0', '1', 'true', 'false']).default('0'),
});

export const inventoryItemsQuerySchema = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 500 }).default(100),
});

export const spreadsheetQuerySchema = z.object({ id: id('inventory').optional() });

export const INVENTORY_STATUSES = ['active', 'completed'] as const;

/** Past inventory (doc 2 §3). total_on_hand_value in cents; completed_date null while under way. */
export const pastInventorySchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  completed_date: z.string().nullable(),
  total_on_hand_value: z.number().int(),
  /** The currency the value is in (doc 2 §3 names the field; Stockpot counts in dollars). */
  unitMeasure: z.string(),
  /** Where Download fetches the spreadsheet. */
  file_url: z.string(),
  status: z.enum(INVENTORY_STATUSES),
});
export type PastInventory = z.infer<typeof pastInventorySchema>;

/** Inventory item (doc 2 §3 "Inventory detail", doc 3 §3). price and totalOnHandAmount in cents. */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  distributor: z.string(),
  price: z.number().int(),
  unitMeasure: z.string(),
  packSize: z.string(),
  customPackSize: z.string().nullable(),
  packSizeUom: z.string(),
  unitQuantity: z.number(),
  unitSize: z.number(),
  onHand: z.number(),
  onHandPack: z.number(),
  onHandUom: z.number(),
  totalOnHand: z.number(),
  totalOnHandAmount: z.number().int(),
  inventoryId: z.number().int(),
  /** The group item counted (the id PATCH /inventory/{id}/item/{itemId} takes). */
  itemId: z.number().int(),
  genericGroupId: z.number().int(),
  comparisonViewId: z.number().int(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** Comparison group of an inventory (doc 3 §3 "Comparison group"). */
export const inventoryGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  comparisonViewId: z.number().int(),
  totalOnHandAmount: z.number().int(),
  purchased: z.number().int(),
  comparisonViewTotalOnHandAmount: z.number().int(),
  items: z.array(inventoryItemSchema),
});
export type InventoryGroup = z.infer<typeof inventoryGroupSchema>;

/** A storage group: one inventory list (comparison view) of the inventory. */
export const inventoryViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  totalOnHandAmount: z.number().int(),
  groups: z.array(inventoryGroupSchema),
});
export type InventoryView = z.infer<typeof inventoryViewSchema>;

/** Get inventory by id (doc 2 §7): the inventory and its comparisonViews. */
export const inventoryDetailSchema = z.object({
  inventory: pastInventorySchema,
  comparisonViews: z.array(inventoryViewSchema),
});
export type InventoryDetail = z.infer<typeof inventoryDetailSchema>;

/** PATCH /inventory/{id}/item/{itemId}: the counts; totals are the server's. */
export const inventoryCountRequestSchema = z
  .object({
    onHand: quantitySchema.optional(),
    onHandPack: quantitySchema.optional(),
    onHandUom: quantitySchema.optional(),
    totalOnHand: z.number().optional(),
    totalOnHandAmount: z.number().optional(),
  })
  .refine((body) => body.onHand !== undefined || body.onHandPack !== undefined || body.onHandUom !== undefined, {
    error: 'Send onHand, onHandPack or onHandUom.',
  });

export const countAnswerSchema = z.object({
  collectiveOnHand: z.number(),
  collectiveOnHandUom: z.string(),
  totalOnHand: z.number(),
  totalOnHandAmount: z.number().int(),
});

/** One item edited offline (doc 2 §3 "Inventory-offline items also carry genericGroupId"). */
export const batchItemSchema = z.object({
  /** The group item id. */
  id: id('item'),
  genericGroupId: id('generic group'),
  onHand: quantitySchema,
  onHandPack: quantitySchema,
  onHandUom: quantitySchema,
  /** When the counter typed it (ISO 8601); the later count of an item wins. */
  countedAt: z.iso.datetime({ offset: true, error: 'countedAt must be an ISO 8601 date and time.' }),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

/** PATCH /comparison-views/update-item-batch (doc 2 §7): the offline edits, once. */
export const updateItemBatchRequestSchema = z.object({
  /** A key the device makes once per batch: a retry with the same key applies nothing twice. */
  batchId: z
    .string({ error: 'Send the batchId the device made for this batch.' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'The batchId must be 8 to 64 letters, digits or dashes.'),
  /** The list that was counted offline: it is marked not on inventory in the same transaction. */
  comparisonViewId: id('inventory list').optional(),
  batch: z.array(batchItemSchema).max(SYNC_BATCH_MAX_ITEMS, `Send at most ${SYNC_BATCH_MAX_ITEMS} items in one batch.`),
});
export type UpdateItemBatchRequest = z.infer<typeof updateItemBatchRequestSchema>;

export const updateItemBatchResponseSchema = z.object({
  batchId: z.string(),
  /** Items whose count was written. */
  applied: z.number().int(),
  /** Items where a later count was already stored: theirs went to history. */
  kept: z.number().int(),
  /** True when this batch had been applied before (a retry). */
  replayed: z.boolean(),
});
export type UpdateItemBatchResponse = z.infer<typeof updateItemBatchResponseSchema>;
