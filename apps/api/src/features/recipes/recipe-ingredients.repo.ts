/**
 * SQL of a recipe's ingredients: find one, insert, update, delete. Every statement names the
 * location, so another location's ingredient is never read or written. Numerics leave as text.
 */
import { sql } from 'drizzle-orm';
import { ingredientColumns, queryRowsPrepared, type Database } from '@stockpot/db';
import type { IngredientDbRow } from '@stockpot/domain';

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
