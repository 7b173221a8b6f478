/**
 * Recipe costing (doc 2 §2, §4 "Recipes", §7 "Recipes"): menu categories, recipes, ingredients of
 * three kinds and their costs. Costs are computed on every read from the current effective prices,
 * so a new order guide or invoice price shows in every recipe that uses the item.
 */
import type { Database } from '@stockpot/db';
import {
  decimalToRatio,
  fractionToNumber,
  getAutoConversion,
  getCostPerYieldUnit,
  getDefaultPackUnit,
  getIngredientCost,
  getItemPriceInUnit,
  getPriceFromTotals,
  getRecipeTotals,
  MENU_CATEGORY_NOT_FOUND,
  NOT_CONVERTIBLE_MESSAGE,
  parseCents,
  parseFraction,
  parsePackSize,
  SUB_RECIPE_LOCKED,
  toDecimalString,
  toPageMeta,
  type CreateRecipeRequest,
  type Ingredient,
  type IngredientItem,
  type IngredientRequest,
  type MenuCategory,
  type Recipe,
  type RecipeFilter,
  type RecipeRow,
  type UpdateRecipeRequest,
  type PackSize,
  type Ratio,
} from '@stockpot/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import * as repo from './recipes.repo';

export const RECIPE_COSTING_DISABLED = 'Recipe costing is not enabled for this location.';
export const SUB_RECIPE_CYCLE = 'A recipe cannot use itself as a sub-recipe, directly or through another sub-recipe.';
export const NOT_A_SUB_RECIPE = 'Only a recipe marked as a sub-recipe can be added as a sub-recipe ingredient.';

const recipeNotFound = () => new AppError(404, 'not_found', 'Recipe not found.');
const categoryNotFound = () => new AppError(404, 'not_found', `${MENU_CATEGORY_NOT_FOUND}.`);

/** The location must have recipe costing enabled (doc 2 §6). */
export async function requireRecipeCosting(db: Database, locationId: number): Promise<string> {
  const flags = await repo.findLocationFlags(db, locationId);
  if (!flags?.displayRecipeCosting) throw forbidden(RECIPE_COSTING_DISABLED);
  return flags.today;
}

// ------------------------------------------------------------------ menu categories

export async function listCategories(db: Database, locationId: number): Promise<MenuCategory[]> {
  return (await repo.selectCategories(db, locationId)).map((c) => ({ value: c.id, label: c.name }));
}

export async function createCategory(db: Database, locationId: number, name: string): Promise<MenuCategory> {
  const id = await db.transaction((tx) => repo.insertCategory(tx, locationId, name));
  return { value: id, label: name };
}

export async function renameCategory(db: Database, locationId: number, id: number, name: string): Promise<MenuCategory> {
  if (!(await db.transaction((tx) => repo.updateCategory(tx, locationId, id, name)))) throw categoryNotFound();
  return { value: id, label: name };
}

