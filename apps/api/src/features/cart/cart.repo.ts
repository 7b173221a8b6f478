/**
 * SQL of the cart (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous shopping"). The cart's
 * version is carts.last_modified (microseconds); every line written by a save carries that version
 * in updated_at, which is how a later save tells which lines changed after a client loaded the cart.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../catalog/catalog.repo';

/** ISO text of a timestamptz with all six fractional digits, so it round-trips exactly. */
export const versionText = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The version of a cart never saved: the client gets it from GET and sends it back. */
export const EMPTY_CART_VERSION = '1970-01-01T00:00:00.000000Z';

export async function readCartVersion(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`SELECT ${versionText(sql`last_modified`)} AS version FROM carts WHERE location_id = ${locationId}`,
  );
  return row?.version ?? EMPTY_CART_VERSION;
}

/**
 * Locks the location's cart row for the rest of the transaction (creating it at the empty version
 * if missing), so saves of one cart run one after the other. Answers the cart's version and whether
 * the location shows its cart at all (display_shopping_cart).
 */
export async function lockCart(db: Database, locationId: number): Promise<{ version: string; displayShoppingCart: boolean }> {
  await db.execute(
    sql`INSERT INTO carts (location_id, last_modified) VALUES (${locationId}, ${EMPTY_CART_VERSION}::timestamptz)
        ON CONFLICT (location_id) DO NOTHING`,
  );
  const [row] = await queryRows<{ version: string; displayShoppingCart: boolean }>(
    db,
    sql`SELECT ${versionText(sql`c.last_modified`)} AS version, l.display_shopping_cart AS "displayShoppingCart"
        FROM carts c JOIN locations l ON l.id = c.location_id
        WHERE c.location_id = ${locationId} FOR UPDATE OF c`,
  );
  return row;
}

/** Moves the version on: now, and never earlier than a microsecond after the previous one. */
export async function bumpCartVersion(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`UPDATE carts SET last_modified = greatest(clock_timestamp(), last_modified + interval '1 microsecond')
        WHERE location_id = ${locationId}
        RETURNING ${versionText(sql`last_modified`)} AS version`,
  );
  return row.version;
}

export interface ExistingLine {
  id: number;
  itemDistributorId: number | null;
  quantity: number;
  name: string;
  /** The cart version of the line's last change (ISO, microseconds). */
  version: string;
}

/** The location's lines an update names, by item or by line id; lines of other locations never match. */
export async function findLines(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  lineIds: number[],
): Promise<ExistingLine[]> {
  if (itemDistributorIds.length === 0 && lineIds.length === 0) return [];
  return queryRows<ExistingLine>(
    db,
    sql`SELECT c.id, c.item_distributor_id AS "itemDistributorId", c.quantity,
               coalesce(i.name, c.special_description, '') AS name, ${versionText(sql`c.updated_at`)} AS version
        FROM cart_items c
        LEFT JOIN item_distributors d ON d.id = c.item_distributor_id
        LEFT JOIN items i ON i.id = d.item_id
        WHERE c.location_id = ${locationId}
          AND (c.item_distributor_id = ANY(${intArray(itemDistributorIds)}) OR c.id = ANY(${intArray(lineIds)}))`,
  );
}

export interface DeletedLine {
  id: number;
  itemDistributorId: number | null;
  name: string;
  /** The cart version of the save that deleted it. */
  version: string;
}

/** The location's deleted lines an update names, by item or by line id. */
export async function findDeletedLines(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  lineIds: number[],
): Promise<DeletedLine[]> {
  if (itemDistributorIds.length === 0 && lineIds.length === 0) return [];
  return queryRows<DeletedLine>(
    db,
    sql`SELECT cart_item_id AS id, item_distributor_id AS "itemDistributorId", name, ${versionText(sql`deleted_at`)} AS version
        FROM cart_item_deletions
        WHERE location_id = ${locationId}
          AND (item_distributor_id = ANY(${intArray(itemDistributorIds)}) OR cart_item_id = ANY(${intArray(lineIds)}))`,
  );
}

export interface OrderableState {
  itemDistributorId: number;
  name: string;
  status: string;
  isUnpurchasable: boolean;
  isPunchedOut: boolean;
}

/**
 * What decides whether the location's items may be added (doc 1 §4 "Blocked adds"): the items named
 * and the items of the lines named; absent ids are not the location's.
 */
export async function findOrderableStates(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  lineIds: number[],
): Promise<OrderableState[]> {
  if (itemDistributorIds.length === 0 && lineIds.length === 0) return [];
  return queryRows<OrderableState>(
    db,
    sql`SELECT li.item_distributor_id AS "itemDistributorId", i.name, d.status, d.is_unpurchasable AS "isUnpurchasable",
               li.is_punched_out AS "isPunchedOut"
        FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
        WHERE li.location_id = ${locationId}
          AND (li.item_distributor_id = ANY(${intArray(itemDistributorIds)})
               OR li.item_distributor_id IN (SELECT item_distributor_id FROM cart_items
                                             WHERE location_id = ${locationId} AND id = ANY(${intArray(lineIds)})))`,
  );
}

