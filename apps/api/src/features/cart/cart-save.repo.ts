/**
 * SQL of a cart save's write: one statement that deletes, changes and adds lines, remembers the
 * deletions, moves the cart's version on and answers what it wrote (and, on request, the lines'
 * items through the list's projection).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';
import type { ItemRow } from '../catalog/catalog.public';
import { cartVersionText } from '../../platform/cart/cart-version.repo';
import type { CartLineRow } from './cart.repo';

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
export const BUMP = sql`greatest(clock_timestamp(), c.last_modified + interval '1 microsecond')`;

/**
 * A save as one statement that answers the new version with the lines it wrote (and, with
 * `answerItems`, their items: the whole answer of a save in the same round trip): deletions are
 * remembered in cart_item_deletions at the new version (and memories older than 30 days dropped);
 * changes and new lines carry it in updated_at. Data-modifying WITH parts all run, once, on
 * distinct rows, and every one of them hangs on `v`: when `v` is empty nothing is written.
 */
export function saveStatement(locationId: number, userId: number, from: SaveSources): SQL {
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
        SELECT (SELECT ${cartVersionText(sql`last_modified`)} FROM v) AS version,
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
