import { z } from 'zod';
import { idSchema, numberInputSchema, recordIdSchema } from '../common/input.schema';
import { MAX_CART_QUANTITY } from '../cart/cart.rules';

/** One line of the order: a cart line by its id, or a catalogue line by its item-distributor (doc 1 §3 "Order submit payload"). */
export const orderLineEntrySchema = z
  .object({
    itemDistributorId: idSchema.nullish(),
    shoppingCartId: idSchema.nullish(),
    quantity: numberInputSchema('Quantity must be a number.').pipe(
      z
        .number()
        .int('Quantity must be a whole number.')
        .positive('Quantities must be greater than 0.')
        .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}.`),
    ),
  })
  .refine((e) => e.itemDistributorId != null || e.shoppingCartId != null, {
    message: 'Each line needs an itemDistributorId or a shoppingCartId.',
  });
export type OrderLineEntry = z.infer<typeof orderLineEntrySchema>;

/** 0/1, "0"/"1", true/false and absent all read as a boolean. */
const looseFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * Body of POST /orders (doc 1 §3 "Order submit payload", §7). `itemList` is a JSON string as the
 * spec sends it (an array is accepted too). `productPrice` is the total the buyer reviewed, in
 * cents; the server refuses the order when its own total differs. Dates are the location's
 * calendar dates, 'YYYY-MM-DD'. The `Idempotency-Key` header is required.
 */
export const orderSubmitRequestSchema = z.object({
  payment_token: z.string().trim().max(200).nullish(),
  paymentType: z.enum(['terms', 'card'], { error: "paymentType must be 'terms' or 'card'." }),
  requestedDeliveryDate: z.string().trim().max(20).nullish(),
  distributorId: recordIdSchema({ type: 'distributorId is required.', positive: 'distributorId is required.' }),
  itemList: z
    .union([z.string(), z.array(z.unknown())])
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'itemList must be a JSON array.' });
        return z.NEVER;
      }
    })
    .pipe(z.array(orderLineEntrySchema).min(1, 'There are no items to order.').max(500, 'At most 500 lines per order.')),
  isSameDayDeliveryFee: looseFlag,
  notes: z.string().max(1000, 'The delivery note is too long (1000 characters at most).').nullish(),
  productPrice: z.coerce
    .number({ error: 'productPrice must be a number of cents.' })
    .int('productPrice must be in cents.')
    .min(0),
  requestedDeliveryTime: z.string().trim().max(50).nullish(),
  skipOrderMinimum: looseFlag,
  /** The browser's zone; informational: the location's own time zone decides "today". */
  timezone: z.string().max(100).nullish(),
});
export type OrderSubmitRequest = z.input<typeof orderSubmitRequestSchema>;
export type OrderSubmit = z.infer<typeof orderSubmitRequestSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200, 'The Idempotency-Key header is too long (200 characters at most).');
