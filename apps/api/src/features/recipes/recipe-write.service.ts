/**
 * A recipe's writes (doc 2 §4, §7 "Recipes"): create, edit its fields or its totals (menu price,
 * margin, food cost %, a total cost entered by hand), delete.
 */
import type { Database } from '@stockpot/db';
import {
  getPriceFromTotals,
  SUB_RECIPE_LOCKED,
  toDecimalString,
  type CreateRecipeRequest,
  type Recipe,
  type UpdateRecipeRequest,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { findCategory } from './menu-categories.repo';
import { getRecipe } from './recipe-read.service';
import { categoryNotFound, recipeNotFound } from './recipe-guards';
import * as repo from './recipes.repo';

const SUB_RECIPE_TOTALS = 'A sub-recipe has no menu price, margin or food cost %, and its total cost follows its ingredients.';

function toWrite(body: CreateRecipeRequest): repo.RecipeWrite {
  return {
    name: body.name,
    menuCategoryId: body.recipe_menu_category_id,
    price: body.is_sub_recipe || body.price === null || body.price === undefined ? null : toDecimalString(body.price, 2),
    description: body.description ?? '',
    procedure: body.procedure ?? '',
    isSubRecipe: body.is_sub_recipe,
    subRecipeYield: body.is_sub_recipe ? (body.sub_recipe_yield ?? '').trim() : null,
    subRecipeYieldUom: body.is_sub_recipe ? (body.sub_recipe_yield_uom ?? '').trim() : null,
  };
}

export async function createRecipe(db: Database, locationId: number, body: CreateRecipeRequest): Promise<Recipe> {
  if (!(await findCategory(db, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
  const id = await db.transaction(async (tx) => {
    if (!(await findCategory(tx, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
    return repo.insertRecipe(tx, locationId, toWrite(body));
  });
  return getRecipe(db, locationId, id);
}

export async function updateRecipe(db: Database, locationId: number, id: number, body: UpdateRecipeRequest): Promise<Recipe> {
  if ('name' in body) {
    await db.transaction(async (tx) => {
      const current = await repo.findRecipe(tx, locationId, id, true);
      if (!current) throw recipeNotFound();
      if (!(await findCategory(tx, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
      if (current.isSubRecipe && !body.is_sub_recipe && (await repo.isUsedAsSubRecipe(tx, locationId, id))) {
        throw badRequest(SUB_RECIPE_LOCKED, 'sub_recipe_locked');
      }
      await repo.updateRecipe(tx, locationId, id, toWrite(body));
      // A recipe that is no longer a sub-recipe has no yield to count in an inventory group (decision).
      if (current.isSubRecipe && !body.is_sub_recipe) await repo.deleteInventoryLinks(tx, locationId, id);
    });
    return getRecipe(db, locationId, id);
  }
  // Totals: the menu price, or a margin or food cost % that sets it (doc 2 §4), and a total cost
  // entered by hand (null takes the ingredients' sum back), which a margin or % sent with it reads.
  const recipe = await getRecipe(db, locationId, id);
  if (recipe.isSubRecipe) throw badRequest(SUB_RECIPE_TOTALS, 'bad_request');
  const totalCost = body.totalCost === undefined ? recipe.totalCost : (body.totalCost ?? recipe.ingredientsCost);
  let price = body.price ?? null;
  if (body.marginGrossProfit !== undefined) price = getPriceFromTotals(totalCost, { marginGrossProfit: body.marginGrossProfit });
  else if (body.foodCostPercentage !== undefined)
    price = getPriceFromTotals(totalCost, { foodCostPercent: body.foodCostPercentage });
  else if (price === null) price = recipe.price;
  if (price === null || price <= 0) throw badRequest('These totals would give a menu price of $0.00 or less.', 'bad_request');
  await db.transaction(async (tx) => {
    const current = await repo.findRecipe(tx, locationId, id, true);
    if (!current) throw recipeNotFound();
    if (current.isSubRecipe) throw badRequest(SUB_RECIPE_TOTALS, 'bad_request');
    await repo.updateRecipePrice(tx, locationId, id, toDecimalString(price, 2));
    if (body.totalCost !== undefined) await repo.updateRecipeTotalCostEntered(tx, locationId, id, body.totalCost);
  });
  return getRecipe(db, locationId, id);
}

export async function deleteRecipe(db: Database, locationId: number, id: number): Promise<{ id: number }> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await repo.deleteRecipe(tx, locationId, id))) return false;
    // No foreign key from inventory_group_items (the inventory schema comes first): its counts go with the recipe.
    await repo.deleteInventoryLinks(tx, locationId, id);
    return true;
  });
  if (!deleted) throw recipeNotFound();
  return { id };
}
