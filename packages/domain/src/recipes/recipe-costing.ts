/**
 * The recipe costing engine (doc 2 §2 "Recipe costing", §4 "Recipes"): from a location's cost book
 * (its recipes, their ingredients, the offers and generic groups they use, read by the database
 * layer) each ingredient's cost and each recipe's total in cents, sub-recipes included. Pure: the
 * API's recipe views and the maintained per-recipe cost (packages/db `recipe_costs`) both use it,
 * so the stored totals are the ones a read would compute. Numerics arrive as text, as SQL sends them.
 */
import { parseCents } from '../money/money.rules';
import { parsePackSize, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import {
  decimalToRatio,
  getAutoConversion,
  getCostPerYieldUnit,
  getDefaultPackUnit,
  getIngredientCost,
  getItemPriceInUnit,
  parseFraction,
} from './recipes.rules';
import { getRecipeTotals, getShownTotalCost } from './recipe-totals.rules';
import type { IngredientItem } from './recipes.schema';

// ------------------------------------------------------------------ the cost book's rows

export interface RecipeDbRow {
  id: number;
  name: string;
  menuCategoryId: number;
  menuName: string;
  price: string | null;
  description: string;
  procedure: string;
  isSubRecipe: boolean;
  subRecipeYield: string | null;
  subRecipeYieldUom: string | null;
  /** Cents; a menu recipe's total cost entered by hand, else null. */
  totalCostEntered: number | null;
}

export interface IngredientDbRow {
  id: number;
  recipeId: number;
  ingredientType: 'item' | 'generic' | 'subrecipe';
  itemDistributorId: number | null;
  inventoryGroupId: number | null;
  subRecipeId: number | null;
  recipeAmount: string;
  recipeAmountFraction: string;
  recipePackSizeUom: string;
  recipePackSizeValue: string;
  recipePackSizeFraction: string;
  conversionPackSizeValue: string;
  conversionPackSizeFraction: string;
  conversionPackSizeUom: string;
  wastePercentage: string;
  linkItems: unknown;
}

export interface OfferRow {
  itemDistributorId: number;
  description: string;
  din: string;
  brand: string;
  distributor: string;
  packSize: string;
  packSizeUom: string;
  unitMeasure: string;
  imageUrl: string;
  brandImageUrl: string;
  isPunchedOut: boolean;
  /** Effective price, dollars. */
  price: string;
}

export interface GroupRow {
  id: number;
  name: string;
  listId: number;
  listName: string;
}

export interface GroupItemRow {
  id: number;
  groupId: number;
  kind: 'item' | 'custom' | 'subrecipe';
  itemDistributorId: number | null;
  subRecipeId: number | null;
  description: string | null;
  distributorName: string | null;
  price: string | null;
  customPackSize: string | null;
  din: string | null;
  brand: string | null;
}

// ------------------------------------------------------------------ costing

interface LinkOverride {
  generic_item_id?: number;
  generic_custom_item_id?: number;
  recipe_pack_size_fraction?: string;
  conversion_pack_size_fraction?: string;
  conversion_pack_size_uom?: string;
  waste_percentage?: number;
}

export interface CostBook {
  recipes: Map<number, RecipeDbRow>;
  ingredients: Map<number, IngredientDbRow[]>;
  offers: Map<number, OfferRow>;
  groups: Map<number, GroupRow>;
  groupItems: Map<number, GroupItemRow[]>;
  /** Memo of each recipe's total cost in cents. */
  totals: Map<number, number>;
}

const ratioOf = (text: string | undefined, fallback: string): Ratio => parseFraction(text ?? '') ?? parseFraction(fallback)!;

/** The rows a cost book is made of (every recipe and ingredient of one location). */
export interface CostBookRows {
  recipes: RecipeDbRow[];
  ingredients: IngredientDbRow[];
  offers: OfferRow[];
  groups: GroupRow[];
  groupItems: GroupItemRow[];
}

/** The generic groups a location's ingredients use (their linked items are read next). */
export const costBookGroupIds = (ingredients: readonly IngredientDbRow[]): number[] => [
  ...new Set(ingredients.flatMap((i) => (i.inventoryGroupId ? [i.inventoryGroupId] : []))),
];

/** The offers the ingredients and the groups' linked items use (their prices are read last). */
export const costBookOfferIds = (ingredients: readonly IngredientDbRow[], groupItems: readonly GroupItemRow[]): number[] => [
  ...new Set([
    ...ingredients.flatMap((i) => (i.itemDistributorId ? [i.itemDistributorId] : [])),
    ...groupItems.flatMap((g) => (g.itemDistributorId ? [g.itemDistributorId] : [])),
  ]),
];

export function createCostBook(rows: CostBookRows): CostBook {
  const byRecipe = new Map<number, IngredientDbRow[]>();
  for (const row of rows.ingredients) byRecipe.set(row.recipeId, [...(byRecipe.get(row.recipeId) ?? []), row]);
  const byGroup = new Map<number, GroupItemRow[]>();
  for (const row of rows.groupItems) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row]);
  return {
    recipes: new Map(rows.recipes.map((r) => [r.id, r])),
    ingredients: byRecipe,
    offers: new Map(rows.offers.map((o) => [o.itemDistributorId, o])),
    groups: new Map(rows.groups.map((g) => [g.id, g])),
    groupItems: byGroup,
    totals: new Map(),
  };
}

