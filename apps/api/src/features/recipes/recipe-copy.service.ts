/**
 * Copies of a recipe (doc 2 §7 "Recipes"): a duplicate at the same location, or a copy to another
 * location of the user with the ingredients that location can buy.
 */
import type { Database } from '@stockpot/db';
import type { Recipe } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { findCategoryByName, insertCategory, lockCategoryNames } from './menu-categories.repo';
import { insertIngredient } from './recipe-ingredients.repo';
import { getRecipe } from './recipe-read.service';
import { recipeNotFound } from './recipe-guards';
import * as repo from './recipes.repo';

export const COPY_TARGET_WITHOUT_RECIPE_COSTING =
  'Recipe costing is not enabled for that location, so the recipe cannot be copied there.';

async function copyRecipeInto(
  tx: Database,
  fromLocation: number,
  toLocation: number,
  source: repo.RecipeDbRow,
  menuCategoryId: number,
  name: string,
  ingredients: repo.IngredientDbRow[],
): Promise<{ id: number; skipped: number }> {
  const id = await repo.insertRecipe(tx, toLocation, {
    name,
    menuCategoryId,
    price: source.price,
    description: source.description,
    procedure: source.procedure,
    isSubRecipe: source.isSubRecipe,
    subRecipeYield: source.subRecipeYield,
    subRecipeYieldUom: source.subRecipeYieldUom,
    totalCostEntered: source.totalCostEntered,
  });
  let skipped = 0;
  const sameLocation = fromLocation === toLocation;
  const offerIds = ingredients.flatMap((i) => (i.itemDistributorId ? [i.itemDistributorId] : []));
  const available = sameLocation
    ? null
    : new Set((await repo.selectOffers(tx, toLocation, offerIds)).map((o) => o.itemDistributorId));
  for (const { id: _id, recipeId: _recipeId, ...ingredient } of ingredients) {
    if (!sameLocation && (ingredient.ingredientType !== 'item' || !available!.has(ingredient.itemDistributorId!))) {
      skipped += 1;
      continue;
    }
    await insertIngredient(tx, toLocation, id, ingredient);
  }
  return { id, skipped };
}

export async function duplicateRecipe(db: Database, locationId: number, id: number): Promise<Recipe> {
  const newId = await db.transaction(async (tx) => {
    const source = await repo.findRecipe(tx, locationId, id, true);
    if (!source) throw recipeNotFound();
    const ingredients = (await repo.selectAllIngredients(tx, locationId)).filter((i) => i.recipeId === id);
    return (await copyRecipeInto(tx, locationId, locationId, source, source.menuCategoryId, `${source.name} (copy)`, ingredients))
      .id;
  });
  return getRecipe(db, locationId, newId);
}

/**
 * Copies a recipe to another location of the user (doc 2 §7): into the menu category of the same
 * name there (made when missing); catalogue items the other location also buys come along, generic
 * and sub-recipe ingredients do not (they belong to this location's inventory and recipes).
 */
export async function copyToLocation(
  db: Database,
  locationId: number,
  userId: number,
  id: number,
  targetLocationId: number,
): Promise<{ id: number; locationId: number; skipped: number }> {
  if (!(await repo.isMemberOf(db, userId, targetLocationId))) throw notFound('Location');
  // A recipe at a location without recipe costing could be neither seen nor edited there (issue 34).
  const target = await repo.findLocationFlags(db, targetLocationId);
  if (!target?.displayRecipeCosting) throw badRequest(COPY_TARGET_WITHOUT_RECIPE_COSTING, 'recipe_costing_disabled');
  return db.transaction(async (tx) => {
    await lockCategoryNames(tx, targetLocationId);
    const source = await repo.findRecipe(tx, locationId, id, true);
    if (!source) throw recipeNotFound();
    const category =
      (await findCategoryByName(tx, targetLocationId, source.menuName))?.id ??
      (await insertCategory(tx, targetLocationId, source.menuName));
    const ingredients = (await repo.selectAllIngredients(tx, locationId)).filter((i) => i.recipeId === id);
    const copy = await copyRecipeInto(tx, locationId, targetLocationId, source, category, source.name, ingredients);
    return { id: copy.id, locationId: targetLocationId, skipped: copy.skipped };
  });
}
