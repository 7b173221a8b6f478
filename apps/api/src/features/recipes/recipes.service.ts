/**
 * Recipe costing (doc 2 §2, §4 "Recipes", §7 "Recipes"): menu categories, recipes, ingredients of
 * three kinds and their costs, from the current effective prices, so a new order guide or invoice
 * price shows in every recipe that uses the item. The views that show ingredients cost the
 * location's cost book on every read (the domain's costing engine); the recipe list reads each
 * recipe's total from `recipe_costs`, which the same engine keeps (packages/db recipe-costs:
 * marked stale in the transaction of every write that changes a cost, recomputed before a read).
 */
import { computeRecipeCosts, refreshRecipeCosts, type Database } from '@stockpot/db';
import {
  costBookGroupIds,
  costBookOfferIds,
  costIngredient,
  createCostBook,
  fractionToNumber,
  findMenuCategoryClash,
  getAutoConversion,
  pickLastPurchase,
  describeGroupItem,
  getMenuCategoryExistsMessage,
  getDefaultPackUnit,
  getPriceFromTotals,
  getRecipeTotals,
  getShownTotalCost,
  MENU_CATEGORY_NOT_FOUND,
  NOT_CONVERTIBLE_MESSAGE,
  getRecipeCost,
  parseCents,
  parseFraction,
  parsePackSize,
  pricedOffer,
  SUB_RECIPE_LOCKED,
  toDecimalString,
  toPageMeta,
  type CostBook,
  type CostedIngredient,
  type LinkedIngredientItem,
  type OfferPurchase,
  type CreateRecipeRequest,
  type Ingredient,
  type IngredientRequest,
  type MenuCategory,
  type Recipe,
  type RecipeFilter,
  type RecipeRow,
  type UpdateRecipeRequest,
} from '@stockpot/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import * as repo from './recipes.repo';

export const RECIPE_COSTING_DISABLED = 'Recipe costing is not enabled for this location.';
export const SUB_RECIPE_CYCLE = 'A recipe cannot use itself as a sub-recipe, directly or through another sub-recipe.';
export const COPY_TARGET_WITHOUT_RECIPE_COSTING =
  'Recipe costing is not enabled for that location, so the recipe cannot be copied there.';
export const NOT_A_SUB_RECIPE = 'Only a recipe marked as a sub-recipe can be added as a sub-recipe ingredient.';

const recipeNotFound = () => new AppError(404, 'not_found', 'Recipe not found.');
const linkedItemNotFound = () => new AppError(404, 'not_found', 'Linked item not found.');
const SUB_RECIPE_TOTALS = 'A sub-recipe has no menu price, margin or food cost %, and its total cost follows its ingredients.';
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

/**
 * Refuses a name another menu category of the location already has, in any case (issue 34). Run
 * inside the write's transaction: the lock makes two simultaneous creates of one name queue.
 */
async function refuseCategoryClash(tx: Database, locationId: number, name: string, renamingId?: number): Promise<void> {
  await repo.lockCategoryNames(tx, locationId);
  const clash = findMenuCategoryClash(name, await repo.selectCategories(tx, locationId), renamingId);
  if (clash)
    throw badRequest(getMenuCategoryExistsMessage(clash.name), 'duplicate_menu_category', [
      { field: 'name', message: getMenuCategoryExistsMessage(clash.name) },
    ]);
}

export async function createCategory(db: Database, locationId: number, name: string): Promise<MenuCategory> {
  const id = await db.transaction(async (tx) => {
    await refuseCategoryClash(tx, locationId, name);
    return repo.insertCategory(tx, locationId, name);
  });
  return { value: id, label: name };
}

export async function renameCategory(db: Database, locationId: number, id: number, name: string): Promise<MenuCategory> {
  const renamed = await db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, locationId, id))) return false;
    await refuseCategoryClash(tx, locationId, name, id);
    return repo.updateCategory(tx, locationId, id, name);
  });
  if (!renamed) throw categoryNotFound();
  return { value: id, label: name };
}

/** Deletes the category with its recipes (decision: the 'Delete Category?' confirmation covers them). */
export async function deleteCategory(db: Database, locationId: number, id: number): Promise<{ id: number }> {
  if (!(await db.transaction((tx) => repo.deleteCategory(tx, locationId, id)))) throw categoryNotFound();
  return { id };
}

// ------------------------------------------------------------------ costing

/** The location's cost book (every recipe and ingredient, the offers and groups they use). */
async function loadCostBook(db: Database, locationId: number): Promise<CostBook> {
  return createCostBook(await repo.selectCostBookRows(db, locationId));
}

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