/** One pack unit's price (1/10000 dollars) of a priced thing, and its pack unit. */
export interface PricedSource {
  unitPrice: (unit: string) => Ratio | null;
  packUnit: string;
  item: IngredientItem;
}

const emptyItem = (): IngredientItem => ({
  description: '',
  din: '',
  price: 0,
  unitPrice: null,
  brand: '',
  distributor: '',
  packSize: '',
  packSizeUom: '',
  customPackSize: null,
  imageUrl: '',
  brandImageUrl: '',
  isPunchedOut: false,
  isSubRecipe: false,
  isCustomItem: false,
  itemDistributorId: null,
  genericItemId: null,
  genericCustomItemId: null,
  subRecipeId: null,
  costing: null,
});

export function pricedOffer(offer: OfferRow, customPackSize: string | null = null): PricedSource {
  const pack: PackSize | null = parsePackSize(customPackSize ?? offer.packSize);
  const price = parseCents(offer.price);
  const packUnit = getDefaultPackUnit(pack, offer.unitMeasure);
  const perUnit = getItemPriceInUnit(price, offer.unitMeasure, pack, packUnit);
  return {
    unitPrice: (unit) => getItemPriceInUnit(price, offer.unitMeasure, pack, unit),
    packUnit,
    item: {
      ...emptyItem(),
      description: offer.description,
      din: offer.din,
      price,
      unitPrice: perUnit ? Number((perUnit.num * 1n) / perUnit.den) : null,
      brand: offer.brand,
      distributor: offer.distributor,
      packSize: offer.packSize,
      packSizeUom: offer.packSizeUom,
      customPackSize,
      imageUrl: offer.imageUrl,
      brandImageUrl: offer.brandImageUrl,
      isPunchedOut: offer.isPunchedOut,
      itemDistributorId: offer.itemDistributorId,
    },
  };
}

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

interface Conversion {
  recipeUnit: string;
  recipePackSize: Ratio;
  conversionPackSize: Ratio;
  packUnit: string;
  waste: Ratio;
}

/** Cents of `amount` recipe units of a priced thing, or null when its unit does not convert. */
function costOf(priced: PricedSource, amount: Ratio, conversion: Conversion): number | null {
  const packUnitPrice = priced.unitPrice(conversion.packUnit);
  if (!packUnitPrice) return null;
  return getIngredientCost({
    recipeAmount: amount,
    recipePackSize: conversion.recipePackSize,
    conversionPackSize: conversion.conversionPackSize,
    packUnitPrice,
    wastePercentage: conversion.waste,
  });
}

/** A generic ingredient's linked item costed with its own conversion, or the automatic one. */
function costGroupItem(priced: PricedSource, row: GroupItemRow, ingredient: IngredientDbRow, amount: Ratio): number | null {
  const links = Array.isArray(ingredient.linkItems) ? (ingredient.linkItems as LinkOverride[]) : [];
  const link = links.find((l) => (row.kind === 'custom' ? l.generic_custom_item_id : l.generic_item_id) === row.id);
  const waste =
    link?.waste_percentage !== undefined ? decimalToRatio(link.waste_percentage) : ratioOf(ingredient.wastePercentage, '0');
  if (link?.recipe_pack_size_fraction && link.conversion_pack_size_fraction) {
    return costOf(priced, amount, {
      recipeUnit: ingredient.recipePackSizeUom,
      recipePackSize: ratioOf(link.recipe_pack_size_fraction, '1'),
      conversionPackSize: ratioOf(link.conversion_pack_size_fraction, '1'),
      packUnit: link.conversion_pack_size_uom ?? priced.packUnit,
      waste,
    });
  }
  const auto = getAutoConversion(ingredient.recipePackSizeUom, priced.packUnit);
  if (!auto) return null;
  return costOf(priced, amount, {
    recipeUnit: ingredient.recipePackSizeUom,
    recipePackSize: decimalToRatio(auto.recipePackSizeValue),
    conversionPackSize: decimalToRatio(auto.conversionPackSizeValue),
    packUnit: priced.packUnit,
    waste,
  });
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

/** A recipe's total cost in cents (sub-recipes included, a cycle counted as 0; one entered by hand stands). */
export function getRecipeCost(book: CostBook, recipeId: number, stack = new Set<number>()): number {
  const known = book.totals.get(recipeId);
  if (known !== undefined) return known;
  if (stack.has(recipeId)) return 0;
  stack.add(recipeId);
  const costs = (book.ingredients.get(recipeId) ?? []).map((i) => costIngredient(book, i, stack).cost ?? 0);
  stack.delete(recipeId);
  const ingredientsCost = getRecipeTotals(costs, null).totalCost;
  const recipe = book.recipes.get(recipeId);
  const total = recipe ? getShownTotalCost(ingredientsCost, recipe) : ingredientsCost;
  book.totals.set(recipeId, total);
  return total;
}

/** Every recipe's total cost in cents (what the recipe list shows and `recipe_costs` stores). */
export function getAllRecipeCosts(book: CostBook): Map<number, number> {
  return new Map([...book.recipes.keys()].map((id) => [id, getRecipeCost(book, id)]));
}
