import { z } from 'zod';
import { recordIdSchema } from '../common/input.schema';

/**
 * POST users/merchant-login (doc 3 §7): the administrator picks a user and a merchant (location).
 * The field names are not in the spec (docs/decisions.md "Account access").
 */
export const merchantLoginRequestSchema = z.object({
  user_id: recordIdSchema({ type: 'Please choose a user.' }),
  merchant_id: recordIdSchema({ type: 'Please choose a location.' }),
});
export type MerchantLoginRequest = z.input<typeof merchantLoginRequestSchema>;

/** GET locations/all filters (doc 3 §7): a JSON list of { field: 'nickname', operator: 'like', value }. */
export const locationFilterSchema = z.object({
  field: z.literal('nickname', { error: 'Only nickname can be filtered.' }),
  operator: z.literal('like', { error: 'Only the like operator is supported.' }),
  value: z.string().max(100, 'The search is too long.'),
});

export const adminLocationSchema = z.object({ id: z.number().int(), nickname: z.string() });
export type AdminLocation = z.infer<typeof adminLocationSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Login-as form (doc 3 §2.12, §5): the user picker waits for a location; submit needs both. */
export function getLoginAsFormState(values: { locationId: number | null; userId: number | null }): {
  isUserPickerEnabled: boolean;
  canSubmit: boolean;
} {
  return { isUserPickerEnabled: values.locationId !== null, canSubmit: values.locationId !== null && values.userId !== null };
}
