/**
 * SQL of the cart (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous shopping"). The cart's
 * version is carts.last_modified (microseconds); every line written by a save carries that version
 * in updated_at, which is how a later save tells which lines changed after a client loaded the cart.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray, type ItemRow } from '../catalog/catalog.repo';

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
 * Locks the location's cart row for the rest of the transaction in one statement (creating it at
 * the empty version if missing; the no-op update takes the row lock and reads the latest committed
 * version), so saves of one cart run one after the other. Answers the cart's version and whether
 * the location shows its cart at all (display_shopping_cart). Whatever the save reads about its
 * lines it reads after this, in a later statement, so it sees what the previous save committed.
 */
export async function lockCart(db: Database, locationId: number): Promise<{ version: string; displayShoppingCart: boolean }> {
  const [row] = await queryRows<{ version: string; displayShoppingCart: boolean }>(
    db,
    sql`INSERT INTO carts AS c (location_id, last_modified) VALUES (${locationId}, ${EMPTY_CART_VERSION}::timestamptz)
        ON CONFLICT (location_id) DO UPDATE SET last_modified = c.last_modified
        RETURNING ${versionText(sql`c.last_modified`)} AS version,
                  (SELECT display_shopping_cart FROM locations WHERE id = ${locationId}) AS "displayShoppingCart"`,
  );
  return row;
}

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
                    'name', coalesce(i.name, c.special_description, ''), 'version', ${versionText(sql`c.updated_at`)})), '[]')
           FROM cart_items c
           LEFT JOIN item_distributors d ON d.id = c.item_distributor_id
           LEFT JOIN items i ON i.id = d.item_id
           WHERE c.location_id = ${locationId} AND (c.item_distributor_id = ANY(${itemIds}) OR c.id = ANY(${ids}))) AS lines,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', x.cart_item_id, 'itemDistributorId', x.item_distributor_id, 'name', x.name,
                    'version', ${versionText(sql`x.deleted_at`)})), '[]')
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
    sql`SELECT coalesce((SELECT ${versionText(sql`last_modified`)} FROM carts WHERE location_id = ${locationId}), ${EMPTY_CART_VERSION}) AS version,
               (SELECT display_shopping_cart FROM locations WHERE id = ${locationId}) AS "displayShoppingCart",
               ${saveInputsSql(locationId, itemDistributorIds, lineIds)}`,
  );
  return row;
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

/** What a save wrote: the cart's new version and the lines it changed, added and removed. */
export interface SaveWritten {
  version: string;
  /** Lines changed or added, as selectCartLines reads them. */
  lines: CartLineRow[];
  removedLineIds: number[];
  /** With `answerItems`: the catalogue items of those lines, through the list's projection. */
  items: ItemRow[];
}

const LINE_COLUMNS = sql`id, quantity, item_distributor_id, search_text, swap_accept_id, special_distributor_id,
  special_description, special_uom, special_din, special_pack_size`;

/**
 * Writes one save in one statement and answers the new version with the lines it wrote (and, with
 * `answerItems`, their items: the whole answer of a save in the same round trip): the cart's
 * version moves on (now, and never earlier than a microsecond after the previous one); deletions
 * are remembered in cart_item_deletions at that version (and memories older than 30 days dropped);
 * changes and new lines carry it in updated_at. Data-modifying WITH parts all run, once, on
 * distinct rows, and every one of them hangs on `v`.
 *
 * With `ifVersion` (the optimistic save, no lock held before) the cart row is created or moved on
 * only if its committed version is still that one; otherwise `v` is empty, nothing is written and
 * the answer is null. Without it the caller holds the cart's lock (lockCart).
 */
