/**
 * A recipe's totals (doc 2 §4 "After totals are edited"): total cost, margin and food cost %, the
 * menu price a margin or food cost % gives, and the total cost a buyer entered by hand.
 */
import { roundRatio } from '../catalog/pack-size.rules';

export interface RecipeTotals {
  /** Cents. */
  totalCost: number;
  /** Cents; null for a sub-recipe (no menu price). */
  marginGrossProfit: number | null;
  /** Percent × 100 (3250 is 32.50 %), shown divided by 100; null without a price. */
  foodCostPercent: number | null;
}

/**
 * Totals of a recipe from its ingredient costs in cents (each rounded once, so the ingredients
 * column adds up to the total shown) and its menu price in cents.
 */
export function getRecipeTotals(ingredientCostsCents: readonly number[], priceCents: number | null): RecipeTotals {
  const totalCost = ingredientCostsCents.reduce((sum, cost) => sum + cost, 0);
  if (priceCents === null || priceCents <= 0) return { totalCost, marginGrossProfit: null, foodCostPercent: null };
  return {
    totalCost,
    marginGrossProfit: priceCents - totalCost,
    foodCostPercent: Number(roundRatio(BigInt(totalCost) * 10_000n, BigInt(priceCents))),
  };
}

/** Food cost % for display: the server value / 100, 2 decimals ("32.50%"). */
export function formatFoodCostPercent(value: number | null): string {
  if (value === null) return '—';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/**
 * The menu price that follows an edit of the totals (doc 2 §4 "After totals are edited"): a new
 * margin gives price = cost + margin; a new food cost % (× 100) gives price = cost / %; rounded to
 * cents. Null when the result is not a price (≤ 0).
 */
export function getPriceFromTotals(
  totalCostCents: number,
  edit: { marginGrossProfit: number } | { foodCostPercent: number },
): number | null {
  let price: number;
  if ('marginGrossProfit' in edit) price = totalCostCents + edit.marginGrossProfit;
  else {
    if (edit.foodCostPercent <= 0) return null;
    price = Number(roundRatio(BigInt(totalCostCents) * 10_000n, BigInt(edit.foodCostPercent)));
  }
  return price > 0 ? price : null;
}

/**
 * The total cost a recipe shows (issue 34: total cost is editable): a menu recipe's cost entered by
 * hand stands until the buyer takes it back; otherwise, and always for a sub-recipe (what it costs
 * per yield unit is what the recipes using it pay), the sum of its ingredients.
 */
export function getShownTotalCost(
  ingredientsCostCents: number,
  recipe: { isSubRecipe: boolean; totalCostEntered: number | null },
): number {
  return isTotalCostEntered(recipe) ? recipe.totalCostEntered : ingredientsCostCents;
}

/** Whether a recipe shows a total cost entered by hand (issue 34): only a menu recipe can. */
export function isTotalCostEntered<T extends { isSubRecipe: boolean; totalCostEntered: number | null }>(
  recipe: T,
): recipe is T & { totalCostEntered: number } {
  return !recipe.isSubRecipe && recipe.totalCostEntered !== null;
}
