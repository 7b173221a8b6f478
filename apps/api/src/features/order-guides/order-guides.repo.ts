import { sql } from 'drizzle-orm';
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

/**
 * The distributor's offers for the DINs given, creating those the catalogue does not know yet (an
 * item named after the line, category Uncategorized, the line's pack and price as list price).
 * Returns din → item_distributor_id.
 */
export async function ensureOffers(db: Database, distributorId: number, offers: NewOffer[]): Promise<Map<string, number>> {
  if (offers.length === 0) return new Map();
  const json = JSON.stringify(offers);
  const lines = sql`jsonb_to_recordset(${json}::jsonb) AS o(din text, name text, brand text, "packSize" text, "unitQuantity" integer,
    "unitSize" numeric, "packSizeUom" text, "unitMeasure" text, price numeric, "unitPrice" numeric, "isCatchWeight" boolean, "isMarketPrice" boolean)`;
  await db.execute(sql`WITH missing AS (
      SELECT o.* FROM ${lines}
      WHERE NOT EXISTS (SELECT 1 FROM item_distributors d WHERE d.distributor_id = ${distributorId} AND d.din = o.din)),
    created AS (
      INSERT INTO items (name, description, category, generic_name)
      SELECT name, name, 'Uncategorized', name FROM missing ORDER BY din
      RETURNING id, name)
    INSERT INTO item_distributors (item_id, distributor_id, din, brand, description, pack_size, unit_quantity, unit_size,
                                   pack_size_uom, unit_measure, price, unit_price, is_catch_weight, is_market_price)
    SELECT c.id, ${distributorId}, m.din, m.brand, m.name, m."packSize", m."unitQuantity", m."unitSize", m."packSizeUom",
           m."unitMeasure", m.price, m."unitPrice", m."isCatchWeight", m."isMarketPrice"
    FROM (SELECT missing.*, row_number() OVER (ORDER BY din) AS n FROM missing) m
    JOIN (SELECT created.*, row_number() OVER (ORDER BY id) AS n FROM created) c ON c.n = m.n
    ON CONFLICT (distributor_id, din) DO NOTHING`);
  const rows = await queryRows<{ din: string; id: number }>(
    db,
    sql`SELECT d.din, d.id FROM item_distributors d
        WHERE d.distributor_id = ${distributorId} AND d.din IN (SELECT o.din FROM ${lines})`,
  );
  return new Map(rows.map((row) => [row.din, row.id]));
}

/** Current prices of the location's offers (its guide price, else the list price), for lines without one. */
export async function selectCurrentPrices(db: Database, locationId: number, offerIds: number[]): Promise<Map<number, string>> {
  if (offerIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; price: string }>(
    db,
    sql`SELECT d.id, coalesce(li.price, d.price)::text AS price
        FROM item_distributors d
        LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = d.id
        WHERE d.id = ANY(${`{${offerIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.price]));
}

/** The operator-mapped templates for a distributor's guides (`npm run template`), as templates keyed custom-{id}. */
export async function selectApprovedTemplates(db: Database, distributorId: number): Promise<OrderGuideTemplate[]> {
  const rows = await queryRows<{ id: number; name: string; columns: OrderGuideTemplate['columns']; required: GuideField[] }>(
    db,
    sql`SELECT id, name, columns, required FROM order_guide_templates WHERE distributor_id = ${distributorId} ORDER BY id`,
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
