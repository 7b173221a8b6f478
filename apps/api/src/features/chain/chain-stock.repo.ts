import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray, textArray } from './chain.repo';

export interface StockGroupRow {
  locationId: number;
  name: string;
  parLevel: string;
  unitId: number;
  /** Cents, as text: the group items' stored on-hand values (on hand × effective price), summed. */
  onHandValue: string;
  items: { id: number; packSize: string; totalOnHand: number }[];
}

/**
 * The names the given locations share (case and spaces aside, by two or more locations): each with
 * the name of its first group (by location, then group), which is the name its row shows.
 */
export async function listSharedGroupNames(
  db: Database,
  locationIds: readonly number[],
): Promise<{ key: string; name: string }[]> {
  const ids = intArray(locationIds);
  return queryRows(
    db,
    sql`SELECT lower(btrim(name)) AS key, (array_agg(name ORDER BY location_id, id))[1] AS name
        FROM inventory_groups WHERE location_id = ANY(${ids})
        GROUP BY 1 HAVING count(DISTINCT location_id) >= 2`,
  );
}

/**
 * The generic groups of the given locations (the caller's memberships) whose name, case and
 * spaces aside, two or more of those locations use; with each group's items as the units core
 * needs them (pack, cases on hand) and its on-hand value summed in SQL. With `keys` (a page's
 * names, from the shared list): the groups of those names, found through the name index
 * (`inventory_groups_name_key_idx`, 0054) instead of grouping every group of the locations again.
 */
export async function listSharedGroups(
  db: Database,
  locationIds: readonly number[],
  keys?: readonly string[],
): Promise<StockGroupRow[]> {
  const ids = intArray(locationIds);
  const which = keys
    ? sql`lower(btrim(g.name)) = ANY(${textArray(keys)})`
    : sql`lower(btrim(g.name)) IN (SELECT lower(btrim(name)) FROM inventory_groups WHERE location_id = ANY(${ids})
                                   GROUP BY 1 HAVING count(DISTINCT location_id) >= 2)`;
  return queryRows<StockGroupRow>(
    db,
    sql`SELECT g.location_id AS "locationId", g.name, g.par_level::text AS "parLevel", g.unit_id AS "unitId",
               round(coalesce(sum(gi.total_on_hand_amount), 0) * 100)::bigint::text AS "onHandValue",
               coalesce(json_agg(json_build_object('id', gi.id, 'packSize', coalesce(gi.custom_pack_size, idd.pack_size, ''),
                                                   'totalOnHand', gi.total_on_hand) ORDER BY gi.id)
                          FILTER (WHERE gi.id IS NOT NULL), '[]') AS items
        FROM inventory_groups g
        LEFT JOIN inventory_group_items gi ON gi.group_id = g.id AND gi.location_id = g.location_id
        LEFT JOIN item_distributors idd ON idd.id = gi.item_distributor_id
        WHERE g.location_id = ANY(${ids}) AND ${which}
        GROUP BY g.id
        ORDER BY g.location_id, g.id`,
  );
}
