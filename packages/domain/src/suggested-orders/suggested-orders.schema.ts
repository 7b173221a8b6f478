/** The suggested-orders API contract (issue 37): GET suggested-orders and POST suggested-orders/add-to-cart. */
import { z } from 'zod';
import { recordIdSchema } from '../common/input.schema';

export const suggestionBasisSchema = z.enum(['pos', 'counts', 'par']);

/** One group's suggestion; quantities in the group's unit (2 decimals), `cases` whole order units. */
export const suggestedOrderLineSchema = z.object({
  genericGroupId: z.number().int(),
  group: z.string(),
  itemDistributorId: z.number().int(),
  item: z.string(),
  packSize: z.string(),
  cases: z.number().int().min(0),
  /** One order unit's content in the group's unit ("cases of 10 lb"). */
  caseContent: z.number(),
  expectedUse: z.number(),
  onHand: z.number(),
  inTransit: z.number(),
  inCart: z.number(),
  par: z.number(),
  /** expectedUse + par − onHand − inTransit − inCart. */
  need: z.number(),
  unit: z.string(),
  basis: suggestionBasisSchema,
  explanation: z.string(),
  /** The cheapest orderable item per unit when it is not the suggested one, with the price difference. */
  cheaper: z
    .object({
      itemDistributorId: z.number().int(),
      item: z.string(),
      cases: z.number().int(),
      /** Cents: the suggested item's cost minus the cheaper one's for the same need. */
      difference: z.number().int(),
      text: z.string(),
    })
    .nullable(),
});
export type SuggestedOrderLine = z.infer<typeof suggestedOrderLineSchema>;

export const suggestedOrderSchema = z.object({
  distributorId: z.number().int(),
  distributor: z.string(),
  nextDeliveryDate: z.string().nullable(),
  /** "Order by 2:00 PM Tuesday for Wednesday delivery"; null without a cut-off. */
  orderBy: z.string().nullable(),
  lines: z.array(suggestedOrderLineSchema),
});
export type SuggestedOrder = z.infer<typeof suggestedOrderSchema>;

/** A group below its need with nothing in it that can be ordered (issue 37 "says so"). */
export const unorderableGroupSchema = z.object({
  genericGroupId: z.number().int(),
  group: z.string(),
  explanation: z.string(),
});

export const suggestedOrdersResponseSchema = z.object({
  data: z.array(suggestedOrderSchema),
  unorderable: z.array(unorderableGroupSchema),
  /** Beside the spec: how many generic groups the model weighed. 0 tells "nothing to weigh yet" from "nothing needed". */
  groupCount: z.number().int().min(0),
});
export type SuggestedOrdersResponse = z.infer<typeof suggestedOrdersResponseSchema>;

/** POST suggested-orders/add-to-cart: one distributor's suggested lines, or only the groups named. */
export const suggestedOrderAddRequestSchema = z.object({
  distributorId: recordIdSchema({ type: 'Choose a distributor.', positive: 'Choose a distributor.' }),
  genericGroupIds: z
    .array(recordIdSchema({ type: 'Each group must be a group id.', positive: 'Each group must be a group id.' }))
    .max(1000, 'At most 1000 groups at once.')
    .optional(),
  /** Cases the buyer changed before adding (kept for the report); a group not named takes its suggestion. */
  quantities: z
    .array(
      z.object({
        genericGroupId: recordIdSchema({ type: 'Each group must be a group id.', positive: 'Each group must be a group id.' }),
        cases: z
          .number({ error: 'Cases must be a whole number from 0 to 9999.' })
          .int('Cases must be a whole number from 0 to 9999.')
          .min(0, 'Cases must be a whole number from 0 to 9999.')
          .max(9999, 'Cases must be a whole number from 0 to 9999.'),
      }),
    )
    .max(1000, 'At most 1000 groups at once.')
    .optional(),
});
export type SuggestedOrderAddRequest = z.input<typeof suggestedOrderAddRequestSchema>;

/** GET suggested-orders/guard: the review-order check of one distributor's cart lines (issue 37). */
export const orderGuardQuerySchema = z.object({
  distributorId: recordIdSchema({ type: 'Choose a distributor.', positive: 'Choose a distributor.' }),
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Delivery date must be a date such as 2026-12-04.')
    .optional(),
});

export const orderGuardFlagSchema = z.object({
  itemDistributorId: z.number().int().nullable(),
  reason: z.string(),
});

export const orderGuardResponseSchema = z.object({ flags: z.array(orderGuardFlagSchema) });
export type OrderGuardResponse = z.infer<typeof orderGuardResponseSchema>;

/** GET suggested-orders/report: per group, how often suggestions were taken and how far off they were. */
export const suggestionReportRowSchema = z.object({
  genericGroupId: z.number().int(),
  group: z.string(),
  times: z.number().int(),
  taken: z.number().int(),
  /** taken ÷ times, whole percent. */
  takenPercent: z.number().int(),
  /** Mean of (ordered − suggested) in cases, 2 decimals: above 0 the buyer orders more than suggested. */
  averageChange: z.number(),
});
export type SuggestionReportRow = z.infer<typeof suggestionReportRowSchema>;
