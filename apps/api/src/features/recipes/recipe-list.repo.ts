/** SQL of the recipe list: the location's recipes with their stored costs and POS sales, in one statement. */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, recipeCostsStaleSql, type Database } from '@stockpot/db';

export interface RecipeListRow {
  displayRecipeCosting: boolean;
  /** The location's date, YYYY-MM-DD. */
  today: string;
  /** Whether the stored costs must be recomputed first (recipe_cost_dirty, recipe_cost_state). */
  stale: boolean;
  /** Null on the one row of a location without recipes (or without recipe costing). */
  id: number | null;
  name: string;
  menuCategoryId: number;
  menuName: string;
  price: string | null;
  isSubRecipe: boolean;
  subRecipeYield: string | null;
  subRecipeYieldUom: string | null;
  /** The stored total cost in cents (recipe_costs); null when not computed yet. */
  totalCost: number | null;
  /** Quantity sold (net of voids) and amount in the range, from the POS items assigned to the recipe. */
  quantity: string | null;
  amount: string | null;
}

/**
 * The recipe list in one statement (issue 17): the location's flag and date, whether its stored
 * costs are stale (computed once, in the location's row), and its recipes — those of `categoryId`
 * when given — with their stored cost and their POS sales in the range (none without a range).
 * Recipes in the order the cost book lists them; the service still applies every filter, sorts and
 * pages.
 */
export function selectRecipeList(
  db: Database,
  locationId: number,
  range: { bgnDate: string; endDate: string } | null,
  categoryId: number | null,
): Promise<RecipeListRow[]> {
  return queryRowsPrepared<RecipeListRow>(
    db,
    sql`SELECT t.display AS "displayRecipeCosting", to_char(t.today, 'YYYY-MM-DD') AS today, t.stale,
               r.id, r.name, r.menu_category_id AS "menuCategoryId", c.name AS "menuName", r.price::text AS price,
               r.is_sub_recipe AS "isSubRecipe", r.sub_recipe_yield AS "subRecipeYield", r.sub_recipe_yield_uom AS "subRecipeYieldUom",
               rc.total_cost AS "totalCost", p.quantity, p.amount
        FROM (SELECT l.id, l.display_recipe_costing AS display, d.today, ${recipeCostsStaleSql(sql`l.id`, sql`d.today`)} AS stale
              FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) d
              WHERE l.id = ${locationId} OFFSET 0) t
        LEFT JOIN (recipes r JOIN recipe_menu_categories c ON c.id = r.menu_category_id AND c.location_id = r.location_id)
          ON r.location_id = t.id AND t.display AND (${categoryId}::int IS NULL OR r.menu_category_id = ${categoryId}::int)
        LEFT JOIN recipe_costs rc ON rc.location_id = t.id AND rc.recipe_id = r.id
        LEFT JOIN LATERAL (
          SELECT sum(s.quantity_sold - s.quantity_void)::text AS quantity, sum(s.amount)::text AS amount
          FROM pos_item_recipes m
          JOIN pos_sales s ON s.location_id = m.location_id AND lower(s.item_name) = lower(m.item_name)
          WHERE m.location_id = t.id AND m.recipe_id = r.id
            AND s.business_date BETWEEN ${range?.bgnDate.slice(0, 10) ?? null}::date AND ${range?.endDate.slice(0, 10) ?? null}::date
        ) p ON true
        ORDER BY lower(r.name), r.id`,
  );
}
