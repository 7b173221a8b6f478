/**
 * SQL of recipe costing. Every statement names the location, so another location's category,
 * recipe, ingredient, offer or group is never read or written. Numerics leave as text.
 */
import { sql } from 'drizzle-orm';
import { ingredientColumns, queryRowsPrepared, recipeColumns, recipeCostsStaleSql, type Database } from '@stockpot/db';
import type { IngredientDbRow, RecipeDbRow } from '@stockpot/domain';

// The cost book's reads live with the maintained recipe costs (packages/db), which recompute from them.
export {
  selectAllIngredients,
  selectGroupItems,
  selectGroups,
  selectOffers,
  selectRecipes,
  selectCostBookRows,
} from '@stockpot/db';
export type { GroupItemRow, GroupRow, IngredientDbRow, OfferRow, RecipeDbRow } from '@stockpot/domain';

// ------------------------------------------------------------------ location

export async function findLocationFlags(
  db: Database,
  locationId: number,
): Promise<{ displayRecipeCosting: boolean; today: string } | undefined> {
  const [row] = await queryRowsPrepared<{ displayRecipeCosting: boolean; today: string }>(
    db,
    sql`SELECT display_recipe_costing AS "displayRecipeCosting", to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today
        FROM locations WHERE id = ${locationId}`,
  );
  return row;
}

export async function isMemberOf(db: Database, userId: number, locationId: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM user_locations WHERE user_id = ${userId} AND location_id = ${locationId}`,
  );
  return rows.length > 0;
}

/** The offers' last purchases at the location (doc 2 §3 "Ingredient"); offers never bought are left out. */
export function selectLastPurchases(
  db: Database,
  locationId: number,
  offerIds: readonly number[],
): Promise<{ itemDistributorId: number; distributor: string; price: string; date: string; unitMeasure: string }[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return queryRowsPrepared(
    db,
    sql`SELECT li.item_distributor_id AS "itemDistributorId", dist.nickname AS distributor,
               li.last_purchased_price::text AS price, li.last_purchased_date::text AS date, d.unit_measure AS "unitMeasure"
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${locationId} AND li.item_distributor_id = ANY(${`{${offerIds.join(',')}}`}::int[])
          AND li.last_purchased_date IS NOT NULL AND li.last_purchased_price IS NOT NULL`,
  );
}

// ------------------------------------------------------------------ menu categories

export interface CategoryRow {
  id: number;
  name: string;
}

export function selectCategories(db: Database, locationId: number): Promise<CategoryRow[]> {
  return queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} ORDER BY lower(name), id`,
  );
}

export async function findCategory(db: Database, locationId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} AND id = ${id}`,
  );
  return row;
}

export async function findCategoryByName(db: Database, locationId: number, name: string): Promise<CategoryRow | undefined> {
  const [row] = await queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} AND lower(name) = lower(${name}) ORDER BY id LIMIT 1`,
  );
  return row;
}

/** Serialises the location's menu category name writes until the transaction ends (no two of one name). */
export async function lockCategoryNames(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('recipe-menu-category-names'), ${locationId})`);
}

export async function insertCategory(db: Database, locationId: number, name: string): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${locationId}, ${name}) RETURNING id`,
  );
  return row.id;
}

export async function updateCategory(db: Database, locationId: number, id: number, name: string): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`UPDATE recipe_menu_categories SET name = ${name} WHERE location_id = ${locationId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteCategory(db: Database, locationId: number, id: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM recipe_menu_categories WHERE location_id = ${locationId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ recipes

export async function findRecipe(db: Database, locationId: number, id: number, lock = false): Promise<RecipeDbRow | undefined> {
  const [row] = await queryRowsPrepared<RecipeDbRow>(
    db,
    sql`SELECT ${recipeColumns} FROM recipes r JOIN recipe_menu_categories c ON c.id = r.menu_category_id AND c.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return row;
}

export interface RecipeWrite {
  name: string;
  menuCategoryId: number;
  price: string | null;
  description: string;
  procedure: string;
  isSubRecipe: boolean;
  subRecipeYield: string | null;
  subRecipeYieldUom: string | null;
  /** Cents; only a copy carries one (a new recipe's cost follows its ingredients). */
  totalCostEntered?: number | null;
}

export async function insertRecipe(db: Database, locationId: number, r: RecipeWrite): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO recipes (location_id, menu_category_id, name, price, description, procedure, is_sub_recipe, sub_recipe_yield,
                         sub_recipe_yield_uom, total_cost_entered)
        VALUES (${locationId}, ${r.menuCategoryId}, ${r.name}, ${r.price}::numeric, ${r.description}, ${r.procedure},
                ${r.isSubRecipe}, ${r.subRecipeYield}, ${r.subRecipeYieldUom}, ${r.isSubRecipe ? null : (r.totalCostEntered ?? null)}::int)
        RETURNING id`,
  );
  return row.id;
}

export async function updateRecipe(db: Database, locationId: number, id: number, r: RecipeWrite): Promise<void> {
  await db.execute(
    sql`UPDATE recipes SET menu_category_id = ${r.menuCategoryId}, name = ${r.name}, price = ${r.price}::numeric,
          description = ${r.description}, procedure = ${r.procedure}, is_sub_recipe = ${r.isSubRecipe},
          sub_recipe_yield = ${r.subRecipeYield}, sub_recipe_yield_uom = ${r.subRecipeYieldUom},
          -- A sub-recipe's cost follows its ingredients: a total entered while it was a menu recipe goes.
          total_cost_entered = CASE WHEN ${r.isSubRecipe} THEN NULL ELSE total_cost_entered END, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