export async function writeSave(
  db: Database,
  locationId: number,
  userId: number,
  changes: { deletes: number[]; updates: LineChange[]; inserts: NewLine[] },
  options: { ifVersion?: string; answerItems?: (source: SQL) => SQL } = {},
): Promise<SaveWritten | null> {
  const bump = sql`greatest(clock_timestamp(), c.last_modified + interval '1 microsecond')`;
  const v =
    options.ifVersion === undefined
      ? sql`UPDATE carts c SET last_modified = ${bump} WHERE location_id = ${locationId} RETURNING last_modified`
      : sql`INSERT INTO carts AS c (location_id, last_modified) VALUES (${locationId}, clock_timestamp())
            ON CONFLICT (location_id) DO UPDATE SET last_modified = ${bump}
            WHERE c.last_modified = ${options.ifVersion}::timestamptz
            RETURNING last_modified`;
  // A named statement (two texts: with and without ifVersion; the changes travel as JSON), so the
  // six-part WITH is planned once per connection rather than on every save.
  const [row] = await queryRowsPrepared<SaveWritten | { version: null }>(
    db,
    sql`WITH v AS (${v}),
        gone AS (
          DELETE FROM cart_items c USING v WHERE c.location_id = ${locationId} AND c.id = ANY(${intArray(changes.deletes)})
          RETURNING c.id, c.item_distributor_id, c.special_description
        ),
        remembered AS (
          INSERT INTO cart_item_deletions (cart_item_id, location_id, item_distributor_id, name, deleted_at)
          SELECT g.id, ${locationId}, g.item_distributor_id, coalesce(i.name, g.special_description, ''), v.last_modified
          FROM gone g CROSS JOIN v LEFT JOIN item_distributors d ON d.id = g.item_distributor_id LEFT JOIN items i ON i.id = d.item_id
          RETURNING 1
        ),
        forgotten AS (
          DELETE FROM cart_item_deletions x USING v
          WHERE ${changes.deletes.length > 0} AND x.location_id = ${locationId} AND x.deleted_at < v.last_modified - ${DELETION_MEMORY}
          RETURNING 1
        ),
        changed AS (
          UPDATE cart_items c SET quantity = u.quantity,
            special_distributor_id = coalesce(u."specialDistributorId", c.special_distributor_id),
            special_description = coalesce(u."specialDescription", c.special_description),
            special_uom = coalesce(u."specialUom", c.special_uom),
            special_din = coalesce(u."specialDin", c.special_din),
            special_pack_size = coalesce(u."specialPackSize", c.special_pack_size),
            updated_by = ${userId}, updated_at = v.last_modified
          FROM jsonb_to_recordset(${JSON.stringify(changes.updates)}::jsonb)
            AS u(id integer, quantity integer, "specialDistributorId" integer, "specialDescription" text, "specialUom" text,
                 "specialDin" text, "specialPackSize" text), v
          WHERE c.location_id = ${locationId} AND c.id = u.id
          RETURNING c.id, c.quantity, c.item_distributor_id, c.search_text, c.swap_accept_id, c.special_distributor_id,
            c.special_description, c.special_uom, c.special_din, c.special_pack_size
        ),
        added AS (
          INSERT INTO cart_items (location_id, item_distributor_id, quantity, special_distributor_id, special_description, special_uom,
                                  special_din, special_pack_size, updated_by, updated_at)
          SELECT ${locationId}, n."itemDistributorId", n.quantity, n."specialDistributorId", n."specialDescription", n."specialUom",
                 n."specialDin", n."specialPackSize", ${userId}, v.last_modified
          FROM jsonb_to_recordset(${JSON.stringify(changes.inserts)}::jsonb)
            AS n("itemDistributorId" integer, quantity integer, "specialDistributorId" integer, "specialDescription" text, "specialUom" text,
                 "specialDin" text, "specialPackSize" text), v
          RETURNING ${LINE_COLUMNS}
        )
        SELECT (SELECT ${versionText(sql`last_modified`)} FROM v) AS version,
               (SELECT coalesce(json_agg(json_build_object(
                         'id', w.id, 'quantity', w.quantity, 'itemDistributorId', w.item_distributor_id,
                         'searchText', w.search_text, 'swapAcceptId', w.swap_accept_id,
                         'specialDistributorId', w.special_distributor_id, 'specialDescription', w.special_description,
                         'specialUom', w.special_uom, 'specialDin', w.special_din, 'specialPackSize', w.special_pack_size,
                         'specialDistributorName', sd.nickname) ORDER BY w.id), '[]')
                FROM (SELECT * FROM changed UNION ALL SELECT * FROM added) w
                LEFT JOIN distributors sd ON sd.id = w.special_distributor_id) AS lines,
               (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM gone) AS "removedLineIds",
               ${
                 options.answerItems
                   ? sql`(SELECT coalesce(json_agg(x), '[]') FROM (${options.answerItems(sql`SELECT item_distributor_id, min(id) AS ord
                       FROM (SELECT id, item_distributor_id FROM changed UNION ALL SELECT id, item_distributor_id FROM added) w
                       WHERE item_distributor_id IS NOT NULL GROUP BY item_distributor_id`)}) x)`
                   : sql`'[]'::json`
               } AS items`,
  );
  return row.version === null ? null : (row as SaveWritten);
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
