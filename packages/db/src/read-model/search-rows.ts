/**
 * The read model's search columns (migration 0063, location_item_searches): per location and offer,
 * the offer's DIN, search text and words, apart from the rows a purchase, a price or a savings match
 * rewrites, so that those writes never go through the search's GIN indexes. Kept by the read model's
 * refresh, in its transaction, for the same offers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * The search rows of the location's offers listed by `targets` (a query of item_distributor_id),
 * computed from the source tables: what the refresh writes and the property test compares with.
 */
export function searchRowsSql(locationId: number, targets: SQL): SQL {
  return sql`SELECT li.location_id, li.item_distributor_id, d.din, d.search_text, d.search_vector
    FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
    WHERE li.location_id = ${locationId} AND li.item_distributor_id IN (${targets})`;
}

/**
 * Brings the location's search rows of `targets` (every offer of the location when absent) in line
 * with its offers: removes those of offers it no longer lists and writes only the rows whose text
 * changed, so a rewrite of the read model (a whole order guide applied, the savings peers of an
 * edited offer) leaves the GIN indexes alone where nothing searchable moved.
 */
export async function syncLocationSearches(db: Database, locationId: number, targets?: SQL): Promise<void> {
  const scope = targets ? sql`AND s.item_distributor_id IN (${targets})` : sql``;
  await db.execute(sql`DELETE FROM location_item_searches s WHERE s.location_id = ${locationId} ${scope}
    AND NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = s.location_id AND li.item_distributor_id = s.item_distributor_id)`);
  const rows = searchRowsSql(
    locationId,
    targets ?? sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${locationId}`,
  );
  await db.execute(sql`INSERT INTO location_item_searches AS s (location_id, item_distributor_id, din, search_text, search_vector)
    ${rows}
    ON CONFLICT (location_id, item_distributor_id) DO UPDATE
      SET din = EXCLUDED.din, search_text = EXCLUDED.search_text, search_vector = EXCLUDED.search_vector
      WHERE (s.din, s.search_text, s.search_vector) IS DISTINCT FROM (EXCLUDED.din, EXCLUDED.search_text, EXCLUDED.search_vector)`);
}