/** A menu recipe's total cost entered by hand in cents, or null for the ingredients' sum (issue 34). */
export async function updateRecipeTotalCostEntered(
  db: Database,
  locationId: number,
  id: number,
  cents: number | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE recipes SET total_cost_entered = ${cents}::int, updated_at = now() WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

export async function updateRecipePrice(db: Database, locationId: number, id: number, price: string): Promise<void> {
  await db.execute(
    sql`UPDATE recipes SET price = ${price}::numeric, updated_at = now() WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

export async function deleteRecipe(db: Database, locationId: number, id: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM recipes WHERE location_id = ${locationId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** Whether another recipe of the location uses this one as an ingredient. */
export async function isUsedAsSubRecipe(db: Database, locationId: number, id: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM recipe_ingredients WHERE location_id = ${locationId} AND sub_recipe_id = ${id} LIMIT 1`,
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ ingredients

export async function findIngredient(
  db: Database,
  locationId: number,
  recipeId: number,
  id: number,
): Promise<IngredientDbRow | undefined> {
  const [row] = await queryRowsPrepared<IngredientDbRow>(
    db,
    sql`SELECT ${ingredientColumns} FROM recipe_ingredients i
        WHERE i.location_id = ${locationId} AND i.recipe_id = ${recipeId} AND i.id = ${id} FOR UPDATE`,
  );
  return row;
}

export type IngredientWrite = Omit<IngredientDbRow, 'id' | 'recipeId'>;

const ingredientValues = (
  w: IngredientWrite,
) => sql`${w.ingredientType}, ${w.itemDistributorId}, ${w.inventoryGroupId}, ${w.subRecipeId},
  ${w.recipeAmount}::numeric, ${w.recipeAmountFraction}, ${w.recipePackSizeUom}, ${w.recipePackSizeValue}::numeric,
  ${w.recipePackSizeFraction}, ${w.conversionPackSizeValue}::numeric, ${w.conversionPackSizeFraction}, ${w.conversionPackSizeUom},
  ${w.wastePercentage}::numeric, ${JSON.stringify(w.linkItems ?? [])}::jsonb`;

const ingredientInsertColumns = sql`ingredient_type, item_distributor_id, inventory_group_id, sub_recipe_id, recipe_amount,
  recipe_amount_fraction, recipe_pack_size_uom, recipe_pack_size_value, recipe_pack_size_fraction, conversion_pack_size_value,
  conversion_pack_size_fraction, conversion_pack_size_uom, waste_percentage, link_items`;

export async function insertIngredient(db: Database, locationId: number, recipeId: number, w: IngredientWrite): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO recipe_ingredients (location_id, recipe_id, ${ingredientInsertColumns})
        VALUES (${locationId}, ${recipeId}, ${ingredientValues(w)}) RETURNING id`,
  );
  return row.id;
}

export async function updateIngredient(db: Database, locationId: number, id: number, w: IngredientWrite): Promise<void> {
  await db.execute(
    sql`UPDATE recipe_ingredients SET (${ingredientInsertColumns}) = (${ingredientValues(w)})
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

export async function deleteIngredient(db: Database, locationId: number, recipeId: number, id: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM recipe_ingredients WHERE location_id = ${locationId} AND recipe_id = ${recipeId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ the recipe list

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

const likePattern = (search: string) => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of ingredient candidates of the location: catalogue offers, generic groups or sub-recipes. */
export function searchIngredientOptions(
  db: Database,
  locationId: number,
  type: 'item' | 'generic' | 'subrecipe',
  search: string,
  exclude: number | null,
  page: { limit: number; offset: number },
): Promise<{ id: number; name: string; detail: string; packSize: string; unitMeasure: string; total: number }[]> {
  const like = likePattern(search);
  if (type === 'item') {
    return queryRowsPrepared(
      db,
      sql`SELECT d.id, coalesce(nullif(d.description, ''), i.name) AS name, concat_ws(' · ', dist.nickname, d.pack_size, d.brand) AS detail,
                 d.pack_size AS "packSize", d.unit_measure AS "unitMeasure", count(*) OVER ()::int AS total
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
          JOIN distributors dist ON dist.id = d.distributor_id
          WHERE li.location_id = ${locationId} AND (i.name ILIKE ${like} OR d.description ILIKE ${like} OR d.din = ${search.trim()})
          ORDER BY li.is_punched_out, lower(i.name), d.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  if (type === 'generic') {
    return queryRowsPrepared(
      db,
      sql`SELECT g.id, g.name, l.name AS detail, '' AS "packSize", 'CS' AS "unitMeasure", count(*) OVER ()::int AS total
          FROM inventory_groups g JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
          WHERE g.location_id = ${locationId} AND g.name ILIKE ${like}
          ORDER BY lower(g.name), g.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  return queryRowsPrepared(
    db,
    sql`SELECT r.id, r.name, concat('Yield ', r.sub_recipe_yield, ' ', r.sub_recipe_yield_uom) AS detail,
               '' AS "packSize", coalesce(r.sub_recipe_yield_uom, '') AS "unitMeasure", count(*) OVER ()::int AS total
        FROM recipes r
        WHERE r.location_id = ${locationId} AND r.is_sub_recipe AND r.name ILIKE ${like} ${exclude ? sql`AND r.id <> ${exclude}` : sql``}
        ORDER BY lower(r.name), r.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** Takes a sub-recipe out of every inventory group of the location (doc 2 §3 "Group item" of kind sub-recipe). */
export async function deleteInventoryLinks(db: Database, locationId: number, recipeId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM inventory_group_items WHERE location_id = ${locationId} AND kind = 'subrecipe' AND sub_recipe_id = ${recipeId}`,
  );
}
