import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/** The staged lines of an upload, keyed by the upload's location (the distribution column). */
const staged = (locationId: number, uploadId: number) =>
  sql`order_guide_upload_lines s WHERE s.location_id = ${locationId} AND s.upload_id = ${uploadId}`;

export async function countStagedLines(db: Database, locationId: number, uploadId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${staged(locationId, uploadId)}`);
  return row.count;
}

/** The first staged lines, in file order (the preview's rows). */
export async function selectStagedHead(
  db: Database,
  locationId: number,
  uploadId: number,
  limit: number,
): Promise<
  {
    row: number;
    din: string;
    name: string;
    packSize: string;
    price: string | null;
    unitMeasure: string;
    isMarketPrice: boolean;
  }[]
> {
  return queryRows(
    db,
    sql`SELECT s.sheet_row AS row, s.din, s.name, s.pack_size AS "packSize", s.price::text AS price, s.unit_measure AS "unitMeasure",
               s.is_market_price AS "isMarketPrice"
        FROM ${staged(locationId, uploadId)} ORDER BY s.sheet_row LIMIT ${limit}`,
  );
}

/**
 * Issue 31's counts against a location's current guide from the distributor (its latest): a DIN
 * not on it is new; one whose price or pack differs is changed (a line without a price keeps the
 * current price, so only its pack counts); the current guide's DINs missing from the file are removed.
 */
export async function selectStagedCounts(
  db: Database,
  upload: { locationId: number; id: number; distributorId: number },
  comparedLocationId: number,
): Promise<{ new: number; changed: number; unchanged: number; removed: number }> {
  const [row] = await queryRows<{ new: number; changed: number; unchanged: number; removed: number }>(
    db,
    sql`WITH current_guide AS (
          SELECT d.din, ogi.price, d.pack_size
          FROM order_guide_items ogi JOIN item_distributors d ON d.id = ogi.item_distributor_id
          WHERE ogi.location_id = ${comparedLocationId}
            AND ogi.order_guide_id = (SELECT g.id FROM order_guides g
                                      WHERE g.location_id = ${comparedLocationId} AND g.distributor_id = ${upload.distributorId}
                                      ORDER BY g.created_at DESC, g.id DESC LIMIT 1)
        ), lines AS (SELECT s.din, s.price, s.pack_size FROM ${staged(upload.locationId, upload.id)}),
        compared AS (
          SELECT c.din IS NULL AS is_new,
                 c.din IS NOT NULL AND ((l.price IS NOT NULL AND l.price <> c.price) OR l.pack_size <> c.pack_size) AS is_changed
          FROM lines l LEFT JOIN current_guide c ON c.din = l.din
        )
        SELECT count(*) FILTER (WHERE is_new)::int AS new,
               count(*) FILTER (WHERE is_changed)::int AS changed,
               count(*) FILTER (WHERE NOT is_new AND NOT is_changed)::int AS unchanged,
               (SELECT count(*)::int FROM current_guide c WHERE NOT EXISTS (SELECT 1 FROM lines l WHERE l.din = c.din)) AS removed
        FROM compared`,
  );
  return row;
}

/**
 * The newest guide describes the items an import created (issue 31: a wrong name or pack of an
 * earlier upload does not linger): an offer of the distributor whose item was made from a guide line
 * (category Uncategorized, named after the offer) takes the staged line's name, brand and pack, and
 * its item the name. Catalogue items curated otherwise keep their text. In the apply transaction.
 */
export async function refreshImportedOffers(
  db: Database,
  distributorId: number,
  locationId: number,
  uploadId: number,
): Promise<void> {
  await db.execute(sql`WITH changed AS (
      UPDATE item_distributors d SET description = s.name, brand = s.brand, pack_size = s.pack_size,
             unit_quantity = s.unit_quantity, unit_size = s.unit_size, pack_size_uom = s.pack_size_uom, unit_measure = s.unit_measure,
             is_catch_weight = s.is_catch_weight
      FROM order_guide_upload_lines s, items i
      WHERE s.location_id = ${locationId} AND s.upload_id = ${uploadId} AND d.distributor_id = ${distributorId} AND d.din = s.din
        AND i.id = d.item_id AND i.category = 'Uncategorized' AND i.name = d.description
        AND (d.description, d.brand, d.pack_size, d.unit_measure) IS DISTINCT FROM (s.name, s.brand, s.pack_size, s.unit_measure)
      RETURNING d.item_id, s.name)
    UPDATE items i SET name = c.name, description = c.name, generic_name = c.name FROM changed c WHERE i.id = c.item_id`);
}
