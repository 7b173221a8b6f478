import { z } from 'zod';
import { DISTRIBUTOR_NAME_LIMITS } from '../signup/signup-distributors.rules';
import { orderingTermsSchema } from './ordering-terms.schema';

/**
 * The Distributor page's add (issue 31; not in the spec): GET distributors/directory?search= finds
 * the directory and the location's own added distributors; POST distributors adds one to the active
 * location, by id or, when the search found nothing, by name ("Add '{typed name}'").
 */
export const directorySearchQuerySchema = z.object({
  search: z.string().max(100, 'search is at most 100 characters.').default(''),
});

export const directoryEntrySchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  website: z.string(),
  /** The built-in order-guide template its export matches ('sysco-csv', 'usfoods-list'); '' when not known. */
  orderGuideLayout: z.string(),
  /** 1 when only this restaurant sees it (added by name, not merged into the directory yet). */
  isPrivate: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the active location already buys from it. */
  isAdded: z.union([z.literal(0), z.literal(1)]),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const addDistributorBodySchema = z
  .object({
    id: z.number().int().positive('id must be a positive number.').max(2_147_483_647, 'id is not a distributor id.').optional(),
    nickname: z
      .string()
      .max(
        DISTRIBUTOR_NAME_LIMITS.max,
        `Distributor name must be ${DISTRIBUTOR_NAME_LIMITS.min} to ${DISTRIBUTOR_NAME_LIMITS.max} characters`,
      )
      .optional(),
    dcn: z.string().max(100, 'Customer Accounts # (DCN) is too long (at most 100 characters).').default(''),
    orderingTerms: orderingTermsSchema.optional(),
  })
  .refine((body) => body.id !== undefined || (body.nickname ?? '').trim() !== '', {
    message: 'Choose a distributor from the list, or type the name of a new one.',
  });
export type AddDistributorBody = z.infer<typeof addDistributorBodySchema>;

export const addedDistributorSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  isPrivate: z.union([z.literal(0), z.literal(1)]),
});
export type AddedDistributor = z.infer<typeof addedDistributorSchema>;
