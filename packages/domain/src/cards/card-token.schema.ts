import { z } from 'zod';

/**
 * The tokenise call of the built-in test payment gateway (POST /payment-gateway/test/tokens). It is
 * the provider's contract, not Stockpot's API: the browser sends the card here and nowhere else, and
 * gets back a token that carries no card number. Shapes follow the usual provider conventions.
 */

const text = (max: number) => z.string().max(max);
const numberOrText = z.union([z.number(), z.string().max(8)]);

/** Card and billing address as the browser sends them; the card rules run on top of this. */
export const cardTokenRequestSchema = z.object({
  number: text(40).optional(),
  exp_month: numberOrText.optional(),
  exp_year: numberOrText.optional(),
  cvc: text(8).optional(),
  name: text(200).optional(),
  address_line1: text(200).optional(),
  address_line2: text(200).optional(),
  address_city: text(200).optional(),
  address_state: text(200).optional(),
  address_zip: text(20).optional(),
});
export type CardTokenRequest = z.input<typeof cardTokenRequestSchema>;

/** A successful tokenisation. `card.id` is the `cardId` POST payment-methods accepts. */
export const cardTokenSchema = z.object({
  id: z.string(),
  object: z.literal('token'),
  created: z.number().int(),
  card: z.object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

export const gatewayErrorTypes = ['card_error', 'invalid_request_error', 'rate_limit_error', 'api_error'] as const;

/** A refused tokenisation: the provider's code and its own sentence, and the field it is about. */
export const gatewayErrorSchema = z.object({
  error: z.object({
    type: z.enum(gatewayErrorTypes),
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
  }),
});
export type GatewayError = z.infer<typeof gatewayErrorSchema>['error'];
