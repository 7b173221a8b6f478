import { z } from 'zod';
import { recordIdSchema } from '../common/input.schema';
import { itemFilterQueryFields } from '../catalog/item-filters.schema';
import {
  ANALYTICS_DETAIL_PAGE_SIZE,
  ANALYTICS_FILTER_TYPES,
  ANALYTICS_ORDER_SORTS,
  ANALYTICS_PURCHASE_SORTS,
  LAST_PURCHASED_PAGE_SIZE,
  getCustomRangeProblem,
} from './analytics.rules';
import { ITEM_LOOKUP_SORTS } from './item-lookup.rules';

/**
 * The analytics contract (doc 3 §3 "Analytics response", "Analytics detail row", "Order row
 * (analytics)", "Item lookup result"; §7 "Analytics"). Money in integer cents.
 */

const dateText = z.string().max(10, 'Dates are written YYYY-MM-DD.').optional();

const rangeFields = {
  filter_type: z
    .enum(ANALYTICS_FILTER_TYPES, { error: 'filter_type must be WEEKLY, MONTHLY, YEARLY or CUSTOM.' })
    .default('WEEKLY'),
  start_date: dateText,
  end_date: dateText,
};

function checkCustomRange(value: { filter_type: string; start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (value.filter_type !== 'CUSTOM') return;
  const problem = getCustomRangeProblem(value.start_date, value.end_date);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [value.start_date ? 'end_date' : 'start_date'] });
}

const pageField = z.coerce
  .number()
  .int('page must be a whole number.')
  .min(1, 'page must be at least 1.')
  .max(100_000, 'page is too large.')
  .default(1);
const limitField = (fallback: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(fallback);

/** GET analytics: the time filter (its parameters are not shown in the spec; recorded in decisions). */
export const analyticsQuerySchema = z.object(rangeFields).superRefine(checkCustomRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** GET analytics/detail (doc 3 §7): a section, the time filter, paging, sort and a drill-down filter. */
export const analyticsDetailQuerySchema = z
  .object({
    ...rangeFields,
    section: z.enum(['purchase', 'order'], { error: "section must be 'purchase' or 'order'." }).default('purchase'),
    page: pageField,
    limit: limitField(ANALYTICS_DETAIL_PAGE_SIZE),
    sort: z.string().max(40).optional(),
    distributor_id: recordIdSchema({ type: 'distributor_id must be a distributor id (a number).' }).optional(),
    category: z.string().trim().max(200, 'category is too long (200 characters at most).').optional(),
  })
  .superRefine(checkCustomRange)
  .superRefine((value, ctx) => {
    if (value.sort === undefined) return;
    const allowed: readonly string[] = value.section === 'order' ? ANALYTICS_ORDER_SORTS : ANALYTICS_PURCHASE_SORTS;
    if (!allowed.includes(value.sort)) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: `sort must be one of ${allowed.join(', ')}.` });
    }
  });
export type AnalyticsDetailQuery = z.infer<typeof analyticsDetailQuerySchema>;

/**
 * GET analytics/lookup: the item lookup list (doc 3 §7: sort, product ALL, search, filters, page).
 * The time filter is the page's: relevance ranks by what the location spent in that period.
 */
export const analyticsLookupQuerySchema = z
  .object({
    ...rangeFields,
    search: z.string().trim().max(200, 'search is too long (200 characters at most).').default(''),
    product: z.enum(['ALL'], { error: "product must be 'ALL'." }).default('ALL'),
    sort: z.enum(ITEM_LOOKUP_SORTS, { error: `sort must be one of ${ITEM_LOOKUP_SORTS.join(', ')}.` }).default('relevance'),
    page: pageField,
    limit: limitField(20),
    ...itemFilterQueryFields,
  })
  .superRefine(checkCustomRange);
export type AnalyticsLookupQuery = z.infer<typeof analyticsLookupQuerySchema>;

/** GET analytics/lookup/statistics: one item's statistics (doc 3 §7: filter_type, item_distributor_id and dates). */
export const analyticsItemStatsQuerySchema = z
  .object({
    ...rangeFields,
    item_distributor_id: recordIdSchema({ type: 'item_distributor_id must be an item id (a number).' }),
  })
  .superRefine(checkCustomRange);
export type AnalyticsItemStatsQuery = z.infer<typeof analyticsItemStatsQuerySchema>;

/** GET analytics/lookup/last-purchased: page and size 3 (doc 3 §7, §9). */
export const analyticsLastPurchasedQuerySchema = z.object({
  page: pageField,
  size: z.coerce
    .number()
    .int('size must be a whole number.')
    .min(1, 'size must be at least 1.')
    .max(50, 'size must be at most 50.')
    .default(LAST_PURCHASED_PAGE_SIZE),
});

