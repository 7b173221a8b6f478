import { sql } from 'drizzle-orm';
import { queryRows, saleContentColumns, type Database } from '@stockpot/db';

export interface SuggestionRow {
  item_distributor_id: number;
  name: string;
  brand: string;
  pack_size: string;
  unit_measure: string;
  distributor: string;
  price: string;
  better_item_distributor_id: number;
  better_distributor: string;
  better_price: string;
  better_pack_size: string;
  better_unit_measure: string;
  saving: string;
}

/** A catalogue offer's price for the location: its order guide price, else the list price. */
const myPrice = sql`coalesce(mli.price, mine.price)`;
const altPrice = sql`coalesce(ali.price, alt.price)`;

/**
 * Savings suggestions (docs/decisions.md "Analytics", issue 32): items the location has bought that
 * another of its distributors sells cheaper per base unit as an exact match (the same product),
 * compared only within one kind (a gallon price with a fluid-ounce price, never with a pound price)
 * and exactly, by cross-multiplying prices and contents. The saving is per unit of sale of the
 * bought item: its price − what the same content costs at the alternative. Biggest saving first.
 */
export async function listSuggestions(
  db: Database,
  locationId: number,
  limit: number,
  offset: number,
): Promise<{ rows: SuggestionRow[]; totalCount: number }> {
  const mineContent = saleContentColumns('mine');
  const altContent = saleContentColumns('alt');
  const base = sql`SELECT DISTINCT ON (mine.id) mine.id AS item_distributor_id, mine.description AS name, mine.brand,
        mine.pack_size, mine.unit_measure, md.nickname AS distributor, ${myPrice} AS my_price,
        alt.id AS better_item_distributor_id, ad.nickname AS better_distributor, ${altPrice} AS alt_price,
        alt.pack_size AS better_pack_size, alt.unit_measure AS better_unit_measure,
        round(${myPrice} - ${altPrice} * mc.base / altc.base, 2) AS saving
      FROM location_items mli
      JOIN item_distributors mine ON mine.id = mli.item_distributor_id AND mine.status = 'active' AND NOT mine.is_market_price
      CROSS JOIN LATERAL (SELECT ${mineContent.key} AS key, ${mineContent.base} AS base OFFSET 0) mc
      JOIN distributors md ON md.id = mine.distributor_id
      JOIN item_distributors alt ON alt.item_id = mine.item_id AND alt.distributor_id <> mine.distributor_id
        AND alt.status = 'active' AND NOT alt.is_market_price AND NOT alt.is_unpurchasable
      JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = alt.distributor_id
      JOIN distributors ad ON ad.id = alt.distributor_id
      LEFT JOIN location_items ali ON ali.location_id = ${locationId} AND ali.item_distributor_id = alt.id
      CROSS JOIN LATERAL (SELECT ${altContent.key} AS key, ${altContent.base} AS base OFFSET 0) altc
      WHERE mli.location_id = ${locationId} AND mli.purchased_quantity > 0
        AND mc.base > 0 AND altc.base > 0 AND altc.key = mc.key AND ${myPrice} > 0 AND ${altPrice} > 0
        AND ${altPrice} * mc.base < ${myPrice} * altc.base
      ORDER BY mine.id, ${altPrice} / altc.base, alt.id`;
  const rows = await queryRows<SuggestionRow>(
    db,
    sql`SELECT item_distributor_id, name, brand, pack_size, unit_measure, distributor, my_price::text AS price,
               better_item_distributor_id, better_distributor, alt_price::text AS better_price,
               better_pack_size, better_unit_measure, saving::text AS saving
        FROM (${base}) s WHERE s.saving > 0 ORDER BY s.saving DESC, s.name, s.item_distributor_id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM (${base}) s WHERE saving > 0`);
  return { rows, totalCount: count.count };
}
