import { z } from 'zod';
import { orderingDistributorSchema } from '../catalog/catalog.schema';
import { ACCESS_TYPES, isValidEmail } from './distributors.rules';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter the date as YYYY-MM-DD.' });

/** doc 3 §3 "Sales rep (dsr)". */
export const salesRepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_primary: z.union([z.literal(0), z.literal(1)]),
  access_type: z.enum(ACCESS_TYPES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  invite_status: z.enum(['sent', 'accepted']).nullable(),
  is_deleted: z.union([z.literal(0), z.literal(1)]),
});
export type SalesRep = z.infer<typeof salesRepSchema>;

/** doc 3 §3 "Distributor": the ordering fields plus the expansions of GET /distributors. */
export const distributorDetailSchema = orderingDistributorSchema.extend({
  dcn: z.string().optional(),
  dsrs: z.array(salesRepSchema).optional(),
  lastOrderGuide: z.object({ id: z.number().int(), create_time: z.string(), item_count: z.number().int() }).nullable().optional(),
  skyloader: z.object({ useSkyloader: z.union([z.literal(0), z.literal(1)]), username: z.string() }).optional(),
  is_dsr_editable: z.union([z.literal(0), z.literal(1)]).optional(),
  timezone: z.string().optional(),
});
export type DistributorDetail = z.infer<typeof distributorDetailSchema>;

/**
 * One row of GET distributors/list (doc 3 §7): the "distributors list" the client keeps (doc 3 §4),
 * in the distributor search result's shape (doc 3 §3: id, nickname).
 */
export const distributorListEntrySchema = z.object({ id: z.number().int(), nickname: z.string() });
export type DistributorListEntry = z.infer<typeof distributorListEntrySchema>;

/** GET /distributors?expand=dsrs,lastOrderGuide,skyloader,dcn (doc 3 §7). */
export const DISTRIBUTOR_EXPANSIONS = ['dsrs', 'lastOrderGuide', 'skyloader', 'dcn'] as const;
export type DistributorExpansion = (typeof DISTRIBUTOR_EXPANSIONS)[number];
export const distributorExpandSchema = z
  .string()
  .max(200)
  .optional()
  .transform((value, ctx) => {
    const names = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const name of names) {
      if (!(DISTRIBUTOR_EXPANSIONS as readonly string[]).includes(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `expand accepts ${DISTRIBUTOR_EXPANSIONS.join(', ')}; "${name.slice(0, 40)}" is not one.`,
        });
        return z.NEVER;
      }
    }
    return names as DistributorExpansion[];
  });

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === 1 || v === '1' || v === true);

const repName = z
  .string()
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(120, { message: 'Name is at most 120 characters.' });
const repEmail = z
  .string()
  .trim()
  .min(1, { message: 'E-mail is required.' })
  .refine(isValidEmail, { message: 'E-mail is not a valid e-mail address.' });
const repPhone = z.string().trim().max(40, { message: 'Phone is at most 40 characters.' });

/** POST /distributors/{id}/dsr (name, email, phone, is_primary). */
export const createRepBodySchema = z.object({
  name: repName,
  email: repEmail,
  phone: repPhone.optional().default(''),
  is_primary: flag.optional().default(false),
  accessType: z.enum(ACCESS_TYPES, { message: 'Access is required: unlimited, limited or none.' }).optional().default('none'),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
});
export type CreateRepBody = z.input<typeof createRepBodySchema>;

/** PUT and PATCH /distributors/{id}/dsr/{dsrId}: every field optional; sendInvite=1 invites. */
export const updateRepBodySchema = z.object({
  name: repName.optional(),
  email: repEmail.optional(),
  phone: repPhone.optional(),
  is_primary: flag.optional(),
  accessType: z.enum(ACCESS_TYPES, { message: 'Access is required: unlimited, limited or none.' }).optional(),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  sendInvite: flag.optional(),
  is_deleted: flag.optional(),
});
export type UpdateRepBody = z.input<typeof updateRepBodySchema>;

/** PATCH /distributors/{id} (website credentials). */
export const updateDistributorBodySchema = z.object({
  username: z.string().trim().max(200).optional(),
  password: z.string().max(200).optional(),
  dcn: z.string().trim().max(60).optional(),
});

/** doc 3 §3 "Order guide item". */
export const orderGuideItemSchema = z.object({
  din: z.string(),
  name: z.string(),
  unit_measure: z.string(),
  /** Cents. */
  price: z.number().int(),
  pack_size: z.string(),
  /** 1/10000 dollars. */
  unit_price: z.number().int(),
  is_catch_weight: z.union([z.literal(0), z.literal(1)]),
  brand: z.string(),
});
export type OrderGuideItem = z.infer<typeof orderGuideItemSchema>;