export interface NewLine {
  itemDistributorId: number | null;
  quantity: number;
  specialDistributorId: number | null;
  specialDescription: string | null;
  specialUom: string | null;
  specialDin: string | null;
  specialPackSize: string | null;
}

export interface LineChange {
  id: number;
  quantity: number;
  /** Special-request fields to replace; null keeps the line's own. */
  specialDistributorId: number | null;
  specialDescription: string | null;
  specialUom: string | null;
  specialDin: string | null;
  specialPackSize: string | null;
}

/** How long a deleted line is remembered for the simultaneous-shopping check. */
const DELETION_MEMORY = sql`interval '30 days'`;

/**
 * Writes one save: deletions (remembered in cart_item_deletions at the save's version), changes and
 * new lines, each in one statement, stamped with the new version.
 */
export async function writeLines(
  db: Database,
  locationId: number,
  userId: number,
  version: string,
  changes: { deletes: number[]; updates: LineChange[]; inserts: NewLine[] },
): Promise<void> {
  if (changes.deletes.length > 0) {
    await db.execute(sql`
      WITH gone AS (
        DELETE FROM cart_items c WHERE c.location_id = ${locationId} AND c.id = ANY(${intArray(changes.deletes)})
        RETURNING c.id, c.item_distributor_id, c.special_description
      )
      INSERT INTO cart_item_deletions (cart_item_id, location_id, item_distributor_id, name, deleted_at)
      SELECT g.id, ${locationId}, g.item_distributor_id, coalesce(i.name, g.special_description, ''), ${version}::timestamptz
      FROM gone g LEFT JOIN item_distributors d ON d.id = g.item_distributor_id LEFT JOIN items i ON i.id = d.item_id`);
    await db.execute(
      sql`DELETE FROM cart_item_deletions WHERE location_id = ${locationId} AND deleted_at < ${version}::timestamptz - ${DELETION_MEMORY}`,
    );
  }
  if (changes.updates.length > 0) {
    await db.execute(sql`
      UPDATE cart_items c SET quantity = u.quantity,
        special_distributor_id = coalesce(u."specialDistributorId", c.special_distributor_id),
        special_description = coalesce(u."specialDescription", c.special_description),
        special_uom = coalesce(u."specialUom", c.special_uom),
        special_din = coalesce(u."specialDin", c.special_din),
        special_pack_size = coalesce(u."specialPackSize", c.special_pack_size),
        updated_by = ${userId}, updated_at = ${version}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(changes.updates)}::jsonb)
        AS u(id integer, quantity integer, "specialDistributorId" integer, "specialDescription" text, "specialUom" text,
             "specialDin" text, "specialPackSize" text)
      WHERE c.location_id = ${locationId} AND c.id = u.id`);
  }
  if (changes.inserts.length > 0) {
    await db.execute(sql`
      INSERT INTO cart_items (location_id, item_distributor_id, quantity, special_distributor_id, special_description, special_uom,
                              special_din, special_pack_size, updated_by, updated_at)
      SELECT ${locationId}, n."itemDistributorId", n.quantity, n."specialDistributorId", n."specialDescription", n."specialUom",
             n."specialDin", n."specialPackSize", ${userId}, ${version}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(changes.inserts)}::jsonb)
        AS n("itemDistributorId" integer, quantity integer, "specialDistributorId" integer, "specialDescription" text, "specialUom" text,
             "specialDin" text, "specialPackSize" text)`);
  }
}

export interface CartLineRow {
  id: number;
  quantity: number;
  itemDistributorId: number | null;
  searchText: string;
  swapAcceptId: number | null;
  specialDistributorId: number | null;
  specialDescription: string | null;
  specialUom: string | null;
  specialDin: string | null;
  specialPackSize: string | null;
  specialDistributorName: string | null;
}

/** The location's cart lines in the order they were added. */
export async function selectCartLines(db: Database, locationId: number): Promise<CartLineRow[]> {
  return queryRows<CartLineRow>(
    db,
    sql`SELECT c.id, c.quantity, c.item_distributor_id AS "itemDistributorId", c.search_text AS "searchText",
               c.swap_accept_id AS "swapAcceptId", c.special_distributor_id AS "specialDistributorId",
               c.special_description AS "specialDescription", c.special_uom AS "specialUom",
               c.special_din AS "specialDin", c.special_pack_size AS "specialPackSize",
               sd.nickname AS "specialDistributorName"
        FROM cart_items c LEFT JOIN distributors sd ON sd.id = c.special_distributor_id
        WHERE c.location_id = ${locationId}
        ORDER BY c.id`,
  );
}

/** Source (item_distributor_id, ord) of the cart's catalogue items, for the shared item projection. */
export function cartItemsSource(locationId: number): SQL {
  return sql`SELECT item_distributor_id, min(id) AS ord FROM cart_items
             WHERE location_id = ${locationId} AND item_distributor_id IS NOT NULL GROUP BY item_distributor_id`;
}
