/**
 * SQL of the commonest cart change in one statement: one catalogue line set by a client whose copy
 * is current, checked and written in the same round trip (see writeSingleLineIfCurrent).
 */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, readModelStaleSql, type Database } from '@stockpot/db';
import { cartVersionText, EMPTY_CART_VERSION } from '../../platform/cart/cart-version.repo';
import { itemRowsSql, type LocationContext } from '../catalog/catalog.public';
import { BUMP, saveStatement, type SaveWritten } from './cart-save.repo';

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
             AND coalesce((SELECT ${cartVersionText(sql`last_modified`)} FROM carts WHERE location_id = ${locationId}), ${EMPTY_CART_VERSION}) = ${clientVersion}
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
            WHERE ${cartVersionText(sql`c.last_modified`)} = ${clientVersion}
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
