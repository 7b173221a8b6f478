/**
 * SQL of recipe costing. Every statement names the location, so another location's category,
 * recipe, ingredient, offer or group is never read or written. Numerics leave as text. This module
 * holds the location, recipe and last purchase statements; menu-categories, recipe-ingredients,
 * recipe-list and ingredient-search (.repo.ts each) hold the others.
 */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, recipeColumns, type Database } from '@stockpot/db';
import type { RecipeDbRow } from '@stockpot/domain';

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

/** Takes a sub-recipe out of every inventory group of the location (doc 2 §3 "Group item" of kind sub-recipe). */
export async function deleteInventoryLinks(db: Database, locationId: number, recipeId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM inventory_group_items WHERE location_id = ${locationId} AND kind = 'subrecipe' AND sub_recipe_id = ${recipeId}`,
  );
}