export const allowedChildSchema = z.object({ id: z.number().int(), nickname: z.string() });

export const templateCheckSchema = z.object({
  found: z.boolean(),
  template: z.object({ key: z.string(), name: z.string() }).nullable(),
});

/** At most this many price changes are listed; the summary still counts them all. */
export const PRICE_CHANGES_LIMIT = 200;

const optionPriceSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  distributorName: z.string(),
  packSize: z.string(),
  /** Cents. */
  priceCents: z.number().int(),
  /** 1/10000 dollars per `unit`. */
  unitPriceE4: z.number().int(),
  unit: z.string(),
});

/** GET order-guides/{id}/price-changes (issue 20, beyond the spec): the guide against the previous one. */
export const priceChangesSchema = z.object({
  guide: z.object({ id: z.number().int(), distributorId: z.number().int(), startDate: z.string() }),
  previousGuide: z.object({ id: z.number().int(), startDate: z.string() }).nullable(),
  summary: z.object({
    up: z.number().int(),
    down: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
  }),
  changes: z.array(
    z.object({
      itemDistributorId: z.number().int(),
      din: z.string(),
      name: z.string(),
      brand: z.string(),
      packSize: z.string(),
      unitMeasure: z.string(),
      direction: z.enum(['up', 'down']),
      beforeCents: z.number().int(),
      afterCents: z.number().int(),
      changeCents: z.number().int(),
      /** Hundredths of a percent of the old price; null from a zero price. */
      changeBasisPoints: z.number().int().nullable(),
    }),
  ),
  cheaperGroups: z.array(
    z.object({
      groupId: z.number().int(),
      name: z.string(),
      current: optionPriceSchema,
      cheaper: optionPriceSchema,
      savingsPerUnitE4: z.number().int(),
    }),
  ),
});
export type PriceChanges = z.infer<typeof priceChangesSchema>;

/** POST sales-rep-invites/accept: the token of the invite link and the rep's new password. */
export const acceptInviteBodySchema = z.object({
  invite: z
    .string({ message: 'invite is required: the code from the invite link.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'This invite link is not valid.' }),
  password: z
    .string({ message: 'Password is required.' })
    .min(6, { message: 'Password is too short (minimum is 6 characters).' })
    .max(200, { message: 'Password is too long.' }),
});

/** One account (location × distributor) a signed-in sales rep serves, and whether prices may be updated today. */
export const repAccountSchema = z.object({
  salesRepId: z.number().int(),
  location: z.object({ id: z.number().int(), nickname: z.string() }),
  distributor: z.object({ id: z.number().int(), nickname: z.string() }),
  accessType: z.enum(ACCESS_TYPES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  canUpdatePrices: z.boolean(),
  /** Why prices cannot be updated today; null when they can. */
  refusal: z.string().nullable(),
});
export type RepAccount = z.infer<typeof repAccountSchema>;

const repPrice = z
  .string({ message: 'price is required, e.g. "42.50".' })
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { message: 'price must be an amount in dollars with at most 2 decimals, e.g. "42.50".' });

/** PATCH sales-rep/accounts/{id}/prices: new prices for items on the account's order guide. */
export const repPricesBodySchema = z.object({
  prices: z
    .array(
      z.object({
        din: z.string({ message: 'din is required.' }).trim().min(1, { message: 'din is required.' }).max(60),
        price: repPrice,
      }),
      { message: 'prices must be a list of { din, price }.' },
    )
    .min(1, { message: 'Give at least one price.' })
    .max(5000, { message: 'Give at most 5000 prices at once.' })
    .refine((lines) => new Set(lines.map((line) => line.din)).size === lines.length, {
      message: 'Each din may appear once.',
    }),
});

/** Rows a page of the rep's account items holds by default, as the order guide page (doc 3 §7: limit 20). */
export const REP_ITEMS_PAGE_SIZE = 20;

/** GET sales-rep/accounts/{id}/items: a page of the account's latest order guide, optionally searched. */
export const repItemsQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number.' }).int().min(1, 'page must be at least 1.').max(100_000).default(1),
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be at least 1.')
    .max(100, 'limit must be at most 100.')
    .default(REP_ITEMS_PAGE_SIZE),
  search: z.string().trim().max(100, 'search must be at most 100 characters.').optional(),
});

/** One item of a rep's account: what the rep needs to price it. */
export const repItemSchema = z.object({
  din: z.string(),
  name: z.string(),
  brand: z.string(),
  pack_size: z.string(),
  unit_measure: z.string(),
  /** Case price on the latest guide, cents. */
  price: z.number().int(),
});
export type RepItem = z.infer<typeof repItemSchema>;
