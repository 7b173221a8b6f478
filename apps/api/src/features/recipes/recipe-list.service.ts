/** The recipe list (doc 2 §7 "Recipes"): filters, sort and paging over the stored costs and POS sales. */
import { refreshRecipeCosts, type Database } from '@stockpot/db';
import { getRecipeTotals, parseCents, toPageMeta, type RecipeFilter, type RecipeRow } from '@stockpot/domain';
import { forbidden } from '../../platform/errors';
import { RECIPE_COSTING_DISABLED } from './recipe-guards';
import * as repo from './recipe-list.repo';

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
