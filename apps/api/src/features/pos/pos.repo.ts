/**
 * SQL of point of sale. Every statement names the location, so another location's sales, items
 * and recipes are never read or written. Numerics leave as text.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { PosDaySale, PosLocationFlags } from '@stockpot/domain';

/** The location flags POS availability reads (the wire's names), or null for an unknown location. */
export async function findPosFlags(db: Database, locationId: number): Promise<PosLocationFlags | null> {
  const [row] = await queryRows<PosLocationFlags>(
    db,
    sql`SELECT CASE WHEN display_recipe_costing THEN 1 ELSE 0 END AS display_recipe_costing FROM locations WHERE id = ${locationId}`,
  );
  return row ?? null;
}

export function selectDates(
  db: Database,
  locationId: number,
  page: { limit: number; offset: number },
): Promise<{ date: string; total: string; count: number }[]> {
  return queryRows(
    db,
    sql`SELECT to_char(business_date, 'YYYY-MM-DD') AS date, sum(amount)::text AS total, count(*) OVER ()::int AS count
        FROM pos_sales WHERE location_id = ${locationId}
        GROUP BY business_date ORDER BY business_date DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export interface DetailDbRow {
  itemName: string;
  posCategory: string;
  quantitySold: string;
  quantityVoid: string;
  amount: string;
  recipeId: number | null;
  count: number;
}

export function selectDetail(
  db: Database,
  locationId: number,
  date: string,
  page: { limit: number; offset: number },
): Promise<DetailDbRow[]> {
  return queryRows<DetailDbRow>(
    db,
    sql`SELECT s.item_name AS "itemName", s.pos_category AS "posCategory", s.quantity_sold::text AS "quantitySold",
               s.quantity_void::text AS "quantityVoid", s.amount::text AS amount, m.recipe_id AS "recipeId",
               count(*) OVER ()::int AS count
        FROM pos_sales s
        LEFT JOIN pos_item_recipes m ON m.location_id = s.location_id AND lower(m.item_name) = lower(s.item_name)
        WHERE s.location_id = ${locationId} AND s.business_date = ${date}::date
        ORDER BY lower(s.item_name), s.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function hasSalesOf(db: Database, locationId: number, itemName: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM pos_sales WHERE location_id = ${locationId} AND lower(item_name) = lower(${itemName}) LIMIT 1`,
  );
  return rows.length > 0;
}

export async function isRecipeOfLocation(db: Database, locationId: number, recipeId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM recipes WHERE location_id = ${locationId} AND id = ${recipeId}`,
  );
  return rows.length > 0;
}

export async function findAssignment(db: Database, locationId: number, itemName: string): Promise<number | null> {
  const [row] = await queryRows<{ recipeId: number }>(
    db,
    sql`SELECT recipe_id AS "recipeId" FROM pos_item_recipes
        WHERE location_id = ${locationId} AND lower(item_name) = lower(${itemName}) FOR UPDATE`,
  );
  return row?.recipeId ?? null;
}

export async function upsertAssignment(db: Database, locationId: number, itemName: string, recipeId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO pos_item_recipes (location_id, item_name, recipe_id) VALUES (${locationId}, ${itemName}, ${recipeId})
        ON CONFLICT (location_id, lower(item_name)) DO UPDATE SET recipe_id = excluded.recipe_id`,
  );
}

export async function deleteAssignment(db: Database, locationId: number, itemName: string): Promise<void> {
  await db.execute(sql`DELETE FROM pos_item_recipes WHERE location_id = ${locationId} AND lower(item_name) = lower(${itemName})`);
}

/** The file's days replace what the location had on them, so a re-import never doubles a day. */
export async function deleteSalesOfDates(db: Database, locationId: number, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  await db.execute(
    sql`DELETE FROM pos_sales WHERE location_id = ${locationId} AND business_date = ANY(${`{${dates.join(',')}}`}::date[])`,
  );
}

const hundredths = (value: number) => {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** Inserts in chunks so a year of a busy menu stays under the bind-parameter limit. */
export async function insertSales(db: Database, locationId: number, source: string, sales: readonly PosDaySale[]): Promise<void> {
  for (let start = 0; start < sales.length; start += 1000) {
    const values = sales.slice(start, start + 1000).map(
      (s) =>
        sql`(${locationId}, ${s.date}::date, ${s.itemName}, ${s.category}, ${hundredths(s.soldHundredths)}::numeric,
               ${hundredths(s.voidHundredths)}::numeric, ${hundredths(s.amountCents)}::numeric, ${source})`,
    );
    await db.execute(
      sql`INSERT INTO pos_sales (location_id, business_date, item_name, pos_category, quantity_sold, quantity_void, amount, source)
          VALUES ${sql.join(values, sql`, `)}`,
    );
  }
}

/** Quantities sold and voided and net sales per menu item in the period, with the recipe it is assigned to. */
export function selectSoldItems(
  db: Database,
  locationId: number,
  range: { bgnDate: string; endDate: string },
): Promise<{ itemName: string; recipeId: number | null; quantitySold: string; quantityVoid: string; amount: string }[]> {
  return queryRows(
    db,
    sql`SELECT min(s.item_name) AS "itemName", min(m.recipe_id) AS "recipeId", sum(s.quantity_sold)::text AS "quantitySold",
               sum(s.quantity_void)::text AS "quantityVoid", sum(s.amount)::text AS amount
        FROM pos_sales s
        LEFT JOIN pos_item_recipes m ON m.location_id = s.location_id AND lower(m.item_name) = lower(s.item_name)
        WHERE s.location_id = ${locationId} AND s.business_date BETWEEN ${range.bgnDate}::date AND ${range.endDate}::date
        GROUP BY lower(s.item_name)`,
  );
}

export function selectCompletedInventories(
  db: Database,
  locationId: number,
  endDate: string,
): Promise<{ id: number; date: string; value: string }[]> {
  return queryRows(
    db,
    sql`SELECT id, to_char(completed_date, 'YYYY-MM-DD') AS date, total_on_hand_value::text AS value
        FROM inventories WHERE location_id = ${locationId} AND status = 'completed' AND completed_date <= ${endDate}::date
        ORDER BY completed_date, id`,
  );
}

/**
 * What received orders cost in the period (after the beginning count, up to the ending count's
 * day), on the location's calendar: the subtotal less the credit for rejected cases.
 */
export async function sumPurchases(
  db: Database,
  locationId: number,
  range: { afterDate: string; endDate: string },
): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(o.subtotal - o.credit_refusal), 0)::text AS total
        FROM orders o JOIN locations l ON l.id = o.location_id
        WHERE o.location_id = ${locationId} AND o.status IN ('received', 'electronically_received') AND o.received_at IS NOT NULL
          AND (o.received_at AT TIME ZONE l.timezone)::date > ${range.afterDate}::date
          AND (o.received_at AT TIME ZONE l.timezone)::date <= ${range.endDate}::date`,
  );
  return row.total;
}
