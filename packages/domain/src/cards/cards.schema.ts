import { z } from 'zod';

/**
 * Saved cards (doc 3 §2.9, §3 "Card", §5 "Card billing", §7 "Cards and help"). Stockpot stores the
 * payment gateway's token and what a person needs to recognise the card; never the number or CVC.
 */

export const BILLING_MESSAGES = {
  line1Required: 'Address line 1 is required.',
  line1TooLong: 'Address line 1 must be at most 100 characters.',
  line2TooLong: 'Address line 2 must be at most 100 characters.',
  cityRequired: 'City is required.',
  cityTooLong: 'City must be at most 60 characters.',
  stateRequired: 'State is required.',
  stateLetters: 'State must contain letters only.',
  stateLength: 'State must be 1 or 2 letters.',
  zipRequired: 'Zip is required.',
  zipDigits: 'Zip must contain digits only.',
  zipLength: 'Zip must be exactly 5 digits.',
  nicknameTooLong: 'Nickname must be at most 50 characters.',
} as const;

export const NICKNAME_MAX_LENGTH = 50;

/** Optional nickname (doc 3 §5 "Nickname is optional"). */
export const cardNicknameSchema = z
  .string({ error: 'Nickname must be text.' })
  .trim()
  .max(NICKNAME_MAX_LENGTH, BILLING_MESSAGES.nicknameTooLong);

const addressLine1Schema = z
  .string({ error: BILLING_MESSAGES.line1Required })
  .trim()
  .min(1, BILLING_MESSAGES.line1Required)
  .max(100, BILLING_MESSAGES.line1TooLong);
const addressLine2Schema = z.string({ error: 'Address line 2 must be text.' }).trim().max(100, BILLING_MESSAGES.line2TooLong);
const citySchema = z
  .string({ error: BILLING_MESSAGES.cityRequired })
  .trim()
  .min(1, BILLING_MESSAGES.cityRequired)
  .max(60, BILLING_MESSAGES.cityTooLong);
/** State: required, letters only, 1 to 2 characters (doc 3 §5, §9); kept in capitals. */
const stateSchema = z
  .string({ error: BILLING_MESSAGES.stateRequired })
  .trim()
  .min(1, BILLING_MESSAGES.stateRequired)
  .regex(/^[A-Za-z]*$/, BILLING_MESSAGES.stateLetters)
  .max(2, BILLING_MESSAGES.stateLength)
  .transform((value) => value.toUpperCase());
/** Zip: required, digits only, exactly 5 (doc 3 §5, §9). */
const zipSchema = z
  .string({ error: BILLING_MESSAGES.zipRequired })
  .trim()
  .min(1, BILLING_MESSAGES.zipRequired)
  .regex(/^\d*$/, BILLING_MESSAGES.zipDigits)
  .length(5, BILLING_MESSAGES.zipLength);

/** The billing address fields, named as PATCH payment-methods/{token} names them (doc 3 §7). */
export const billingAddressSchema = z.object({
  address_line1: addressLine1Schema,
  address_line2: addressLine2Schema.optional().default(''),
  address_city: citySchema,
  address_state: stateSchema,
  address_zip: zipSchema,
});
export type BillingAddressInput = z.input<typeof billingAddressSchema>;
export type BillingAddress = z.output<typeof billingAddressSchema>;
export type BillingField = keyof BillingAddress;
export const billingFields = ['address_line1', 'address_line2', 'address_city', 'address_state', 'address_zip'] as const;

/** `default` as a client may send it: a boolean or the spec's 0/1. */
const defaultFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'default must be true or false.' })
  .transform((value) => value === true || value === 1);

/**
 * POST payment-methods (doc 3 §7): the token the gateway made in the browser, plus nickname,
 * default and cardId. The billing address the gateway was given travels alongside (see
 * docs/decisions.md), validated with the doc 3 §5 rules.
 */
export const addPaymentMethodRequestSchema = billingAddressSchema.extend({
  token: z.string({ error: 'token is required.' }).trim().min(1, 'token is required.').max(512, 'token is too long.'),
  nickname: cardNicknameSchema.optional().default(''),
  default: defaultFlagSchema.optional(),
  /** The gateway's id for the card inside the token; accepted for the contract, the token is what counts. */
  cardId: z.union([z.string().max(200), z.number()]).nullish(),
});
export type AddPaymentMethodRequest = z.input<typeof addPaymentMethodRequestSchema>;
export type AddPaymentMethod = z.output<typeof addPaymentMethodRequestSchema>;

/** PATCH payment-methods/{token} (doc 3 §7): any of nickname, the address fields and default. */
export const updatePaymentMethodRequestSchema = z.object({
  nickname: cardNicknameSchema.optional(),
  address_line1: addressLine1Schema.optional(),
  address_line2: addressLine2Schema.optional(),
  address_city: citySchema.optional(),
  address_state: stateSchema.optional(),
  address_zip: zipSchema.optional(),
  default: defaultFlagSchema.optional(),
});
export type UpdatePaymentMethodRequest = z.input<typeof updatePaymentMethodRequestSchema>;
export type UpdatePaymentMethod = z.output<typeof updatePaymentMethodRequestSchema>;

/** Path parameter of the single-card calls. */
export const paymentMethodTokenParamsSchema = z.object({ token: z.string().min(1).max(512) });

/** A saved card as the API answers it (doc 3 §3 "Card", plus the expiry the list shows). */
export const paymentMethodSchema = z.object({
  token: z.string(),
  nickname: z.string(),
  last4: z.string(),
  cardType: z.string(),
  isDefault: z.boolean(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Answer of DELETE payment-methods/{token}. */
export const deletedPaymentMethodSchema = z.object({ token: z.string(), deleted: z.literal(true) });

export const CARD_NOT_VERIFIED = 'This card could not be verified. Please enter it again.';
export const CARD_NOT_FOUND = 'Credit Card Not Found';
export const DEFAULT_CARD_REQUIRED = 'A default card is required. Make another card the default instead.';

/** Field messages of a billing form, one per field (the first rule it breaks), for showing under the fields. */
export function validateBillingAddress(values: BillingAddressInput): Partial<Record<BillingField, string>> {
  const result = billingAddressSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<BillingField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as BillingField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Nickname message, if the nickname breaks its rule. */
export function validateCardNickname(nickname: string): string | null {
  const result = cardNicknameSchema.safeParse(nickname);
  return result.success ? null : (result.error.issues[0]?.message ?? BILLING_MESSAGES.nicknameTooLong);
}
