import { z } from 'zod';
import { analyticsQuerySchema } from '../analytics/analytics.schema';
import { CHAIN_STOCK_PAGE_SIZE, CHAIN_VARIANCE_PAGE_SIZE, CHAIN_VARIANCE_SORTS } from './chain.rules';

/**
 * The chain view's contract (issue 39). The time filter is GET analytics' own (filter_type,
 * start_date, end_date, with its CUSTOM checks), so a range means the same thing on both screens.
 * Money in integer cents, unit prices in 1/10000 dollars.
 */

/** GET chain/summary: the analytics time filter. */
export const chainSummaryQuerySchema = analyticsQuerySchema;
export type ChainSummaryQuery = z.infer<typeof chainSummaryQuerySchema>;

const cents = z.number().int();

export const chainFiguresSchema = z.object({
  totalPurchases: cents,
  totalOrders: z.number().int(),
  totalSavings: cents,
});

export const chainLocationSummarySchema = chainFiguresSchema.extend({
  locationId: z.number().int(),
  name: z.string(),
  /** The range by the location's own calendar (beside the fields: time zones differ). */
  startDate: z.string(),
  endDate: z.string(),
});
export type ChainLocationSummary = z.infer<typeof chainLocationSummarySchema>;

export const chainSummarySchema = z.object({
  totals: chainFiguresSchema,
  locations: z.array(chainLocationSummarySchema),
});
export type ChainSummary = z.infer<typeof chainSummarySchema>;

/** `page` and `limit` of a chain table, each with a 400 a person can act on. */
const pagingFields = (defaultLimit: number) => ({
  page: z.coerce
    .number()
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(100_000, 'page is too large.')
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(defaultLimit),
});

/** GET chain/price-variance: the time filter, paging and a sort (default: biggest saving first). */
export const chainVarianceQuerySchema = analyticsQuerySchema.extend({
  ...pagingFields(CHAIN_VARIANCE_PAGE_SIZE),
  sort: z
    .enum(CHAIN_VARIANCE_SORTS, { error: `sort must be one of ${CHAIN_VARIANCE_SORTS.join(', ')}.` })
    .default('-would_have_saved'),
});
export type ChainVarianceQuery = z.infer<typeof chainVarianceQuerySchema>;

export const chainVarianceRowSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  /** Beside the fields, so the saving can be recomputed from what the row shows. */
  distributor: z.string(),
  /** The distributor's item number: what opens the item in a location's list (an exact DIN search). */
  din: z.string(),
  packSize: z.string(),
  lowestUnitPrice: z.number().int(),
  lowestLocationId: z.number().int(),
  highestUnitPrice: z.number().int(),
  highestLocationId: z.number().int(),
  quantity: z.number().int(),
  totalPaid: cents,
  wouldHaveSaved: cents,
  /**
   * Matched equivalents (second slice): what the unit prices are per — the unit of sale when every
   * offer holds the same, else LB, FL OZ, EA or the container — the units bought in it, and what
   * they would have cost at the lowest price per unit; wouldHaveSaved = totalPaid − costAtLowest.
   */
  unit: z.string(),
  unitsBought: z.number(),
  costAtLowest: cents,
  /** The offers bought in the range that are the same product, the row's own (itemDistributorId) first. */
  offers: z.array(
    z.object({
      itemDistributorId: z.number().int(),
      name: z.string(),
      distributor: z.string(),
      din: z.string(),
      packSize: z.string(),
      /** The chain's locations that bought this offer in the range: "Open in…" opens the one each buys. */
      locationIds: z.array(z.number().int()),
    }),
  ),
});
export type ChainVarianceRow = z.infer<typeof chainVarianceRowSchema>;

/** GET chain/stock: a page of the shared groups, by name (today's stock: no time filter). */
export const chainStockQuerySchema = z.object(pagingFields(CHAIN_STOCK_PAGE_SIZE));
export type ChainStockQuery = z.infer<typeof chainStockQuerySchema>;

/** GET chain/stock: generic groups two or more of the caller's locations share by name. */
export const chainStockRowSchema = z.object({
  name: z.string(),
  locations: z.array(
    z.object({ locationId: z.number().int(), groups: z.number().int(), onHandValue: cents, isBelowPar: z.boolean() }),
  ),
  totalOnHandValue: cents,
  belowParLocations: z.number().int(),
});
export type ChainStockRowResponse = z.infer<typeof chainStockRowSchema>;
