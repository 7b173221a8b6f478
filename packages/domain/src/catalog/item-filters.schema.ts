import { z } from 'zod';

/** A comma list of ids in a query string ("3,7"), as every item filter takes them. */
const idList = z
  .string()
  .max(2000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'Filters take ids separated by commas, like 3,7.')
  .transform((text) => text.split(',').map(Number))
  .optional();

/**
 * The shared Filters modal's choices as query fields (purchased only, distributors, shopping lists,
 * past orders): the analytics item lookup and the inventory's Add/Link items search take them.
 */
export const itemFilterQueryFields = {
  purchased_only: z
    .enum(['0', '1', 'true', 'false'], { error: 'purchased_only must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  distributor_ids: idList,
  shopping_ids: idList,
  past_order_ids: idList,
};

/** The filters once parsed. */
export interface ItemFilterQuery {
  purchased_only: boolean;
  distributor_ids?: number[];
  shopping_ids?: number[];
  past_order_ids?: number[];
}
