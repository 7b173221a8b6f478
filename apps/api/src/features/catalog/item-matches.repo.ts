/**
 * SQL of the savings matches: the candidates of one item (same generic product or manufacturer code,
 * rejected swaps left out) and the location's purchased items that have a cheaper match.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { LocationContext } from './item-rows.repo';

/** Source for the matches of one item: the item itself (ord 0) and its candidates, minus rejected pairs. */
export function matchCandidatesSource(ctx: LocationContext, itemDistributorId: number): SQL {
  return sql`SELECT cl.item_distributor_id, CASE WHEN cl.item_distributor_id = ${itemDistributorId} THEN 0 ELSE 1 END AS ord
    FROM location_items li
    JOIN item_distributors d ON d.id = li.item_distributor_id
    JOIN items i ON i.id = d.item_id
    JOIN items ci ON lower(btrim(ci.generic_name)) = lower(btrim(i.generic_name))
                  OR (i.manufacturer_code <> '' AND lower(btrim(ci.manufacturer_code)) = lower(btrim(i.manufacturer_code)))
    JOIN item_distributors cd ON cd.item_id = ci.id
    JOIN location_items cl ON cl.location_id = li.location_id AND cl.item_distributor_id = cd.id
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ${itemDistributorId}
      AND (cd.id = d.id OR (NOT cd.is_market_price AND NOT cd.is_unpurchasable AND cd.status = 'active' AND NOT cl.is_punched_out
           AND NOT EXISTS (SELECT 1 FROM item_swaps rej WHERE rej.location_id = li.location_id AND rej.type = 'reject'
                           AND rej.old_item_distributor_id = d.id AND rej.new_item_distributor_id = cd.id)))`;
}

export interface LastPurchasedRow {
  itemDistributorId: number;
  name: string;
  brand: string;
  distributor: string;
  packSize: string;
  purchasedPrice: string;
  savingsItemDistributorId: number;
  savingsSavings: number;
  savingsName: string;
  savingsDescription: string;
  savingsUnitMeasure: string;
  savingsBrand: string;
  savingsPrice: string;
  savingsPackSize: string;
  savingsDistributorId: number;
  totalCount: number;
}

/** The location's purchased items with a cheaper match (read model), as the savings index orders them. */
const purchasedWithSavings = (ctx: LocationContext): SQL =>
  sql`location_item_reads r WHERE r.location_id = ${ctx.locationId} AND r.is_purchased AND r.best_savings > 0`;

/** Purchased items that have a cheaper match, largest savings first, with that match. */
export async function selectLastPurchased(
  db: Database,
  ctx: LocationContext,
  limit: number,
  offset: number,
): Promise<LastPurchasedRow[]> {
  return queryRows<LastPurchasedRow>(
    db,
    sql`WITH c AS (
          SELECT r.item_distributor_id, r.name_key, r.best_savings, r.best_saving_id
          FROM ${purchasedWithSavings(ctx)}
          ORDER BY r.best_savings DESC, r.name_key, r.item_distributor_id
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT c.item_distributor_id AS "itemDistributorId", i.name, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize",
               coalesce(li.last_purchased_price, li.price)::text AS "purchasedPrice",
               sd.id AS "savingsItemDistributorId", c.best_savings::int AS "savingsSavings", si.name AS "savingsName",
               coalesce(nullif(sd.description, ''), si.description) AS "savingsDescription", sd.unit_measure AS "savingsUnitMeasure",
               sd.brand AS "savingsBrand", sr.effective_price::text AS "savingsPrice",
               sd.pack_size AS "savingsPackSize", sd.distributor_id AS "savingsDistributorId",
               (SELECT count(*) FROM ${purchasedWithSavings(ctx)})::int AS "totalCount"
        FROM c
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = c.item_distributor_id
        JOIN item_distributors d ON d.id = c.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        JOIN item_distributors sd ON sd.id = c.best_saving_id
        JOIN items si ON si.id = sd.item_id
        JOIN location_item_reads sr ON sr.location_id = ${ctx.locationId} AND sr.item_distributor_id = sd.id
        ORDER BY c.best_savings DESC, c.name_key, c.item_distributor_id`,
  );
}

export async function countLastPurchased(db: Database, ctx: LocationContext): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${purchasedWithSavings(ctx)}`);
  return row.count;
}
