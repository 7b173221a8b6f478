import { z } from 'zod';
import { MAX_ID, idSchema, wholeNumberSchema } from '../common/input.schema';
import { LIST_PAGE_SIZE_DESKTOP, LIST_SORTS } from './list-sort.rules';

/**
 * The place-order list contract (doc 1 §3 "List or search item", §7 "GET items"). Money is integer:
 * `price`, `purchasedPrice`, `lastPurchasedPrice`, `rebate` and `savings` in cents, `unitPrice` in
 * ten-thousandths of a dollar. Flags are JSON booleans.
 */

const idList = z.array(idSchema).max(200, 'Choose at most 200.').default([]);

/** The `filterOptions` JSON of GET items (doc 1 §3 "Filters", §7). */
export const filterOptionsSchema = z.object({
  sort: z.enum(LIST_SORTS).optional(),
  search: z.string().trim().max(200, 'Search text is too long (200 characters at most).').default(''),
  product: z.enum(['ALL', 'PURCHASED']).default('ALL'),
  distributorIds: idList,
  shoppingIds: idList,
  pastOrderIds: idList,
});
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

export const listItemsQuerySchema = z.object({
  filterOptions: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filterOptions must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(filterOptionsSchema),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(LIST_PAGE_SIZE_DESKTOP),
  page: z.coerce.number().int().min(1, 'page must be at least 1.').max(100_000).default(1),
});

export const listItemSchema = z.object({
  id: z.number().int(),
  itemDistributorId: z.number().int(),
  itemId: z.number().int(),
  genericItemId: z.number().int().nullable(),
  merchantId: z.number().int(),
  name: z.string(),
  description: z.string(),
  customDescription: z.string().nullable(),
  din: z.string(),
  brand: z.string(),
  distributor: z.string(),
  distributorId: z.number().int(),
  imageUrl: z.string(),
  brandImageUrl: z.string(),
  unitMeasure: z.string(),
  price: z.number().int(),
  purchasedPrice: z.number().int().nullable(),
  unitPrice: z.number().int(),
  unitQuantity: z.number().int(),
  unitSize: z.string(),
  unitType: z.string(),
  uom: z.string(),
  packSize: z.string(),
  customPackSize: z.string().nullable(),
  packSizeUom: z.string(),
  rebate: z.number().int(),
  savings: z.number().int(),
  showSavings: z.boolean(),
  savingItems: z.number().int(),
  sortIndex: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
  type: z.enum(['item', 'custom', 'subrecipe']),
  lastPurchasedDate: z.string().nullable(),
  lastPurchasedQty: z.number().int().nullable(),
  lastPurchasedPrice: z.number().int().nullable(),
  matchId: z.number().int().nullable(),
  matchType: z.enum(['ExactMatch', 'SavingsOption']).nullable(),
  orderGuideId: z.number().int().nullable(),
  endDate: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  caseQuantity: z.number().int(),
  count: z.number().int(),
  averageWeight: z.string().nullable(),
  notes: z.string(),
  isCatchWeight: z.boolean(),
  isFixedWeight: z.boolean(),
  isPunchedOut: z.boolean(),
  isPurchased: z.boolean(),
  isMarketPrice: z.boolean(),
  isPartner: z.boolean(),
  isPriceOutdated: z.boolean(),
  isUnpurchasable: z.boolean(),
  isElectronicInvoiceItem: z.boolean(),
  isFromInvoice: z.boolean(),
  isSubRecipe: z.boolean(),
  isCustomItem: z.boolean(),
  isPreferred: z.boolean(),
  autoAdded: z.boolean(),
  isOnOrderGuide: z.boolean(),
  subRecipeId: z.number().int().nullable(),
  genericCustomItemId: z.number().int().nullable(),
  belongsToGroup: z.boolean(),
  /** Whole-word or DIN hit of the search text, for the relevance sort's "Exact match" cue. */
  isExactSearchMatch: z.boolean(),
});
export type ListItem = z.infer<typeof listItemSchema>;

/** Search suggestions under the header search (10 of them, doc 1 §9). */
export const SEARCH_SUGGESTION_LIMIT = 10;
export const searchSuggestionsQuerySchema = z.object({
  search: z.string().trim().min(1, 'Type something to search for.').max(200, 'Search text is too long (200 characters at most).'),
  limit: z.coerce.number().int().min(1).max(SEARCH_SUGGESTION_LIMIT).default(SEARCH_SUGGESTION_LIMIT),
});
export const searchSuggestionSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  distributor: z.string(),
  packSize: z.string(),
});

