/**
 * The recipe costing engine (doc 2 §2 "Recipe costing", §4 "Recipes"): from a location's cost book
 * (its recipes, their ingredients, the offers and generic groups they use, read by the database
 * layer) each ingredient's cost and each recipe's total in cents, sub-recipes included. Pure: the
 * API's recipe views and the maintained per-recipe cost (packages/db `recipe_costs`) both use it,
 * so the stored totals are the ones a read would compute. Numerics arrive as text, as SQL sends them.
 * The book and its rows are cost-book.ts, one offer's price and an amount's cost priced-source.ts,
 * a generic ingredient's linked items linked-item-cost.ts; the recursion through sub-recipes stays here.
 */
import { parseCents } from '../money/money.rules';
import { parsePackSize } from '../catalog/pack-size.rules';
import { getCostPerYieldUnit, getDefaultPackUnit, getItemPriceInUnit, parseFraction } from './recipes.rules';
import { getRecipeTotals, getShownTotalCost } from './recipe-totals.rules';
import type { IngredientItem } from './recipes.schema';
import type { CostBook, GroupItemRow, IngredientDbRow } from './cost-book';
import { costGroupItem } from './linked-item-cost';
import { costOf, emptyItem, pricedOffer, ratioOf, type Conversion, type PricedSource } from './priced-source';

export function pricedSubRecipe(book: CostBook, subRecipeId: number, stack: Set<number>): PricedSource | null {
  const sub = book.recipes.get(subRecipeId);
  if (!sub) return null;
  const total = getRecipeCost(book, sub.id, stack);
  const yieldRatio = parseFraction(sub.subRecipeYield ?? '') ?? { num: 1n, den: 1n };
  const perYield = getCostPerYieldUnit(total, yieldRatio);
  const yieldUnit = (sub.subRecipeYieldUom ?? 'each').trim();
  return {
    unitPrice: (unit) => (unit.trim().toLowerCase() === yieldUnit.toLowerCase() ? perYield : null),
    packUnit: yieldUnit,
    item: {
      ...emptyItem(),
      description: sub.name,
      price: total,
      packSize: `${sub.subRecipeYield ?? '1'} ${yieldUnit}`,
      packSizeUom: yieldUnit,
      isSubRecipe: true,
      subRecipeId: sub.id,
    },
  };
}

function pricedGroupItem(book: CostBook, row: GroupItemRow, stack: Set<number>): PricedSource | null {
  if (row.kind === 'item') {
    const offer = row.itemDistributorId ? book.offers.get(row.itemDistributorId) : undefined;
    if (!offer) return null;
    const priced = pricedOffer(offer, row.customPackSize);
    return { ...priced, item: { ...priced.item, genericItemId: row.id } };
  }
  if (row.kind === 'custom') {
    const pack = parsePackSize(row.customPackSize ?? '');
    const price = parseCents(row.price ?? '0');
    const packUnit = getDefaultPackUnit(pack);
    return {
      unitPrice: (unit) => getItemPriceInUnit(price, 'CS', pack, unit),
      packUnit,
      item: {
        ...emptyItem(),
        description: row.description ?? '',
        din: row.din ?? '',
        brand: row.brand ?? '',
        distributor: row.distributorName ?? '',
        price,
        packSize: row.customPackSize ?? '',
        packSizeUom: pack?.uom ?? '',
        customPackSize: row.customPackSize,
        isCustomItem: true,
        genericCustomItemId: row.id,
      },
    };
  }
  const priced = row.subRecipeId ? pricedSubRecipe(book, row.subRecipeId, stack) : null;
  return priced && { ...priced, item: { ...priced.item, genericItemId: row.id } };
}

/** A generic group's linked item as an ingredient shows it (doc 2 §3 "Item inside an ingredient"), or null when unpriced. */
export function describeGroupItem(book: CostBook, row: GroupItemRow): IngredientItem | null {
  return pricedGroupItem(book, row, new Set())?.item ?? null;
}

export interface CostedIngredient {
  cost: number | null;
  item: IngredientItem | null;
  items: IngredientItem[];
  name: string;
  comparisonView: { id: number; name: string } | null;
  isInactive: boolean;
}

