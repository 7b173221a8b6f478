import { sql, type SQL } from 'drizzle-orm';
import type { ItemFilterQuery } from '@stockpot/domain';

/** The shared Filters modal's choices (purchased only, distributors, shopping lists, past orders). */
export interface ItemFilters {
  purchasedOnly: boolean;
  distributorIds?: number[];
  shoppingIds?: number[];
  pastOrderIds?: number[];
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * `AND …` conditions on an offer (alias `offer`, an item_distributors row) for the filters chosen,
 * each scoped to the location: bought by it, sold by one of the distributors, on one of its
 * shopping lists, or on one of its past orders. Empty when nothing is chosen.
 */
export function itemFiltersSql(locationId: number, offer: string, f: ItemFilters): SQL {
  const id = sql.raw(`${offer}.id`);
  const parts: SQL[] = [];
  if (f.purchasedOnly) {
    parts.push(
      sql`AND EXISTS (SELECT 1 FROM order_items p WHERE p.location_id = ${locationId} AND p.item_distributor_id = ${id})`,
    );
  }
  if (f.distributorIds?.length) parts.push(sql`AND ${sql.raw(`${offer}.distributor_id`)} IN (${idList(f.distributorIds)})`);
  if (f.shoppingIds?.length) {
    parts.push(sql`AND EXISTS (SELECT 1 FROM shopping_list_items sli WHERE sli.location_id = ${locationId}
      AND sli.item_distributor_id = ${id} AND sli.shopping_list_id IN (${idList(f.shoppingIds)}))`);
  }
  if (f.pastOrderIds?.length) {
    parts.push(sql`AND EXISTS (SELECT 1 FROM order_items poi WHERE poi.location_id = ${locationId}
      AND poi.item_distributor_id = ${id} AND poi.order_id IN (${idList(f.pastOrderIds)}))`);
  }
  return sql.join(parts, sql` `);
}

/** The filters of a parsed query (`purchased_only`, `distributor_ids`, `shopping_ids`, `past_order_ids`). */
export function toItemFilters(query: ItemFilterQuery): ItemFilters {
  return {
    purchasedOnly: query.purchased_only,
    distributorIds: query.distributor_ids,
    shoppingIds: query.shopping_ids,
    pastOrderIds: query.past_order_ids,
  };
}
