/**
 * SQL of the cart (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous shopping"). The cart's
 * version is carts.last_modified (microseconds); every line written by a save carries that version
 * in updated_at, which is how a later save tells which lines changed after a client loaded the cart.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, readModelStaleSql, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';
import { itemRowsSql, type ItemRow, type LocationContext } from '../catalog/catalog.public';

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

/** Where a save statement's deletes, changes and inserts come from, and whether its version may move on. */
interface SaveSources {
  /** WITH parts the others read (the one-statement save's inputs); ends with a comma. */
  prelude: SQL;
  /** The cart row's insert-or-bump, `RETURNING last_modified`; empty when the save must not write. */
  version: SQL;
  /** A condition on `c.id`: the lines to delete. */
  deletes: SQL;
  /** Whether anything is deleted (old deletion memories are dropped only then). */
  hasDeletes: SQL;
  /** A FROM item aliased `u`: (id, quantity, and the five special columns). */
  updates: SQL;
  /** A FROM item aliased `n`: ("itemDistributorId", quantity, and the five special columns). */
  inserts: SQL;
  answerItems?: (source: SQL) => SQL;
  /** More columns of the answer row. */
  extra?: SQL;
}

const SPECIAL_RECORD_COLUMNS = sql`"specialDistributorId" integer, "specialDescription" text, "specialUom" text,
                 "specialDin" text, "specialPackSize" text`;

/** The version bump of a save: now, and never earlier than a microsecond after the previous one. */
const BUMP = sql`greatest(clock_timestamp(), c.last_modified + interval '1 microsecond')`;

/**
 * A save as one statement that answers the new version with the lines it wrote (and, with
 * `answerItems`, their items: the whole answer of a save in the same round trip): deletions are
 * remembered in cart_item_deletions at the new version (and memories older than 30 days dropped);
 * changes and new lines carry it in updated_at. Data-modifying WITH parts all run, once, on
 * distinct rows, and every one of them hangs on `v`: when `v` is empty nothing is written.
 */
function saveStatement(locationId: number, userId: number, from: SaveSources): SQL {
  return sql`WITH ${from.prelude} v AS (${from.version}),
        gone AS (
          DELETE FROM cart_items c USING v WHERE c.location_id = ${locationId} AND ${from.deletes}
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
          WHERE ${from.hasDeletes} AND x.location_id = ${locationId} AND x.deleted_at < v.last_modified - ${DELETION_MEMORY}
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
          FROM ${from.updates}, v
          WHERE c.location_id = ${locationId} AND c.id = u.id
          RETURNING c.id, c.quantity, c.item_distributor_id, c.search_text, c.swap_accept_id, c.special_distributor_id,
            c.special_description, c.special_uom, c.special_din, c.special_pack_size
        ),
        added AS (
          INSERT INTO cart_items (location_id, item_distributor_id, quantity, special_distributor_id, special_description, special_uom,
                                  special_din, special_pack_size, updated_by, updated_at)
          SELECT ${locationId}, n."itemDistributorId", n.quantity, n."specialDistributorId", n."specialDescription", n."specialUom",
                 n."specialDin", n."specialPackSize", ${userId}, v.last_modified
          FROM ${from.inserts}, v
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
                 from.answerItems
                   ? sql`(SELECT coalesce(json_agg(x), '[]') FROM (${from.answerItems(sql`SELECT item_distributor_id, min(id) AS ord
                       FROM (SELECT id, item_distributor_id FROM changed UNION ALL SELECT id, item_distributor_id FROM added) w
                       WHERE item_distributor_id IS NOT NULL GROUP BY item_distributor_id`)}) x)`
                   : sql`'[]'::json`
               } AS items ${from.extra ?? sql``}`;
}

/**
 * Writes a planned save in one statement (see saveStatement).
 *
 * With `ifVersion` (the optimistic save, no lock held before) the cart row is created or moved on
 * only if its committed version is still that one; otherwise nothing is written and the answer is
 * null. Without it the caller holds the cart's lock (lockCart).
 */
export async function writeSave(
  db: Database,
  locationId: number,
  userId: number,
  changes: { deletes: number[]; updates: LineChange[]; inserts: NewLine[] },
  options: { ifVersion?: string; answerItems?: (source: SQL) => SQL } = {},
): Promise<SaveWritten | null> {
  const version =
    options.ifVersion === undefined
      ? sql`UPDATE carts c SET last_modified = ${BUMP} WHERE c.location_id = ${locationId} RETURNING last_modified`
      : sql`INSERT INTO carts AS c (location_id, last_modified) VALUES (${locationId}, clock_timestamp())
            ON CONFLICT (location_id) DO UPDATE SET last_modified = ${BUMP}
            WHERE c.last_modified = ${options.ifVersion}::timestamptz
            RETURNING last_modified`;
  // A named statement (two texts: with and without ifVersion; the changes travel as JSON), so the
  // six-part WITH is planned once per connection rather than on every save.
  const [row] = await queryRowsPrepared<SaveWritten | { version: null }>(
    db,
    saveStatement(locationId, userId, {
      prelude: sql``,
      version,
      deletes: sql`c.id = ANY(${intArray(changes.deletes)})`,
      hasDeletes: sql`${changes.deletes.length > 0}`,
      updates: sql`jsonb_to_recordset(${JSON.stringify(changes.updates)}::jsonb)
            AS u(id integer, quantity integer, ${SPECIAL_RECORD_COLUMNS})`,
      inserts: sql`jsonb_to_recordset(${JSON.stringify(changes.inserts)}::jsonb)
            AS n("itemDistributorId" integer, quantity integer, ${SPECIAL_RECORD_COLUMNS})`,
      answerItems: options.answerItems,
    }),
  );
  return row.version === null ? null : (row as SaveWritten);
}

