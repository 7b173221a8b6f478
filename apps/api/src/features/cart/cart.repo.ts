/**
 * SQL of the cart (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous shopping"). The cart's
 * version is carts.last_modified (microseconds); every line written by a save carries that version
 * in updated_at, which is how a later save tells which lines changed after a client loaded the cart.
 *
 * This module: the version's text, the cart row's lock and the cart's lines; a save's inputs, its
 * write and the one-statement single-line save each have their own module (cart-save*.repo.ts,
 * cart-single-line.repo.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { cartVersionText, EMPTY_CART_VERSION } from '../../platform/cart/cart-version.repo';

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
        RETURNING ${cartVersionText(sql`c.last_modified`)} AS version,
                  (SELECT display_shopping_cart FROM locations WHERE id = ${locationId}) AS "displayShoppingCart"`,
  );
  return row;
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
