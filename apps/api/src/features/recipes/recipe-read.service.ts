/**
 * One recipe as the editor and the print show it (doc 2 §3 "Recipe", "Ingredient"): its ingredients
 * costed from the location's cost book on every read (the domain's costing engine), with the last
 * purchases of the offers shown.
 */
import type { Database } from '@stockpot/db';
import {
  costBookGroupIds,
  costBookOfferIds,
  costIngredient,
  createCostBook,
  getRecipeTotals,
  getShownTotalCost,
  isTotalCostEntered,
  parseCents,
  pickLastPurchase,
  type CostBook,
  type CostedIngredient,
  type Ingredient,
  type OfferPurchase,
  type Recipe,
} from '@stockpot/domain';
import { recipeNotFound } from './recipe-guards';
import * as repo from './recipes.repo';

/** The location's cost book (every recipe and ingredient, the offers and groups they use). */
export async function loadCostBook(db: Database, locationId: number): Promise<CostBook> {
  return createCostBook(await repo.selectCostBookRows(db, locationId));
}

type Purchases = ReadonlyMap<number, OfferPurchase>;

/** The offers an ingredient can be bought as: its own offer, or a generic ingredient's linked catalogue items. */
function offersOf(row: repo.IngredientDbRow, costed: CostedIngredient): number[] {
  if (row.itemDistributorId) return [row.itemDistributorId];
  return costed.items.flatMap((item) => (item.itemDistributorId ? [item.itemDistributorId] : []));
}

/** The offers the recipes' ingredients can be bought as: their own, and their generic groups' linked items. */
function recipeOfferIds(book: CostBook, recipeIds: readonly number[]): number[] {
  const ingredients = recipeIds.flatMap((id) => book.ingredients.get(id) ?? []);
  return costBookOfferIds(
    ingredients,
    costBookGroupIds(ingredients).flatMap((groupId) => book.groupItems.get(groupId) ?? []),
  );
}

/** The last purchases of the offers shown, not of the whole location's cost book. */
export async function loadPurchases(db: Database, locationId: number, offerIds: readonly number[]): Promise<Purchases> {
  const rows = await repo.selectLastPurchases(db, locationId, offerIds);
  return new Map(rows.map((r) => [r.itemDistributorId, { ...r, price: parseCents(r.price) }]));
}

function toIngredient(row: repo.IngredientDbRow, costed: CostedIngredient, purchases: Purchases): Ingredient {
  return {
    id: row.id,
    recipe_id: row.recipeId,
    ingredientType: row.ingredientType,
    ingredientId: (row.itemDistributorId ?? row.inventoryGroupId ?? row.subRecipeId)!,
    ingredientCosting: costed.cost,
    name: costed.name,
    recipe_amount: Number(row.recipeAmount),
    recipe_amount_fraction: row.recipeAmountFraction,
    recipe_pack_size_uom: row.recipePackSizeUom,
    recipe_pack_size_value: Number(row.recipePackSizeValue),
    recipe_pack_size_fraction: row.recipePackSizeFraction,
    conversion_pack_size_value: Number(row.conversionPackSizeValue),
    conversion_pack_size_fraction: row.conversionPackSizeFraction,
    conversion_pack_size_uom: row.conversionPackSizeUom,
    waste_percentage: Number(row.wastePercentage),
    item: costed.item,
    comparisonView: costed.comparisonView,
    items: costed.items,
    isInactive: costed.isInactive,
    ...pickLastPurchase(offersOf(row, costed), purchases),
  };
}

function buildRecipe(book: CostBook, row: repo.RecipeDbRow, isSubRecipeUsed: boolean, purchases: Purchases): Recipe {
  const ingredientRows = book.ingredients.get(row.id) ?? [];
  const costed = ingredientRows.map((i) => costIngredient(book, i, new Set([row.id])));
  const price = row.price === null || row.isSubRecipe ? null : parseCents(row.price);
  const ingredientsCost = getRecipeTotals(
    costed.map((c) => c.cost ?? 0),
    null,
  ).totalCost;
  const totals = getRecipeTotals([getShownTotalCost(ingredientsCost, row)], price);
  const view = costed.find((c) => c.comparisonView)?.comparisonView ?? null;
  return {
    id: row.id,
    name: row.name,
    price,
    description: row.description,
    procedure: row.procedure,
    isSubRecipe: row.isSubRecipe,
    isSubRecipeUsed,
    subRecipeYield: row.subRecipeYield,
    subRecipeYieldUom: row.subRecipeYieldUom,
    ...totals,
    ingredientsCost,
    isTotalCostEntered: isTotalCostEntered(row),
    hasInactiveItems: costed.some((c) => c.isInactive),
    menu: { id: row.menuCategoryId, name: row.menuName },
    ingredients: ingredientRows.map((r, index) => toIngredient(r, costed[index], purchases)),
    comparisonView: view,
  };
}

export async function getRecipe(db: Database, locationId: number, id: number): Promise<Recipe> {
  const book = await loadCostBook(db, locationId);
  const row = book.recipes.get(id);
  if (!row) throw recipeNotFound();
  const used = [...book.ingredients.values()].some((list) => list.some((i) => i.subRecipeId === id));
  return buildRecipe(book, row, used, await loadPurchases(db, locationId, recipeOfferIds(book, [id])));
}

/** The recipes to print, in the order asked; an id that is not the location's answers 404. */
export async function getRecipesForPrint(db: Database, locationId: number, ids: number[]): Promise<Recipe[]> {
  const book = await loadCostBook(db, locationId);
  const purchases = await loadPurchases(db, locationId, recipeOfferIds(book, ids));
  return ids.map((id) => {
    const row = book.recipes.get(id);
    if (!row) throw recipeNotFound();
    return buildRecipe(book, row, false, purchases);
  });
}
