import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { GuideField, OrderGuideTemplate } from '@stockpot/domain';

/**
 * The caller's locations in the company of `locationId` (doc 3 §7 allowed-children), or [] when not
 * a member; with `distributorId`, only those that buy from it.
 */
export async function selectAllowedChildren(
  db: Database,
  userId: number,
  locationId: number,
  distributorId?: number,
): Promise<{ id: number; nickname: string }[]> {
  return queryRows<{ id: number; nickname: string }>(
    db,
    sql`SELECT l.id, l.nickname
        FROM user_locations me
        JOIN locations parent ON parent.id = me.location_id
        JOIN locations l ON l.company_id = parent.company_id
        JOIN user_locations ul ON ul.location_id = l.id AND ul.user_id = ${userId}
        WHERE me.user_id = ${userId} AND me.location_id = ${locationId}${
          distributorId === undefined
            ? sql``
            : sql` AND EXISTS (SELECT 1 FROM location_distributors ld WHERE ld.location_id = l.id AND ld.distributor_id = ${distributorId})`
        }
        ORDER BY l.id = ${locationId} DESC, lower(l.nickname), l.id`,
  );
}

/** For each location id: whether the user is a member, whether it buys from the distributor, its name and today. */
export async function selectUploadTargets(
  db: Database,
  userId: number,
  distributorId: number,
  locationIds: number[],
): Promise<{ id: number; nickname: string; isMember: boolean; hasAccount: boolean; today: string; timezone: string }[]> {
  return queryRows(
    db,
    sql`SELECT l.id, l.nickname, ul.user_id IS NOT NULL AS "isMember", ld.location_id IS NOT NULL AS "hasAccount",
               to_char((now() AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS today, l.timezone
        FROM locations l
        LEFT JOIN user_locations ul ON ul.location_id = l.id AND ul.user_id = ${userId}
        LEFT JOIN location_distributors ld ON ld.location_id = l.id AND ld.distributor_id = ${distributorId}
        WHERE l.id IN (${sql.join(
          locationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

export async function hasDistributorAccount(db: Database, locationId: number, distributorId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM location_distributors WHERE location_id = ${locationId} AND distributor_id = ${distributorId}`,
  );
  return rows.length > 0;
}

export interface GuideHeader {
  id: number;
  distributorId: number;
  itemCount: number;
  startDate: string;
  endDate: string;
}

/** One of the location's order guides; undefined for another location's. */
export async function selectGuide(db: Database, locationId: number, guideId: number): Promise<GuideHeader | undefined> {
  const [row] = await queryRows<GuideHeader>(
    db,
    sql`SELECT id, distributor_id AS "distributorId", item_count AS "itemCount", start_date::text AS "startDate", end_date::text AS "endDate"
        FROM order_guides WHERE id = ${guideId} AND location_id = ${locationId}`,
  );
  return row;
}

export interface GuideItemRow {
  din: string;
  name: string;
  unitMeasure: string;
  price: string;
  packSize: string;
  unitQuantity: number;
  unitSize: string;
  isCatchWeight: boolean;
  brand: string;
}