/** GET analytics/savings-suggestions: page and size (the 'Savings Suggestions' list). */
export const analyticsSuggestionsQuerySchema = analyticsLastPurchasedQuerySchema;

const cents = z.number().int();

export const analyticsDistributorSliceSchema = z.object({
  distributor: z.string(),
  total: cents,
  distributor_id: z.number().int(),
  color: z.string(),
});
export const analyticsCategorySliceSchema = z.object({ category: z.string(), total: cents, color: z.string() });
export const analyticsOrderSliceSchema = z.object({
  distributor: z.string(),
  total: z.number().int(),
  distributor_id: z.number().int(),
  color: z.string(),
});

/** doc 3 §3 "Analytics response", with the range it covers. */
export const analyticsResponseSchema = z.object({
  total_purchases: z.object({
    total: cents,
    detail: z.object({
      distributorData: z.array(analyticsDistributorSliceSchema),
      categoryData: z.array(analyticsCategorySliceSchema),
    }),
  }),
  total_orders: z.object({ total: z.number().int(), detail: z.object({ distributorData: z.array(analyticsOrderSliceSchema) }) }),
  total_savings: z.object({ total: cents, detail: z.array(z.object({ name: z.string(), amount: cents })) }),
  start_date: z.string(),
  end_date: z.string(),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** doc 3 §3 "Analytics detail row". */
export const analyticsDetailRowSchema = z.object({
  item_distributor_id: z.number().int().nullable(),
  name: z.string(),
  distributor: z.string(),
  distributor_id: z.number().int(),
  pack_size: z.string(),
  total_quantity: z.number().int(),
  unit_measure: z.string(),
  tot_spent: cents,
  average_price: cents,
  best_price: cents,
  image_url: z.string(),
});
export type AnalyticsDetailRow = z.infer<typeof analyticsDetailRowSchema>;

/** doc 3 §3 "Order row (analytics)". */
export const analyticsOrderRowSchema = z.object({
  order_id: z.number().int(),
  order_date: z.string(),
  delivery_date: z.string().nullable(),
  distributor: z.string(),
  line_items: z.number().int(),
  tot_amount: cents,
  status: z.string(),
});
export type AnalyticsOrderRow = z.infer<typeof analyticsOrderRowSchema>;

/** doc 3 §3 "Item lookup result". */
export const analyticsLookupItemSchema = z.object({
  itemDistributorId: z.number().int(),
  merchantId: z.number().int(),
  distributorId: z.number().int(),
  description: z.string(),
  brand: z.string(),
  distributor: z.string(),
  price: cents,
  unitMeasure: z.string(),
  packSize: z.string(),
  imageUrl: z.string(),
  brandImageUrl: z.string(),
  isPurchased: z.boolean(),
  type: z.literal('order_guide'),
  din: z.string(),
});
export type AnalyticsLookupItem = z.infer<typeof analyticsLookupItemSchema>;

export const analyticsItemStatsSchema = z.object({
  itemData: z.object({
    brand: z.string(),
    name: z.string(),
    average_price: cents,
    best_price: cents,
    unit_measure: z.string(),
    num_cases: z.number().int(),
    total_purchases: cents,
  }),
  statistics: z.object({
    categories: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(cents) })),
  }),
  start_date: z.string(),
  end_date: z.string(),
});
export type AnalyticsItemStats = z.infer<typeof analyticsItemStatsSchema>;

export const analyticsLastPurchasedSchema = z.object({
  itemDistributorId: z.number().int().nullable(),
  name: z.string(),
  brand: z.string(),
  distributor: z.string(),
  packSize: z.string(),
  price: cents,
  quantity: z.number().int(),
  orderDate: z.string(),
  imageUrl: z.string(),
});
export type AnalyticsLastPurchased = z.infer<typeof analyticsLastPurchasedSchema>;

export const analyticsSuggestionSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  packSize: z.string(),
  distributor: z.string(),
  price: cents,
  betterItemDistributorId: z.number().int(),
  betterDistributor: z.string(),
  betterPrice: cents,
  savingsPerCase: cents,
  /**
   * Beside the spec (issue 32): both per-unit prices in 1/10000 dollars per `unit`, the bought
   * item's pack unit ("GAL"), so a buyer sees the suggestion is cheaper per unit.
   */
  unitPrice: z.number().int(),
  betterUnitPrice: z.number().int(),
  unit: z.string(),
});
export type AnalyticsSuggestion = z.infer<typeof analyticsSuggestionSchema>;
