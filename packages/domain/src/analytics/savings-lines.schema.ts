import { z } from 'zod';
import { getCustomRangeProblem, ANALYTICS_FILTER_TYPES, SAVINGS_TYPES } from './analytics.rules';
import { pageMetaSchema } from '../common/api.schema';

/**
 * GET analytics/savings-lines (beside the spec, issue 32 "savings a buyer can check"): the lines a
 * savings figure of GET analytics adds up, for the same time filter; `type` narrows to one of the
 * four savings types (all four when absent). Money in integer cents; unit prices in 1/10000 dollars.
 */
export const analyticsSavingsLinesQuerySchema = z
  .object({
    filter_type: z
      .enum(ANALYTICS_FILTER_TYPES, { error: 'filter_type must be WEEKLY, MONTHLY, YEARLY or CUSTOM.' })
      .default('WEEKLY'),
    start_date: z.string().max(10, 'Dates are written YYYY-MM-DD.').optional(),
    end_date: z.string().max(10, 'Dates are written YYYY-MM-DD.').optional(),
    type: z
      .enum(SAVINGS_TYPES, {
        error: 'type must be matchSavings, distributorSavings, rebateSavings or inventoryViewSavings.',
      })
      .optional(),
    page: z.coerce.number().int('page must be a whole number.').min(1, 'page must be at least 1.').max(100_000).default(1),
    limit: z.coerce
      .number()
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(100, 'limit must be at most 100.')
      .default(20),
  })
  .superRefine((value, ctx) => {
    if (value.filter_type !== 'CUSTOM') return;
    const problem = getCustomRangeProblem(value.start_date, value.end_date);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [value.start_date ? 'end_date' : 'start_date'] });
  });
export type AnalyticsSavingsLinesQuery = z.infer<typeof analyticsSavingsLinesQuerySchema>;

/**
 * One line of a savings figure: the item bought, what was paid per unit and the per-unit price it
 * is compared with (both per `unit`; null for rebates and for matches, whose saving was fixed when
 * the swap was accepted), the quantity and the saving.
 */
export const analyticsSavingsLineSchema = z.object({
  type: z.enum(SAVINGS_TYPES),
  orderId: z.number().int(),
  orderDate: z.string(),
  distributor: z.string(),
  itemDistributorId: z.number().int().nullable(),
  name: z.string(),
  packSize: z.string(),
  quantity: z.number().int().nullable(),
  unit: z.string().nullable(),
  paidUnitPrice: z.number().int().nullable(),
  comparedUnitPrice: z.number().int().nullable(),
  comparedItemDistributorId: z.number().int().nullable(),
  comparedName: z.string().nullable(),
  comparedDistributor: z.string().nullable(),
  comparedPackSize: z.string().nullable(),
  saving: z.number().int(),
});
export type AnalyticsSavingsLine = z.infer<typeof analyticsSavingsLineSchema>;

/** The page of lines, and `total`: the sum of every line of the filter (the figure itself). */
export const analyticsSavingsLinesResponseSchema = z.object({
  data: z.array(analyticsSavingsLineSchema),
  _meta: pageMetaSchema,
  total: z.number().int(),
});
export type AnalyticsSavingsLinesResponse = z.infer<typeof analyticsSavingsLinesResponseSchema>;