/** Deletes the category with its recipes (decision: the 'Delete Category?' confirmation covers them). */
export async function deleteCategory(db: Database, locationId: number, id: number): Promise<{ id: number }> {
  if (!(await db.transaction((tx) => repo.deleteCategory(tx, locationId, id)))) throw categoryNotFound();
  return { id };
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

interface CostBook {
  recipes: Map<number, repo.RecipeDbRow>;
  ingredients: Map<number, repo.IngredientDbRow[]>;
  offers: Map<number, repo.OfferRow>;
  groups: Map<number, repo.GroupRow>;
  groupItems: Map<number, repo.GroupItemRow[]>;
  /** Memo of each recipe's total cost in cents. */
  totals: Map<number, number>;
}

const ratioOf = (text: string | undefined, fallback: string): Ratio => parseFraction(text ?? '') ?? parseFraction(fallback)!;

async function loadCostBook(db: Database, locationId: number): Promise<CostBook> {
  const [recipes, ingredients] = await Promise.all([
    repo.selectRecipes(db, locationId),
    repo.selectAllIngredients(db, locationId),
  ]);
  const groupIds = [...new Set(ingredients.flatMap((i) => (i.inventoryGroupId ? [i.inventoryGroupId] : [])))];
  const [groups, groupItems] = await Promise.all([
    repo.selectGroups(db, locationId, groupIds),
    repo.selectGroupItems(db, locationId, groupIds),
  ]);
  const offerIds = [
    ...new Set([
      ...ingredients.flatMap((i) => (i.itemDistributorId ? [i.itemDistributorId] : [])),
      ...groupItems.flatMap((g) => (g.itemDistributorId ? [g.itemDistributorId] : [])),
    ]),
  ];
  const offers = await repo.selectOffers(db, locationId, offerIds);
  const byRecipe = new Map<number, repo.IngredientDbRow[]>();
  for (const row of ingredients) byRecipe.set(row.recipeId, [...(byRecipe.get(row.recipeId) ?? []), row]);
  const byGroup = new Map<number, repo.GroupItemRow[]>();
  for (const row of groupItems) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row]);
  return {
    recipes: new Map(recipes.map((r) => [r.id, r])),
    ingredients: byRecipe,
    offers: new Map(offers.map((o) => [o.itemDistributorId, o])),
    groups: new Map(groups.map((g) => [g.id, g])),
    groupItems: byGroup,
    totals: new Map(),
  };
}

