/**
 * SQL of what a cart save decides on (doc 1 §4 "Blocked adds", "Simultaneous shopping"): the lines
 * and deleted lines it names and the orderable state of their items, read in one statement, with
 * or without the cart's version.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import { cartVersionText, EMPTY_CART_VERSION } from '../../platform/cart/cart-version.repo';
import { intArray } from '../../platform/sql';

export interface ExistingLine {
  id: number;
  itemDistributorId: number | null;
  quantity: number;
  name: string;
  /** The cart version of the line's last change (ISO, microseconds). */
  version: string;
}

export interface DeletedLine {
  id: number;
  itemDistributorId: number | null;
  name: string;
  /** The cart version of the save that deleted it. */
  version: string;
}

export interface OrderableState {
  itemDistributorId: number;
  name: string;
  status: string;
  isUnpurchasable: boolean;
  isPunchedOut: boolean;
}

/**
 * Everything a save decides on, in one statement: the location's lines it names (by item or line
 * id), the deleted lines it names, and what decides whether the items named and the items of the
 * lines named may be added (doc 1 §4 "Blocked adds"; absent ids are not the location's). Lines and
 * items of other locations never match.
 */
export interface SaveInputs {
  lines: ExistingLine[];
  deletedLines: DeletedLine[];
  items: OrderableState[];
}

/** The three input lists of a save as one SELECT list (lines, deletedLines, items). */
function saveInputsSql(locationId: number, itemDistributorIds: number[], lineIds: number[]): SQL {
  const itemIds = intArray(itemDistributorIds);
  const ids = intArray(lineIds);
  return sql`(SELECT coalesce(json_agg(json_build_object(
                    'id', c.id, 'itemDistributorId', c.item_distributor_id, 'quantity', c.quantity,
                    'name', coalesce(i.name, c.special_description, ''), 'version', ${cartVersionText(sql`c.updated_at`)})), '[]')
           FROM cart_items c
           LEFT JOIN item_distributors d ON d.id = c.item_distributor_id
           LEFT JOIN items i ON i.id = d.item_id
           WHERE c.location_id = ${locationId} AND (c.item_distributor_id = ANY(${itemIds}) OR c.id = ANY(${ids}))) AS lines,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', x.cart_item_id, 'itemDistributorId', x.item_distributor_id, 'name', x.name,
                    'version', ${cartVersionText(sql`x.deleted_at`)})), '[]')
           FROM cart_item_deletions x
           WHERE x.location_id = ${locationId} AND (x.item_distributor_id = ANY(${itemIds}) OR x.cart_item_id = ANY(${ids}))) AS "deletedLines",
          (SELECT coalesce(json_agg(json_build_object(
                    'itemDistributorId', li.item_distributor_id, 'name', i.name, 'status', d.status,
                    'isUnpurchasable', d.is_unpurchasable, 'isPunchedOut', li.is_punched_out)), '[]')
           FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
           WHERE li.location_id = ${locationId}
             AND (li.item_distributor_id = ANY(${itemIds})
                  OR li.item_distributor_id IN (SELECT item_distributor_id FROM cart_items
                                                WHERE location_id = ${locationId} AND id = ANY(${ids})))) AS items`;
}

/**
 * Everything a save decides on, in one statement: the location's lines it names (by item or line
 * id), the deleted lines it names, and what decides whether the items named and the items of the
 * lines named may be added (doc 1 §4 "Blocked adds"; absent ids are not the location's). Lines and
 * items of other locations never match.
 */
export async function findSaveInputs(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  lineIds: number[],
): Promise<SaveInputs> {
  if (itemDistributorIds.length === 0 && lineIds.length === 0) return { lines: [], deletedLines: [], items: [] };
  const [row] = await queryRows<SaveInputs>(db, sql`SELECT ${saveInputsSql(locationId, itemDistributorIds, lineIds)}`);
  return row;
}

/**
 * The optimistic save's first statement: the cart's committed version and display flag together
 * with the save's inputs, read in one snapshot without a lock. writeSave with `ifVersion` then
 * writes only if the cart is still at that version, which proves the inputs were current.
 */
export async function readSaveInputs(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  lineIds: number[],
): Promise<SaveInputs & { version: string; displayShoppingCart: boolean }> {
  const [row] = await queryRowsPrepared<SaveInputs & { version: string; displayShoppingCart: boolean }>(
    db,
    sql`SELECT coalesce((SELECT ${cartVersionText(sql`last_modified`)} FROM carts WHERE location_id = ${locationId}), ${EMPTY_CART_VERSION}) AS version,
               (SELECT display_shopping_cart FROM locations WHERE id = ${locationId}) AS "displayShoppingCart",
               ${saveInputsSql(locationId, itemDistributorIds, lineIds)}`,
  );
  return row;
}