// ------------------------------------------------------------------ recipes

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
async function loadPurchases(db: Database, locationId: number, offerIds: readonly number[]): Promise<Purchases> {
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
    isTotalCostEntered: !row.isSubRecipe && row.totalCostEntered !== null,
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

/** The list's name order: localeCompare(…, 'en', { sensitivity: 'base' }), with one collator for every call. */
const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

export interface ListOptions {
  filters: RecipeFilter[];
  expand: string[];
  range: { bgnDate: string; endDate: string } | null;
  sort: string;
  page: number;
  limit: number;
}

/**
 * The recipe list (doc 2 §7): one statement reads the location's flag, every recipe with its stored
 * cost and its POS sales in the range; stored costs marked stale are recomputed first (then read
 * again). Filters, sort and paging as before, over the location's recipes.
 */
export async function listRecipes(db: Database, locationId: number, options: ListOptions) {
  // A menu category asked for by its id narrows the statement (the filter below still applies).
  const category = options.filters.find(
    (f) => f.field === 'recipe_menu_category_id' && f.operator === '=' && /^[1-9][0-9]{0,8}$/.test(String(f.value)),
  );
  const categoryId = category ? Number(category.value) : null;
  let found = await repo.selectRecipeList(db, locationId, options.range, categoryId);
  if (!found[0]?.displayRecipeCosting) throw forbidden(RECIPE_COSTING_DISABLED);
  if (found[0].stale) {
    await refreshRecipeCosts(db, locationId);
    found = await repo.selectRecipeList(db, locationId, options.range, categoryId);
    if (!found[0]?.displayRecipeCosting) throw forbidden(RECIPE_COSTING_DISABLED);
  }
  let rows = found.filter((r): r is repo.RecipeListRow & { id: number } => r.id !== null);
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
    const totals = getRecipeTotals([r.totalCost ?? 0], price);
    return {
      id: r.id,
      name: r.name,
      price,
      totalCost: totals.totalCost,
      foodCostPercent: totals.foodCostPercent,
      posQuantitySold: r.quantity === null ? 0 : Number(r.quantity),
      posTotalSold: r.amount === null ? 0 : parseCents(r.amount),
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
    if (key === 'name') order = byName(a.name, b.name);
    else order = Number(a[key] ?? -1) - Number(b[key] ?? -1);
    if (order === 0) order = byName(a.name, b.name) || a.id - b.id;
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
  // A recipe at a location without recipe costing could be neither seen nor edited there (issue 34).
  const target = await repo.findLocationFlags(db, targetLocationId);
  if (!target?.displayRecipeCosting) throw badRequest(COPY_TARGET_WITHOUT_RECIPE_COSTING, 'recipe_costing_disabled');
  return db.transaction(async (tx) => {
    await repo.lockCategoryNames(tx, targetLocationId);
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
  const purchases = await loadPurchases(db, locationId, recipeOfferIds(book, ids));
  return ids.map((id) => {
    const row = book.recipes.get(id);
    if (!row) throw recipeNotFound();
    return buildRecipe(book, row, false, purchases);
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

/**
 * GET recipe/item/{groupId}/genericItem/{id} and …/genericCustomItem/{id} (doc 2 §7): an item linked
 * to one of the location's generic groups, as a generic ingredient lists it, with its last purchase.
 * An id that is not a linked item of that kind in that group of the location answers 404.
 */
export async function getLinkedItem(
  db: Database,
  locationId: number,
  groupId: number,
  kind: 'item' | 'custom',
  id: number,
): Promise<LinkedIngredientItem> {
  const groupItems = await repo.selectGroupItems(db, locationId, [groupId]);
  const linked = groupItems.find((g) => g.id === id && (kind === 'custom' ? g.kind === 'custom' : g.kind !== 'custom'));
  if (!linked) throw linkedItemNotFound();
  // Only a sub-recipe's price needs the location's recipes; a catalogue item needs its one offer, a custom item none.
  const book =
    linked.kind === 'subrecipe'
      ? await loadCostBook(db, locationId)
      : createCostBook({
          recipes: [],
          ingredients: [],
          groups: [],
          groupItems: [],
          offers: await repo.selectOffers(db, locationId, linked.itemDistributorId ? [linked.itemDistributorId] : []),
        });
  const item = describeGroupItem(book, linked);
  if (!item) throw linkedItemNotFound();
  const offerIds = item.itemDistributorId ? [item.itemDistributorId] : [];
  return { ...item, ...pickLastPurchase(offerIds, await loadPurchases(db, locationId, offerIds)) };
}