/** POST /items/custom-order (doc 1 §4 "Drag reorder"): the moved item, its new neighbours and a reference index. */
export const customOrderRequestSchema = z.object({
  custom_order_data: z.object({
    item_distributor_id: idSchema,
    /** The ids now just above and below the moved item, in list order; either may be absent at the ends. */
    item_distributor_ids: z.array(idSchema).max(2),
    reference_sort_index: wholeNumberSchema({ min: -MAX_ID }).nullable().default(null),
    special: z.enum(['top', 'bottom']).nullable().default(null),
  }),
});

/**
 * GET /items/{id}?analytics=1 (doc 1 §7 "Item detail"): one item of the active location as the list
 * shows it; with analytics=1 also the location's purchase history of it (orders not cancelled).
 */
export const itemDetailQuerySchema = z.object({
  analytics: z
    .enum(['0', '1'], { error: 'analytics must be 0 or 1.' })
    .default('0')
    .transform((value) => value === '1'),
});

export const itemAnalyticsSchema = z.object({
  orderCount: z.number().int(),
  totalQuantity: z.number().int(),
  /** Cents: the sum of quantity × price over the orders. */
  totalSpent: z.number().int(),
  /** Cents per case, the quantity-weighted average; null before the first order. */
  averagePrice: z.number().int().nullable(),
  firstOrderedDate: z.string().nullable(),
  lastOrderedDate: z.string().nullable(),
});
export type ItemAnalytics = z.infer<typeof itemAnalyticsSchema>;

export const itemDetailSchema = listItemSchema.extend({ analytics: itemAnalyticsSchema.nullable() });
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/** Answer of POST /items/custom-order: the moved item's new place in the location's custom order. */
export const customOrderResponseSchema = z.object({ itemDistributorId: z.number().int(), sortIndex: z.number().int() });

/** GET /items/matches/{id}: the savings matches of one item (doc 1 §3 "Savings match"). */
export const itemMatchSchema = listItemSchema.extend({
  matchType: z.enum(['ExactMatch', 'SavingsOption']),
  /** Cents saved per case of the original item. */
  savings: z.number().int(),
  normalisedUnitPrice: z.number().int(),
  normalisedUnit: z.string(),
  reasons: z.array(z.string()),
});
export const itemMatchesSchema = z.object({ itemDistributorId: z.number().int(), matches: z.array(itemMatchSchema) });
export type ItemMatch = z.infer<typeof itemMatchSchema>;

/** GET items/get-last-purchased: purchased items with a cheaper match (doc 1 §3 "Last purchased item"). */
export const lastPurchasedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(3),
});
export const lastPurchasedItemSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  distributor: z.string(),
  packSize: z.string(),
  purchasedPrice: z.number().int(),
  savingsItemDistributorId: z.number().int(),
  savingsSavings: z.number().int(),
  savingsName: z.string(),
  savingsDescription: z.string(),
  savingsUnitMeasure: z.string(),
  savingsBrand: z.string(),
  savingsPrice: z.number().int(),
  savingsPackSize: z.string(),
  savingsDistributorId: z.number().int(),
});

export type LastPurchasedItem = z.infer<typeof lastPurchasedItemSchema>;

/** Past order option of the filters modal (doc 1 §3 "Past order"). */
export const pastOrderOptionSchema = z.object({ id: z.number().int(), createTimeDisplay: z.string(), distributor: z.string() });
export type PastOrderOption = z.infer<typeof pastOrderOptionSchema>;

/**
 * GET /distributors: the active location's distributors with their ordering fields (doc 1 §3
 * "Distributor (ordering fields)"), for the filters modal and the special-request distributor select.
 * `minOrderAmount` in cents; `deliveryDates` are the delivery days in the next 14 days, starting today
 * in the location's time zone, as YYYY-MM-DD.
 */
export const orderingDistributorSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  minOrderAmount: z.number().int(),
  skipMinOrder: z.boolean(),
  isMinOrderAmountRequired: z.boolean(),
  isDelivery: z.union([z.literal(0), z.literal(1)]),
  deliveryDates: z.array(z.string()),
  acceptCC: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Issue 31, beside doc 1 §3: why a nearer date is missing and when to order ("Order by 2:00 PM Tuesday for Wednesday delivery."). */
  orderCutoffNote: z.string().nullable().optional(),
});
export type OrderingDistributor = z.infer<typeof orderingDistributorSchema>;
