/**
 * What the POS basis of a suggested order reads (issue 37 (a)), SQL only: the location's POS net sold
 * per recipe and ISO weekday over the forecast window, and how many days of each weekday had sales.
 * Only where the location has recipe costing (POS needs it). Read from the daily aggregate
 * (`suggestion_pos_days`, `suggestion_sale_days`, migration 0050) or, `scan`, from the sales
 * themselves: the reference the aggregate is tested against and the backtest replays.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/** Weeks of sales the weekday forecast averages over: enough to smooth a slow week, recent enough to follow the menu. */
export const POS_WINDOW_DAYS = 56;

/** Where the history comes from: the maintained aggregate (requests) or a scan of the history (tests, backtest). */
export type HistorySource = 'aggregate' | 'scan';

export interface RecipeWeekdaySalesRow {
  recipeId: number;
  name: string;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  sold: string;
  voided: string;
}

/**
 * Net sold per recipe and weekday in [from, to), mapped through the location's POS item → recipe
 * table; in one order, so that both sources add a group's use up in the same order.
 */
export function selectRecipeSales(
  db: Database,
  locationId: number,
  from: string,
  to: string,
  source: HistorySource = 'aggregate',
): Promise<RecipeWeekdaySalesRow[]> {
  if (source === 'scan') {
    return queryRows<RecipeWeekdaySalesRow>(
      db,
      sql`SELECT m.recipe_id AS "recipeId", min(r.name) AS name, extract(isodow FROM s.business_date)::int AS weekday,
                 sum(s.quantity_sold)::text AS sold, sum(s.quantity_void)::text AS voided
          FROM pos_sales s
          JOIN locations l ON l.id = s.location_id AND l.display_recipe_costing
          JOIN pos_item_recipes m ON m.location_id = s.location_id AND lower(m.item_name) = lower(s.item_name)
          JOIN recipes r ON r.id = m.recipe_id AND r.location_id = s.location_id
          WHERE s.location_id = ${locationId} AND s.business_date >= ${from}::date AND s.business_date < ${to}::date
          GROUP BY 1, 3
        ORDER BY 1, 3`,
    );
  }
  // The recipe's name and existence are read now, as the scan reads them: the aggregate keeps sums only.
  return queryRows<RecipeWeekdaySalesRow>(
    db,
    sql`SELECT a.recipe_id AS "recipeId", min(r.name) AS name, extract(isodow FROM a.business_date)::int AS weekday,
               sum(a.sold)::text AS sold, sum(a.voided)::text AS voided
        FROM suggestion_pos_days a
        JOIN locations l ON l.id = a.location_id AND l.display_recipe_costing
        JOIN recipes r ON r.id = a.recipe_id AND r.location_id = a.location_id
        WHERE a.location_id = ${locationId} AND a.business_date >= ${from}::date AND a.business_date < ${to}::date
        GROUP BY 1, 3
        ORDER BY 1, 3`,
  );
}

/** How many days of each ISO weekday had any POS sales in [from, to): the divisor of the weekday average. */
export function selectSalesDays(
  db: Database,
  locationId: number,
  from: string,
  to: string,
  source: HistorySource = 'aggregate',
): Promise<{ weekday: number; days: number }[]> {
  const table = source === 'scan' ? sql`pos_sales` : sql`suggestion_sale_days`;
  return queryRows(
    db,
    sql`SELECT extract(isodow FROM business_date)::int AS weekday, count(DISTINCT business_date)::int AS days
        FROM ${table}
        WHERE location_id = ${locationId} AND business_date >= ${from}::date AND business_date < ${to}::date
        GROUP BY 1`,
  );
}