/** A page of a guide's lines (the prices as that guide listed them: the history), by item name. */
export async function selectGuideItems(
  db: Database,
  guideId: number,
  locationId: number,
  limit: number,
  offset: number,
): Promise<GuideItemRow[]> {
  return queryRows<GuideItemRow>(
    db,
    sql`SELECT d.din, coalesce(nullif(d.description, ''), i.name) AS name, d.unit_measure AS "unitMeasure", ogi.price::text AS price,
               d.pack_size AS "packSize", d.unit_quantity AS "unitQuantity", d.unit_size::text AS "unitSize",
               d.is_catch_weight AS "isCatchWeight", d.brand
        FROM order_guide_items ogi
        JOIN item_distributors d ON d.id = ogi.item_distributor_id
        JOIN items i ON i.id = d.item_id
        WHERE ogi.order_guide_id = ${guideId} AND ogi.location_id = ${locationId}
        ORDER BY lower(coalesce(nullif(d.description, ''), i.name)), d.din
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

export interface NewOffer {
  din: string;
  name: string;
  brand: string;
  packSize: string;
  unitQuantity: number;
  unitSize: string;
  packSizeUom: string;
  unitMeasure: string;
  price: string;
  unitPrice: string;
  isCatchWeight: boolean;
  isMarketPrice: boolean;
}

/** A line of an upload kept in the staging table until the final transaction applies it. */
export interface StagedLine extends NewOffer {
  /** The row of the file. */
  row: number;
  /** The guide price ('54.95'); null when the file gives none (the location keeps its current price). */
  guidePrice: string | null;
}

/**
 * Keeps a chunk of an upload's lines in `order_guide_upload_lines` (migration 0026): one statement,
 * committed on its own, so the import's progress can be written between chunks.
 */
export async function insertStagedLines(db: Database, locationId: number, uploadId: number, lines: StagedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db.execute(sql`INSERT INTO order_guide_upload_lines
      (upload_id, location_id, sheet_row, din, name, brand, pack_size, unit_quantity, unit_size, pack_size_uom, unit_measure,
       price, list_price, unit_price, is_catch_weight, is_market_price)
    SELECT ${uploadId}, ${locationId}, o."row", o.din, o.name, o.brand, o."packSize", o."unitQuantity", o."unitSize", o."packSizeUom",
           o."unitMeasure", o."guidePrice", o.price, o."unitPrice", o."isCatchWeight", o."isMarketPrice"
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS o("row" integer, din text, name text, brand text, "packSize" text,
      "unitQuantity" integer, "unitSize" numeric, "packSizeUom" text, "unitMeasure" text, "guidePrice" numeric, price numeric,
      "unitPrice" numeric, "isCatchWeight" boolean, "isMarketPrice" boolean)`);
}

/** Removes an upload's staged lines (applied, failed for good, or a retry starting over). */
export async function deleteStagedLines(db: Database, locationId: number, uploadId: number): Promise<void> {
  await db.execute(sql`DELETE FROM order_guide_upload_lines WHERE location_id = ${locationId} AND upload_id = ${uploadId}`);
}

/**
 * The distributor's offers for the upload's staged DINs, creating those the catalogue does not know
 * yet (an item named after the line, category Uncategorized, the line's pack and price as list
 * price). Set-based, in the caller's transaction: a failed import creates no offer. Each new DIN
 * gets its item id from the items sequence first, so item and offer are written without matching
 * rows by position (a join of two 50,000-row results the planner cannot estimate ran for minutes).
 */
export async function ensureStagedOffers(
  db: Database,
  distributorId: number,
  locationId: number,
  uploadId: number,
): Promise<void> {
  await db.execute(sql`UPDATE order_guide_upload_lines s SET item_id = nextval(pg_get_serial_sequence('items', 'id'))
    WHERE s.location_id = ${locationId} AND s.upload_id = ${uploadId}
      AND NOT EXISTS (SELECT 1 FROM item_distributors d WHERE d.distributor_id = ${distributorId} AND d.din = s.din)`);
  await db.execute(sql`INSERT INTO items (id, name, description, category, generic_name)
    SELECT s.item_id, s.name, s.name, 'Uncategorized', s.name FROM order_guide_upload_lines s
    WHERE s.location_id = ${locationId} AND s.upload_id = ${uploadId} AND s.item_id IS NOT NULL`);
  await db.execute(sql`INSERT INTO item_distributors (item_id, distributor_id, din, brand, description, pack_size, unit_quantity,
      unit_size, pack_size_uom, unit_measure, price, unit_price, is_catch_weight, is_market_price)
    SELECT s.item_id, ${distributorId}, s.din, s.brand, s.name, s.pack_size, s.unit_quantity, s.unit_size, s.pack_size_uom,
           s.unit_measure, s.list_price, s.unit_price, s.is_catch_weight, s.is_market_price
    FROM order_guide_upload_lines s
    WHERE s.location_id = ${locationId} AND s.upload_id = ${uploadId} AND s.item_id IS NOT NULL
    ON CONFLICT (distributor_id, din) DO NOTHING`);
}

/** Fresh statistics for the staging table before the final transaction joins 50,000 staged lines. */
export async function analyzeStagedLines(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE order_guide_upload_lines`);
}

/**
 * The upload's staged lines as one location's guide lines (applyOrderGuideLines' `l`): the offer of
 * each DIN and the price of the file, or for a line without one the location's current price
 * (its guide price, else the list price).
 */
export function stagedGuideLinesSql(upload: { locationId: number; id: number; distributorId: number }, locationId: number): SQL {
  return sql`(SELECT d.id AS item_distributor_id, coalesce(s.price, cur.price, d.price) AS price, NULL::date AS end_date
      FROM order_guide_upload_lines s
      JOIN item_distributors d ON d.distributor_id = ${upload.distributorId} AND d.din = s.din
      LEFT JOIN location_items cur ON cur.location_id = ${locationId} AND cur.item_distributor_id = d.id
      WHERE s.location_id = ${upload.locationId} AND s.upload_id = ${upload.id}) AS l`;
}

/** The operator-mapped templates for a distributor's guides (`npm run template`), as templates keyed custom-{id}. */
export async function selectApprovedTemplates(
  db: Database,
  distributorId: number,
  locationId: number,
): Promise<OrderGuideTemplate[]> {
  const rows = await queryRows<{ id: number; name: string; columns: OrderGuideTemplate['columns']; required: GuideField[] }>(
    db,
    sql`SELECT id, name, columns, required FROM order_guide_templates
        WHERE distributor_id = ${distributorId} AND (location_id IS NULL OR location_id = ${locationId}) ORDER BY location_id IS NOT NULL, CASE WHEN location_id IS NULL THEN id ELSE -id END`,
  );
  return rows.map((row) => ({ key: `custom-${row.id}`, name: row.name, columns: row.columns, required: row.required }));
}

/** Keeps a template request of the location. */
export async function insertTemplateRequest(
  db: Database,
  request: {
    locationId: number;
    distributorId: number;
    userId: number;
    merchantIds: number[];
    fileName: string;
    storedAs: string;
    fileKind: string;
    headerRows: string[][];
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO order_guide_template_requests (location_id, distributor_id, user_id, merchant_ids, file_name, stored_as, file_kind, header_rows)
        VALUES (${request.locationId}, ${request.distributorId}, ${request.userId}, ${`{${request.merchantIds.join(',')}}`}::int[],
                ${request.fileName}, ${request.storedAs}, ${request.fileKind}, ${JSON.stringify(request.headerRows)}::jsonb)
        RETURNING id`,
  );
  return row.id;
}