export function costIngredient(book: CostBook, ingredient: IngredientDbRow, stack: Set<number>): CostedIngredient {
  const amount = ratioOf(ingredient.recipeAmountFraction, '0');
  const conversion: Conversion = {
    recipeUnit: ingredient.recipePackSizeUom,
    recipePackSize: ratioOf(ingredient.recipePackSizeFraction, '1'),
    conversionPackSize: ratioOf(ingredient.conversionPackSizeFraction, '1'),
    packUnit: ingredient.conversionPackSizeUom,
    waste: ratioOf(ingredient.wastePercentage, '0'),
  };
  if (ingredient.ingredientType === 'item') {
    const offer = ingredient.itemDistributorId ? book.offers.get(ingredient.itemDistributorId) : undefined;
    if (!offer)
      return { cost: null, item: null, items: [], name: 'Item no longer available', comparisonView: null, isInactive: true };
    const priced = pricedOffer(offer);
    return {
      cost: costOf(priced, amount, conversion),
      item: priced.item,
      items: [],
      name: offer.description,
      comparisonView: null,
      isInactive: offer.isPunchedOut,
    };
  }
  if (ingredient.ingredientType === 'subrecipe') {
    const priced = ingredient.subRecipeId ? pricedSubRecipe(book, ingredient.subRecipeId, stack) : null;
    if (!priced)
      return {
        cost: null,
        item: null,
        items: [],
        name: 'Sub-recipe no longer available',
        comparisonView: null,
        isInactive: true,
      };
    return {
      cost: costOf(priced, amount, conversion),
      item: priced.item,
      items: [],
      name: priced.item.description,
      comparisonView: null,
      isInactive: false,
    };
  }
  // Generic: the average of what its linked items would cost, active items first (decision).
  const group = ingredient.inventoryGroupId ? book.groups.get(ingredient.inventoryGroupId) : undefined;
  const rows = ingredient.inventoryGroupId ? (book.groupItems.get(ingredient.inventoryGroupId) ?? []) : [];
  const items: IngredientItem[] = [];
  const activeCosts: number[] = [];
  const allCosts: number[] = [];
  for (const row of rows) {
    const priced = pricedGroupItem(book, row, stack);
    if (!priced) continue;
    const cost = costGroupItem(priced, row, ingredient, amount);
    items.push({ ...priced.item, costing: cost });
    if (cost !== null) {
      allCosts.push(cost);
      if (!priced.item.isPunchedOut) activeCosts.push(cost);
    }
  }
  const costs = activeCosts.length > 0 ? activeCosts : allCosts;
  const average = costs.length > 0 ? Math.round(costs.reduce((a, b) => a + b, 0) / costs.length) : null;
  return {
    cost: average,
    item: null,
    items,
    name: group?.name ?? 'Generic ingredient no longer available',
    comparisonView: group ? { id: group.listId, name: group.listName } : null,
    isInactive: !group || items.some((i) => i.isPunchedOut),
  };
}

/** A recipe's total cost in cents (sub-recipes included, a loop back to a recipe being costed counted as 0; one entered by hand stands). */
export function getRecipeCost(book: CostBook, recipeId: number, stack = new Set<number>()): number {
  const known = book.totals.get(recipeId);
  if (known !== undefined) return known;
  if (stack.has(recipeId)) {
    book.loopCuts += 1;
    return 0;
  }
  const cutsBefore = book.loopCuts;
  stack.add(recipeId);
  const costs = (book.ingredients.get(recipeId) ?? []).map((i) => costIngredient(book, i, stack).cost ?? 0);
  stack.delete(recipeId);
  const ingredientsCost = getRecipeTotals(costs, null).totalCost;
  const recipe = book.recipes.get(recipeId);
  const total = recipe ? getShownTotalCost(ingredientsCost, recipe) : ingredientsCost;
  // Inside a loop the total depends on where the loop was entered (A ↔ B: A's total counts B with A
  // cut, B's inside A counts A as 0): kept, it would make the loop's totals depend on which recipe
  // was costed first. Computed again each time, every recipe's total is its own.
  if (book.loopCuts === cutsBefore) book.totals.set(recipeId, total);
  return total;
}

/** Every recipe's total cost in cents (what the recipe list shows and `recipe_costs` stores). */
export function getAllRecipeCosts(book: CostBook): Map<number, number> {
  return new Map([...book.recipes.keys()].map((id) => [id, getRecipeCost(book, id)]));
}
