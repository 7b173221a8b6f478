import { z } from 'zod';

/**
 * The savings step contract (doc 1 §2 "Savings", §3 "Savings match", §4 "Savings", §7 /items/swap,
 * /items/swap-reject, /items/shopping-cart-matches). Money in integer cents; normalised unit prices
 * in ten-thousandths of a dollar.
 */

// A JSON number, not coerced: `true` is no item id (it would read as 1).
const itemDistributorIdSchema = z
  .number({ error: 'Item ids must be numbers.' })
  .int('Item ids must be whole numbers.')
  .positive('Item ids must be positive.')
  .max(2_147_483_647, 'Item ids must be whole numbers below 2147483648.');

const reasonNameSchema = z.string().trim().max(200, 'reason_name is too long (200 characters at most).').default('');

/** One entry of POST /items/swap: replace the old item's cart line with the new item (or swap back). */
export const swapEntrySchema = z.object({
  old_item_dist_id: itemDistributorIdSchema,
  new_item_dist_id: itemDistributorIdSchema,
  type: z.literal('swap', { error: "type must be 'swap' here; rejects go to items/swap-reject." }),
  reason_name: reasonNameSchema,
});

/**
 * One entry of POST /items/swap-reject. The type says what the pair is to be, within doc 1 §3's two
 * types (swap or reject): 'reject' remembers that the new item is not wanted instead of the old one;
 * 'swap' cancels that reject, so the pair is a suggested swap again (nothing is swapped in the cart:
 * swaps themselves go to items/swap).
 */
export const SWAP_REJECT_TYPES = ['reject', 'swap'] as const;

export const swapRejectEntrySchema = z.object({
  old_item_dist_id: itemDistributorIdSchema,
  new_item_dist_id: itemDistributorIdSchema,
  type: z.enum(SWAP_REJECT_TYPES, { error: "type must be 'reject', or 'swap' to cancel a reject." }),
  reason_name: reasonNameSchema,
});

const sameItemRefinement = {
  message: 'old_item_dist_id and new_item_dist_id must differ.',
};

export const swapRequestSchema = z.object({
  swaps: z
    .array(swapEntrySchema.refine((e) => e.old_item_dist_id !== e.new_item_dist_id, sameItemRefinement))
    .min(1, 'swaps must not be empty.')
    .max(100, 'At most 100 swaps at once.'),
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;

export const swapRejectRequestSchema = z.object({
  swaps: z
    .array(swapRejectEntrySchema.refine((e) => e.old_item_dist_id !== e.new_item_dist_id, sameItemRefinement))
    .min(1, 'swaps must not be empty.')
    .max(100, 'At most 100 swaps at once.'),
});
export type SwapRejectRequest = z.infer<typeof swapRejectRequestSchema>;

/** What one swap entry did. */
export const swapOutcomeSchema = z.object({
  old_item_dist_id: z.number().int(),
  new_item_dist_id: z.number().int(),
  /** swap: the line now holds the new item; swap-back: a swap was undone; reject: the reject was stored; cancel-reject: a reject was dropped (a 'swap' entry of items/swap-reject). */
  outcome: z.enum(['swap', 'swap-back', 'reject', 'cancel-reject']),
  /** The cart line that holds the item now in the cart (the new item after a swap, the old one after a swap back or a reject that undid a swap). */
  shoppingCartId: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  /** The stored decision (item_swaps row); null once it is removed. */
  swapId: z.number().int().nullable(),
});

export const swapResponseSchema = z.object({
  swaps: z.array(swapOutcomeSchema),
  /** The cart's version after the change: send it with the next cart save. */
  lastModified: z.string(),
});
export type SwapResponse = z.infer<typeof swapResponseSchema>;

/** The item side shown on the savings screen. */
const savingsItemSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  din: z.string(),
  packSize: z.string(),
  unitMeasure: z.string(),
  /** Effective case price, cents. */
  price: z.number().int(),
  distributor: z.string(),
  distributorId: z.number().int(),
  imageUrl: z.string(),
});

/** A suggested replacement of a cart line (doc 1 §3 "Savings match" matches[]). */
export const savingsMatchSchema = savingsItemSchema.extend({
  matchType: z.enum(['ExactMatch', 'SavingsOption']),
  /**
   * Cents saved per case now in the cart: lineSavings spread over the line's quantity (getSwapOffer),
   * so it never points the other way than lineSavings.
   */
  savings: z.number().int(),
  /** Normalised unit prices (per `unit`) of the match and of the cart line's item, ten-thousandths of a dollar. */
  unitPrice: z.number().int(),
  originalUnitPrice: z.number().int(),
  unit: z.string(),
  reasons: z.array(z.string()),
  /** Cases of this item a swap would put in the cart (same base quantity, rounded up). */
  swapQuantity: z.number().int(),
  /** Cents the whole line would save with swapQuantity; only an exact match that costs more is negative. */
  lineSavings: z.number().int(),
});
export type SavingsMatch = z.infer<typeof savingsMatchSchema>;

/** The accepted swap a cart line came from: the screen offers 'Swap back'. */
export const acceptedSwapSchema = savingsItemSchema.extend({
  swapId: z.number().int(),
  /** The old item's quantity before the swap, restored by 'Swap back'. */
  originalQuantity: z.number().int(),
  /** What the swap added to this line. */
  swappedQuantity: z.number().int(),
  savingsPerCase: z.number().int(),
  reasonName: z.string(),
});

/** A pair the location rejected: no longer suggested, listed so the reject can be cancelled. */
export const rejectedMatchSchema = savingsItemSchema.extend({
  swapId: z.number().int(),
  reasonName: z.string(),
});

/** One catalogue line of the cart with its matches and the decisions taken on it. */
export const shoppingCartMatchSchema = savingsItemSchema.extend({
  shoppingCartId: z.number().int(),
  quantity: z.number().int(),
  /** The line came from this accepted swap (Swap back restores it), or null. */
  swap: acceptedSwapSchema.nullable(),
  /** Suggestions, exact matches first then by savings; rejected pairs left out. */
  matches: z.array(savingsMatchSchema),
  rejected: z.array(rejectedMatchSchema),
});
export type ShoppingCartMatch = z.infer<typeof shoppingCartMatchSchema>;
