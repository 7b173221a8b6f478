import { z } from 'zod';
import { MAX_ID, idSchema, numberInputSchema, recordIdSchema } from '../common/input.schema';
import { SPECIAL_REQUEST_UNITS } from '../special-requests/special-request.rules';
import { MAX_CART_QUANTITY } from './cart.rules';

/** The special item of a special-request line (doc 1 §3 "Special item"). */
export const specialItemSchema = z.object({
  distributorId: z.number().int(),
  din: z.string(),
  packSize: z.string(),
  uom: z.string(),
  description: z.string(),
  distributorName: z.string(),
});

/** The catalogue item of a cart line (doc 1 §3 "Cart line" item, plus the client-side fields). Money in cents. */
export const cartLineItemSchema = z.object({
  price: z.number().int(),
  brand: z.string(),
  brandImageUrl: z.string(),
  imageUrl: z.string(),
  name: z.string(),
  packSize: z.string(),
  packSizeUom: z.string(),
  status: z.enum(['active', 'inactive']),
  type: z.enum(['item', 'custom', 'subrecipe']),
  unitPrice: z.number().int(),
  distributorId: z.number().int(),
  unitMeasure: z.string(),
  description: z.string(),
  distributor: z.string(),
  isPriceOutdated: z.boolean(),
  isMarketPrice: z.boolean(),
  active: z.boolean(),
  din: z.string(),
  isPunchedOut: z.boolean(),
  belongsToGroup: z.boolean(),
  rebate: z.number().int(),
  isPartner: z.boolean(),
  isPurchased: z.boolean(),
  lastPurchasedDate: z.string().nullable(),
  lastPurchasedQty: z.number().int().nullable(),
  isUnpurchasable: z.boolean(),
  isCatchWeight: z.boolean(),
  isFixedWeight: z.boolean(),
  /** Average case weight in pounds (decimal), for a catch-weight line's estimate; null when unknown. */
  averageWeight: z.string().nullable(),
});

export const cartLineSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  itemDistributorId: z.number().int().nullable(),
  searchText: z.string(),
  swapAcceptId: z.number().int().nullable(),
  savings: z.number().int(),
  parLevel: z.number().int().nullable(),
  onHand: z.number().int().nullable(),
  specialItem: specialItemSchema.nullable(),
  item: cartLineItemSchema.nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  shoppingCart: z.array(cartLineSchema),
  /** ISO timestamp of the cart's last change; sent back with every save. */
  lastModified: z.string(),
  unsyncedItems: z.array(z.never()),
});

// Never z.coerce: it would read `true` as 1 and "" as 0.
const quantitySchema = numberInputSchema('Quantity must be a number.').pipe(
  z
    .number()
    .int('Quantity must be a whole number.')
    .min(0, 'Quantity cannot be negative.')
    .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}.`),
);

/** One entry of POST shopping-carts itemList (doc 1 §7). A special item creates a special-request line. */
export const cartUpdateEntrySchema = z
  .object({
    itemDistributorId: idSchema.nullish(),
    shoppingCartId: idSchema.nullish(),
    quantity: quantitySchema,
    description: z.string().max(500).optional(),
    index: z.number().int().min(-MAX_ID).max(MAX_ID).optional(),
    specialItem: z
      .object({
        distributorId: recordIdSchema({ type: 'Distributor is required.', positive: 'Distributor is required.' }),
        din: z.string().max(50).default(''),
        packSize: z.string().max(50).default(''),
        // Same texts as validateSpecialRequest: a missing unit is "required", an unknown one is not in the list.
        uom: z.enum(SPECIAL_REQUEST_UNITS, {
          error: (issue) =>
            issue.input === undefined || issue.input === '' ? 'Unit is required.' : 'Choose a unit from the list.',
        }),
        description: z
          .string({ error: 'Description must be at least 3 characters.' })
          .trim()
          .min(3, 'Description must be at least 3 characters.')
          .max(500, 'Description is too long.'),
      })
      .optional(),
    status: z.string().optional(),
    isPunchedOut: z.boolean().optional(),
    isUnpurchasable: z.boolean().optional(),
  })
  .refine((e) => e.specialItem !== undefined || e.shoppingCartId != null || e.itemDistributorId != null, {
    message: 'Each entry needs an itemDistributorId, a shoppingCartId or a specialItem.',
  });

export const cartUpdateRequestSchema = z.object({
  itemList: z.array(cartUpdateEntrySchema).min(1, 'itemList must not be empty.').max(500, 'At most 500 lines per save.'),
  lastModified: z.string().nullable().default(null),
});
export type CartUpdateRequest = z.input<typeof cartUpdateRequestSchema>;

/** A line someone else changed since the client's lastModified (doc 1 §4 "Simultaneous shopping"). */
export const sameModifiedItemSchema = z.object({
  shoppingCartId: z.number().int().nullable(),
  itemDistributorId: z.number().int().nullable(),
  name: z.string(),
  currentQuantity: z.number().int(),
  requestedQuantity: z.number().int(),
});

/** POST shopping-carts answers sameModifiedItems and lastModified (doc 1 §7), here with the whole cart. */
export const cartUpdateResponseSchema = cartSchema.extend({
  sameModifiedItems: z.array(sameModifiedItemSchema),
});

/**
 * POST shopping-carts?answer=changes when the client's copy was current: only the lines the save
 * wrote (`changedLines`, added or changed) and removed (`removedLineIds`), for the client to apply
 * to its copy instead of reading the whole cart again.
 */
export const cartChangesResponseSchema = z.object({
  changedLines: z.array(cartLineSchema),
  removedLineIds: z.array(z.number().int()),
  lastModified: z.string(),
  unsyncedItems: z.array(z.never()),
  sameModifiedItems: z.array(sameModifiedItemSchema),
});

/** How the client wants POST shopping-carts answered (query `answer`): the whole cart by default. */
export const cartUpdateQuerySchema = z.object({
  answer: z.enum(['cart', 'changes'], { error: "answer must be 'cart' or 'changes'." }).default('cart'),
});
