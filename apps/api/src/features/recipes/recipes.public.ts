/**
 * Recipe costing (doc 2 §2, §4 "Recipes", §7 "Recipes"): menu categories, recipes, ingredients of
 * three kinds and their costs, from the current effective prices, so a new order guide or invoice
 * price shows in every recipe that uses the item. The views that show ingredients cost the
 * location's cost book on every read (the domain's costing engine); the recipe list reads each
 * recipe's total from `recipe_costs`, which the same engine keeps (packages/db recipe-costs:
 * marked stale in the transaction of every write that changes a cost, recomputed before a read).
 *
 * The services are split by job: recipe-guards (the recipe costing flag, 404s), menu-categories,
 * recipe-read (one recipe, print), recipe-list, recipe-write, recipe-copy, recipe-ingredients,
 * ingredient-search and linked-items (.service.ts each). This module keeps what other features
 * call (inventory: sub-recipe stock; pos: recipe costs).
 */
import { computeRecipeCosts, type Database } from '@stockpot/db';
import { getRecipeCost } from '@stockpot/domain';
import { loadCostBook } from './recipe-read.service';

export { RECIPE_COSTING_DISABLED } from './recipe-guards';

/** The location's recipes and ingredients as recipe costing reads them (suggested orders: POS × recipes). */
export const loadRecipeBook = loadCostBook;

/** Every recipe's cost of one portion in cents, at today's prices (POS theoretical food cost). */
export const getRecipeCosts = computeRecipeCosts;

/** A sub-recipe as an inventory group counts it: one batch (its yield) at today's batch cost in cents. */
export interface SubRecipeStock {
  id: number;
  name: string;
  subRecipeYield: string | null;
  subRecipeYieldUom: string | null;
  batchCost: number;
}

/** The sub-recipes among the ids with their batch cost; the cost book is read only when there are some. */
export async function getSubRecipeStock(
  db: Database,
  locationId: number,
  ids: readonly number[],
): Promise<Map<number, SubRecipeStock>> {
  if (ids.length === 0) return new Map();
  const book = await loadCostBook(db, locationId);
  const stock = new Map<number, SubRecipeStock>();
  for (const id of ids) {
    const row = book.recipes.get(id);
    if (!row) continue;
    stock.set(id, {
      id,
      name: row.name,
      subRecipeYield: row.subRecipeYield,
      subRecipeYieldUom: row.subRecipeYieldUom,
      batchCost: getRecipeCost(book, id),
    });
  }
  return stock;
}
