import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

/** What checkout and savings read of a location: its name, time zone (for today), whether it may order and has a cart. */
export interface LocationRow {
  id: number;
  nickname: string;
  timezone: string;
  can_place_order: boolean;
  display_shopping_cart: boolean;
}

export async function findLocation(db: Database, locationId: number): Promise<LocationRow | undefined> {
  const [row] = await queryRowsPrepared<LocationRow>(
    db,
    sql`SELECT id, nickname, timezone, can_place_order, display_shopping_cart FROM locations WHERE id = ${locationId}`,
  );
  return row;
}
