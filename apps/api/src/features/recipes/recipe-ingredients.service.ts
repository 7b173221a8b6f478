/**
 * A recipe's ingredients (doc 2 §3 "Ingredient", §7 "Recipes"): add, change and remove a catalogue
 * item, generic or sub-recipe ingredient, with its conversion; each answers the recipe with new totals.
 */
import type { Database } from '@stockpot/db';
import {
  fractionToNumber,
  getAutoConversion,
  NOT_CONVERTIBLE_MESSAGE,
  parseFraction,
  pricedOffer,
  type IngredientRequest,
  type Recipe,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { getRecipe } from './recipe-read.service';
import { recipeNotFound } from './recipe-guards';
import * as ingredientsRepo from './recipe-ingredients.repo';
import * as repo from './recipes.repo';

export const SUB_RECIPE_CYCLE = 'A recipe cannot use itself as a sub-recipe, directly or through another sub-recipe.';
export const NOT_A_SUB_RECIPE = 'Only a recipe marked as a sub-recipe can be added as a sub-recipe ingredient.';

/** Whether `from` reaches `target` through sub-recipe ingredients. */
function reaches(ingredients: repo.IngredientDbRow[], from: number, target: number): boolean {
  const edges = new Map<number, number[]>();
  for (const i of ingredients) if (i.subRecipeId) edges.set(i.recipeId, [...(edges.get(i.recipeId) ?? []), i.subRecipeId]);
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(edges.get(next) ?? []));
  }
  return false;
}

async function toIngredientWrite(
  tx: Database,
  locationId: number,
  recipeId: number,
  body: IngredientRequest,
): Promise<ingredientsRepo.IngredientWrite> {
  const amount = parseFraction(body.recipe_amount_fraction)!;
  let packUnit: string;
  if (body.ingredient_type === 'item') {
    const [offer] = await repo.selectOffers(tx, locationId, [body.ingredient_id]);
    if (!offer) throw notFound('Item');
    packUnit = body.conversion_pack_size_uom ?? pricedOffer(offer).packUnit;
  } else if (body.ingredient_type === 'subrecipe') {
    const sub = await repo.findRecipe(tx, locationId, body.ingredient_id);
    if (!sub) throw notFound('Sub-recipe');
    if (!sub.isSubRecipe) throw badRequest(NOT_A_SUB_RECIPE, 'bad_request');
    if (sub.id === recipeId || reaches(await repo.selectAllIngredients(tx, locationId), sub.id, recipeId)) {
      throw badRequest(SUB_RECIPE_CYCLE, 'sub_recipe_cycle');
    }
    packUnit = (sub.subRecipeYieldUom ?? 'each').trim();
  } else {
    const [group] = await repo.selectGroups(tx, locationId, [body.ingredient_id]);
    if (!group) throw notFound('Generic group');
    packUnit = body.recipe_pack_size_uom;
  }
  let recipePackSize = body.recipe_pack_size_fraction;
  let conversionPackSize = body.conversion_pack_size_fraction;
  if (body.ingredient_type !== 'generic' && (!recipePackSize || !conversionPackSize)) {
    const auto = getAutoConversion(body.recipe_pack_size_uom, packUnit);
    if (!auto) throw badRequest(NOT_CONVERTIBLE_MESSAGE, 'not_convertible');
    recipePackSize = String(auto.recipePackSizeValue);
    conversionPackSize = String(auto.conversionPackSizeValue);
  }
  const recipeRatio = parseFraction(recipePackSize ?? '1')!;
  const conversionRatio = parseFraction(conversionPackSize ?? '1')!;
  if (recipeRatio.num === 0n || conversionRatio.num === 0n) {
    throw badRequest('The pack size on both sides must be greater than 0.', 'validation_error');
  }
  return {
    ingredientType: body.ingredient_type,
    itemDistributorId: body.ingredient_type === 'item' ? body.ingredient_id : null,
    inventoryGroupId: body.ingredient_type === 'generic' ? body.ingredient_id : null,
    subRecipeId: body.ingredient_type === 'subrecipe' ? body.ingredient_id : null,
    recipeAmount: String(fractionToNumber(amount)),
    recipeAmountFraction: body.recipe_amount_fraction.trim(),
    recipePackSizeUom: body.recipe_pack_size_uom,
    recipePackSizeValue: String(fractionToNumber(recipeRatio)),
    recipePackSizeFraction: (recipePackSize ?? '1').trim(),
    conversionPackSizeValue: String(fractionToNumber(conversionRatio)),
    conversionPackSizeFraction: (conversionPackSize ?? '1').trim(),
    conversionPackSizeUom: packUnit,
    wastePercentage: String(body.waste_percentage),
    linkItems: body.link_items ?? [],
  };
}

export async function addIngredient(
  db: Database,
  locationId: number,
  recipeId: number,
  body: IngredientRequest,
): Promise<Recipe> {
  await db.transaction(async (tx) => {
    if (!(await repo.findRecipe(tx, locationId, recipeId, true))) throw recipeNotFound();
    await ingredientsRepo.insertIngredient(tx, locationId, recipeId, await toIngredientWrite(tx, locationId, recipeId, body));
  });
  return getRecipe(db, locationId, recipeId);
}

export async function updateIngredient(
  db: Database,
  locationId: number,
  recipeId: number,
  ingredientId: number,
  body: IngredientRequest,
): Promise<Recipe> {
  await db.transaction(async (tx) => {
    if (!(await repo.findRecipe(tx, locationId, recipeId, true))) throw recipeNotFound();
    if (!(await ingredientsRepo.findIngredient(tx, locationId, recipeId, ingredientId))) throw notFound('Ingredient');
    await ingredientsRepo.updateIngredient(tx, locationId, ingredientId, await toIngredientWrite(tx, locationId, recipeId, body));
  });
  return getRecipe(db, locationId, recipeId);
}

export async function deleteIngredient(
  db: Database,
  locationId: number,
  recipeId: number,
  ingredientId: number,
): Promise<Recipe> {
  await db.transaction(async (tx) => {
    if (!(await repo.findRecipe(tx, locationId, recipeId, true))) throw recipeNotFound();
    if (!(await ingredientsRepo.deleteIngredient(tx, locationId, recipeId, ingredientId))) throw notFound('Ingredient');
  });
  return getRecipe(db, locationId, recipeId);
}
