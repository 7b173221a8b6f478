import { z } from 'zod';

/** One of the active location's distributors as the first-run screen needs it (issue 31). */
export const gettingStartedDistributorSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  hasOrderGuide: z.boolean(),
  hasDeliveryDays: z.boolean(),
});
export type GettingStartedDistributor = z.infer<typeof gettingStartedDistributorSchema>;

export const gettingStartedStepKeys = ['distributors', 'order-guides', 'delivery-days', 'first-order'] as const;
export type GettingStartedStepKey = (typeof gettingStartedStepKeys)[number];

export const gettingStartedStepSchema = z.object({
  key: z.enum(gettingStartedStepKeys),
  label: z.string(),
  isDone: z.boolean(),
});
export type GettingStartedStep = z.infer<typeof gettingStartedStepSchema>;

/** GET getting-started: the active location's first-run facts and its "Get started" checklist. */
export const gettingStartedSchema = z.object({
  distributors: z.array(gettingStartedDistributorSchema),
  hasOrders: z.boolean(),
  /** No distributor of the location has an order guide yet: the place-order list has nothing to show. */
  isFirstRun: z.boolean(),
  steps: z.array(gettingStartedStepSchema),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