/** One catalogue entry of a save, the common change of the list and review order. */
export interface SingleLineEntry {
  /** The line's id when the client has it; else the item's. */
  shoppingCartId: number | null;
  itemDistributorId: number | null;
  quantity: number;
}

/**
 * The common cart change in one statement and one round trip: a client whose copy is current sets
 * one catalogue line (by line or item id). The statement reads the location's context and the
 * save's inputs in its own snapshot and writes only when planCartSave would plainly accept the
 * entry and change something:
 * - the location shows its cart, its read model is current (no refresh pending), and the cart is
 *   still at the client's version (checked again on the cart row as it is bumped, so a save that
 *   committed in between makes it write nothing);
 * - a line the entry names exists: it changes to another quantity (an entry by item id also needs
 *   the item on the location's list, even to lower it); raising a catalogue line needs
 *   its item on the location's list, in stock and not call-in (a line in the cart may be raised
 *   when punched out, doc 1 §4 "Blocked adds");
 * - no line yet: a positive quantity of an item on the location's list, in stock, not call-in and
 *   not punched out is added.
 * Anything else (a refusal, a conflict, nothing to change, a stale read model) writes nothing and
 * answers null: the caller then takes the path that reads first, which answers it exactly. A
 * property test checks that whatever this writes is what planCartSave plans.
 */
export async function writeSingleLineIfCurrent(
  db: Database,
  locationId: number,
  userId: number,
  entry: SingleLineEntry,
  clientVersion: string,
): Promise<(SaveWritten & { ctx: LocationContext }) | null> {
  const prelude = sql`ctx AS (
          SELECT l.id AS "locationId", l.timezone, t.today, to_char(t.today, 'YYYY-MM-DD') AS "todayText",
                 l.display_match AS "displayMatch", l.display_rebate AS "displayRebate",
                 l.display_shopping_cart AND NOT ${readModelStaleSql(sql`l.id`, sql`t.today`)} AS open
          FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) t
          WHERE l.id = ${locationId}
        ),
        e AS (SELECT ${entry.shoppingCartId}::int AS line_id, ${entry.itemDistributorId}::int AS item_id, ${entry.quantity}::int AS q),
        line AS (
          SELECT c.id, c.quantity, c.item_distributor_id FROM cart_items c, e
          WHERE c.location_id = ${locationId}
            AND CASE WHEN e.line_id IS NOT NULL THEN c.id = e.line_id ELSE c.item_distributor_id = e.item_id END
        ),
        offer AS (
          SELECT d.status = 'active' AND NOT d.is_unpurchasable AS orderable, li.is_punched_out AS punched_out
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id, e
          WHERE li.location_id = ${locationId} AND li.item_distributor_id = coalesce((SELECT item_distributor_id FROM line), e.item_id)
        ),
        ok AS (
          SELECT coalesce((SELECT open FROM ctx), false)
             AND coalesce((SELECT ${versionText(sql`last_modified`)} FROM carts WHERE location_id = ${locationId}), ${EMPTY_CART_VERSION}) = ${clientVersion}
             AND CASE
                   WHEN EXISTS (SELECT 1 FROM line) THEN
                     (SELECT e.q <> l.quantity
                             -- An entry by item id names an item that must be on the list, whatever it asks.
                             AND (e.line_id IS NOT NULL OR EXISTS (SELECT 1 FROM offer))
                             AND (e.q < l.quantity OR l.item_distributor_id IS NULL
                                  OR coalesce((SELECT orderable AND (l.quantity > 0 OR NOT punched_out) FROM offer), false))
                      FROM line l, e)
                   WHEN (SELECT line_id FROM e) IS NOT NULL THEN false
                   ELSE (SELECT e.q > 0 FROM e) AND coalesce((SELECT orderable AND NOT punched_out FROM offer), false)
                 END AS ok
        ),`;
  const [row] = await queryRowsPrepared<(SaveWritten & { ctx: LocationContext }) | { version: null }>(
    db,
    saveStatement(locationId, userId, {
      prelude,
      version: sql`INSERT INTO carts AS c (location_id, last_modified)
            SELECT ${locationId}, clock_timestamp() FROM ok WHERE ok.ok
            ON CONFLICT (location_id) DO UPDATE SET last_modified = ${BUMP}
            WHERE ${versionText(sql`c.last_modified`)} = ${clientVersion}
            RETURNING last_modified`,
      deletes: sql`c.id IN (SELECT l.id FROM line l, e WHERE e.q = 0)`,
      hasDeletes: sql`(SELECT e.q = 0 FROM e)`,
      updates: sql`(SELECT l.id, e.q AS quantity, NULL::integer AS "specialDistributorId", NULL::text AS "specialDescription",
                           NULL::text AS "specialUom", NULL::text AS "specialDin", NULL::text AS "specialPackSize"
                    FROM line l, e WHERE e.q > 0) AS u`,
      inserts: sql`(SELECT e.item_id AS "itemDistributorId", e.q AS quantity, NULL::integer AS "specialDistributorId",
                           NULL::text AS "specialDescription", NULL::text AS "specialUom", NULL::text AS "specialDin",
                           NULL::text AS "specialPackSize"
                    FROM e WHERE e.q > 0 AND NOT EXISTS (SELECT 1 FROM line)) AS n`,
      answerItems: (source) => itemRowsSql({ locationId, today: sql`(SELECT today FROM ctx)` }, source),
      extra: sql`, (SELECT json_build_object('locationId', "locationId", 'timezone', timezone, 'today', "todayText",
                         'displayMatch', "displayMatch", 'displayRebate', "displayRebate") FROM ctx) AS ctx`,
    }),
  );
  return row.version === null ? null : (row as SaveWritten & { ctx: LocationContext });
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