/** One pack unit's price (1/10000 dollars) of a priced thing, and its pack unit. */
interface Priced {
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

function pricedOffer(offer: repo.OfferRow, customPackSize: string | null = null): Priced {
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

function pricedSubRecipe(book: CostBook, subRecipeId: number, stack: Set<number>): Priced | null {
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

function pricedGroupItem(book: CostBook, row: repo.GroupItemRow, stack: Set<number>): Priced | null {
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

interface Conversion {
  recipeUnit: string;
  recipePackSize: Ratio;
  conversionPackSize: Ratio;
  packUnit: string;
  waste: Ratio;
}

/** Cents of `amount` recipe units of a priced thing, or null when its unit does not convert. */
function costOf(priced: Priced, amount: Ratio, conversion: Conversion): number | null {
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
function costGroupItem(priced: Priced, row: repo.GroupItemRow, ingredient: repo.IngredientDbRow, amount: Ratio): number | null {
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

interface CostedIngredient {
  cost: number | null;
  item: IngredientItem | null;
  items: IngredientItem[];
  name: string;
  comparisonView: { id: number; name: string } | null;
  isInactive: boolean;
}

function costIngredient(book: CostBook, ingredient: repo.IngredientDbRow, stack: Set<number>): CostedIngredient {
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

/** A recipe's total cost in cents (sub-recipes included, a cycle counted as 0). */
function getRecipeCost(book: CostBook, recipeId: number, stack = new Set<number>()): number {
  const known = book.totals.get(recipeId);
  if (known !== undefined) return known;
  if (stack.has(recipeId)) return 0;
  stack.add(recipeId);
  const costs = (book.ingredients.get(recipeId) ?? []).map((i) => costIngredient(book, i, stack).cost ?? 0);
  stack.delete(recipeId);
  const total = getRecipeTotals(costs, null).totalCost;
  book.totals.set(recipeId, total);
  return total;
}

/** Every recipe's cost of one portion in cents, at today's prices (POS theoretical food cost). */
export async function getRecipeCosts(db: Database, locationId: number): Promise<Map<number, number>> {
  const book = await loadCostBook(db, locationId);
  return new Map([...book.recipes.keys()].map((id) => [id, getRecipeCost(book, id)]));
}

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

// ------------------------------------------------------------------ recipes

function toIngredient(row: repo.IngredientDbRow, costed: CostedIngredient): Ingredient {
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
  };
}

function buildRecipe(book: CostBook, row: repo.RecipeDbRow, isSubRecipeUsed: boolean): Recipe {
  const ingredientRows = book.ingredients.get(row.id) ?? [];
  const costed = ingredientRows.map((i) => costIngredient(book, i, new Set([row.id])));
  const price = row.price === null || row.isSubRecipe ? null : parseCents(row.price);
  const totals = getRecipeTotals(
    costed.map((c) => c.cost ?? 0),
    price,
  );
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
    hasInactiveItems: costed.some((c) => c.isInactive),
    menu: { id: row.menuCategoryId, name: row.menuName },
    ingredients: ingredientRows.map((r, index) => toIngredient(r, costed[index])),
    comparisonView: view,
  };
}

export async function getRecipe(db: Database, locationId: number, id: number): Promise<Recipe> {
  const book = await loadCostBook(db, locationId);
  const row = book.recipes.get(id);
  if (!row) throw recipeNotFound();
  const used = [...book.ingredients.values()].some((list) => list.some((i) => i.subRecipeId === id));
  return buildRecipe(book, row, used);
}

export interface ListOptions {
  filters: RecipeFilter[];
  expand: string[];
  range: { bgnDate: string; endDate: string } | null;
  sort: string;
  page: number;
  limit: number;
}

export async function listRecipes(db: Database, locationId: number, options: ListOptions) {
  const book = await loadCostBook(db, locationId);
  const pos = options.range ? await repo.selectPosTotals(db, locationId, options.range) : [];
  const posByRecipe = new Map(pos.map((p) => [p.recipeId, p]));
  let rows = [...book.recipes.values()];
  for (const filter of options.filters) {
    const value = filter.value;
    const test = (field: unknown): boolean => {
      if (filter.operator === 'like') return String(field).toLowerCase().includes(String(value).toLowerCase());
      const equal = String(field) === String(value === true ? 1 : value === false ? 0 : value);
      return filter.operator === '=' ? equal : !equal;
    };
    rows = rows.filter((r) =>
      filter.field === 'recipe_menu_category_id'
        ? test(r.menuCategoryId)
        : filter.field === 'is_sub_recipe'
          ? test(r.isSubRecipe ? 1 : 0)
          : filter.field === 'id'
            ? test(r.id)
            : test(r.name),
    );
  }
  const withMenu = options.expand.includes('menu');
  const list: RecipeRow[] = rows.map((r) => {
    const price = r.price === null || r.isSubRecipe ? null : parseCents(r.price);
    const totals = getRecipeTotals([getRecipeCost(book, r.id)], price);
    const sales = posByRecipe.get(r.id);
    return {
      id: r.id,
      name: r.name,
      price,
      totalCost: totals.totalCost,
      foodCostPercent: totals.foodCostPercent,
      posQuantitySold: sales ? Number(sales.quantity) : 0,
      posTotalSold: sales ? parseCents(sales.amount) : 0,
      isSubRecipe: r.isSubRecipe,
      subRecipeYield: r.subRecipeYield,
      subRecipeYieldUom: r.subRecipeYieldUom,
      ...(withMenu ? { menu: { id: r.menuCategoryId, name: r.menuName } } : {}),
    };
  });
  const descending = options.sort.startsWith('-');
  const key = options.sort.replace(/^-/, '') as keyof RecipeRow;
  list.sort((a, b) => {
    let order: number;
    if (key === 'name') order = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    else order = Number(a[key] ?? -1) - Number(b[key] ?? -1);
    if (order === 0) order = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;
    return descending ? -order : order;
  });
  const offset = (options.page - 1) * options.limit;
  return { data: list.slice(offset, offset + options.limit), _meta: toPageMeta(list.length, options.page, options.limit) };
}

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
  if (!(await repo.findCategory(db, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
  const id = await db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
    return repo.insertRecipe(tx, locationId, toWrite(body));
  });
  return getRecipe(db, locationId, id);
}

export async function updateRecipe(db: Database, locationId: number, id: number, body: UpdateRecipeRequest): Promise<Recipe> {
  if ('name' in body) {
    await db.transaction(async (tx) => {
      const current = await repo.findRecipe(tx, locationId, id, true);
      if (!current) throw recipeNotFound();
      if (!(await repo.findCategory(tx, locationId, body.recipe_menu_category_id))) throw categoryNotFound();
      if (current.isSubRecipe && !body.is_sub_recipe && (await repo.isUsedAsSubRecipe(tx, locationId, id))) {
        throw badRequest(SUB_RECIPE_LOCKED, 'sub_recipe_locked');
      }
      await repo.updateRecipe(tx, locationId, id, toWrite(body));
      // A recipe that is no longer a sub-recipe has no yield to count in an inventory group (decision).
      if (current.isSubRecipe && !body.is_sub_recipe) await repo.deleteInventoryLinks(tx, locationId, id);
    });
    return getRecipe(db, locationId, id);
  }
  // Totals: the menu price, or a margin or food cost % that sets it (doc 2 §4).
  const recipe = await getRecipe(db, locationId, id);
  if (recipe.isSubRecipe) throw badRequest('A sub-recipe has no menu price, margin or food cost %.', 'bad_request');
  let price = body.price ?? null;
  if (body.marginGrossProfit !== undefined)
    price = getPriceFromTotals(recipe.totalCost, { marginGrossProfit: body.marginGrossProfit });
  else if (body.foodCostPercentage !== undefined)
    price = getPriceFromTotals(recipe.totalCost, { foodCostPercent: body.foodCostPercentage });
  else if (price === null) price = recipe.price;
  if (price === null || price <= 0) throw badRequest('These totals would give a menu price of $0.00 or less.', 'bad_request');
  await db.transaction(async (tx) => {
    if (!(await repo.findRecipe(tx, locationId, id, true))) throw recipeNotFound();
    await repo.updateRecipePrice(tx, locationId, id, toDecimalString(price, 2));
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
    await repo.insertIngredient(tx, toLocation, id, ingredient);
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
  return db.transaction(async (tx) => {
    const source = await repo.findRecipe(tx, locationId, id, true);
    if (!source) throw recipeNotFound();
    const category =
      (await repo.findCategoryByName(tx, targetLocationId, source.menuName))?.id ??
      (await repo.insertCategory(tx, targetLocationId, source.menuName));
    const ingredients = (await repo.selectAllIngredients(tx, locationId)).filter((i) => i.recipeId === id);
    const copy = await copyRecipeInto(tx, locationId, targetLocationId, source, category, source.name, ingredients);
    return { id: copy.id, locationId: targetLocationId, skipped: copy.skipped };
  });
}

// ------------------------------------------------------------------ ingredients

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
): Promise<repo.IngredientWrite> {
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
    await repo.insertIngredient(tx, locationId, recipeId, await toIngredientWrite(tx, locationId, recipeId, body));
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
    if (!(await repo.findIngredient(tx, locationId, recipeId, ingredientId))) throw notFound('Ingredient');
    await repo.updateIngredient(tx, locationId, ingredientId, await toIngredientWrite(tx, locationId, recipeId, body));
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
    if (!(await repo.deleteIngredient(tx, locationId, recipeId, ingredientId))) throw notFound('Ingredient');
  });
  return getRecipe(db, locationId, recipeId);
}

/** The recipes to print, in the order asked; an id that is not the location's answers 404. */
export async function getRecipesForPrint(db: Database, locationId: number, ids: number[]): Promise<Recipe[]> {
  const book = await loadCostBook(db, locationId);
  return ids.map((id) => {
    const row = book.recipes.get(id);
    if (!row) throw recipeNotFound();
    return buildRecipe(book, row, false);
  });
}

/** The 'I want to add...' picker's candidates, 30 a page (doc 2 §7). */
export async function searchIngredients(
  db: Database,
  locationId: number,
  query: { type: 'item' | 'generic' | 'subrecipe'; search: string; exclude?: number; page: number; limit: number },
) {
  const rows = await repo.searchIngredientOptions(db, locationId, query.type, query.search, query.exclude ?? null, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    detail: row.detail,
    packUnit:
      query.type === 'item'
        ? getDefaultPackUnit(parsePackSize(row.packSize), row.unitMeasure)
        : query.type === 'subrecipe'
          ? row.unitMeasure
          : '',
  }));
  return { data, _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit) };
}
