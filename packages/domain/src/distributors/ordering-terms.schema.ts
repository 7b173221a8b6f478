import { z } from 'zod';

/**
 * Ordering terms of the active location's account with a distributor (issue 31; not in the spec):
 * GET and PUT distributors/{id}/ordering-terms. Amounts in integer cents. The shape is bounded
 * here; validateOrderingTerms gives the rules' words.
 */
export const orderingTermsSchema = z.object({
  deliveryWeekdays: z
    .array(z.number({ message: 'Delivery days must be numbers from 1 to 7.' }))
    .max(7, 'Delivery days must be weekdays from 1 (Monday) to 7 (Sunday), each once.'),
  orderCutoffTime: z.string().max(5, 'Order cut-off time must be a time of day such as 14:00.').nullable(),
  orderCutoffDaysBefore: z.number({ message: 'Days before delivery must be a whole number from 0 to 7.' }),
  minOrderAmount: z.number({ message: 'Minimum order amount must be an amount in cents.' }),
  isMinOrderAmountRequired: z.boolean({ message: 'isMinOrderAmountRequired must be true or false.' }),
  deliveryFee: z.number({ message: 'Delivery fee must be an amount in cents.' }),
});
export type OrderingTermsBody = z.infer<typeof orderingTermsSchema>;
