/** SQL of the catalogue's custom order (drag reorder): the items' sort indexes and the location's lock. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';

/** Sort indexes of the given items of the location (absent ids are not the location's). */
export async function findSortIndexes(db: Database, locationId: number, ids: number[]): Promise<Map<number, number | null>> {
  const rows = await queryRows<{ id: number; sort_index: number | null }>(
    db,
    sql`SELECT item_distributor_id AS id, sort_index FROM location_items
        WHERE location_id = ${locationId} AND item_distributor_id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row.sort_index]));
}

/** Serialises custom-order changes of one location without blocking its other writers (FK checks take KEY SHARE). */
export async function lockCustomOrder(db: Database, locationId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM locations WHERE id = ${locationId} FOR NO KEY UPDATE`);
}

export async function hasUnindexedItems(db: Database, locationId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM location_items WHERE location_id = ${locationId} AND sort_index IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}
