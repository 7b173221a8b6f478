import { sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

/**
 * The cart's version as the cart area keeps it (doc 1 §4 "Cart update"): carts.last_modified with
 * microseconds, as ISO text with six fractional digits so it round-trips exactly; lines changed
 * carry it in updated_at.
 */
export const cartVersionText = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The version of a cart never saved. */
export const EMPTY_CART_VERSION = '1970-01-01T00:00:00.000000Z';

/** Moves the cart's version on: now, never earlier than a microsecond after the previous one. */
export async function bumpCart(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRowsPrepared<{ last_modified: string }>(
    db,
    sql`INSERT INTO carts AS c (location_id, last_modified) VALUES (${locationId}, clock_timestamp())
        ON CONFLICT (location_id) DO UPDATE
          SET last_modified = greatest(clock_timestamp(), c.last_modified + interval '1 microsecond')
        RETURNING ${cartVersionText(sql`c.last_modified`)} AS last_modified`,
  );
  return row.last_modified;
}

export async function readCartVersion(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRowsPrepared<{ last_modified: string }>(
    db,
    sql`SELECT ${cartVersionText(sql`last_modified`)} AS last_modified FROM carts WHERE location_id = ${locationId}`,
  );
  return row?.last_modified ?? EMPTY_CART_VERSION;
}
