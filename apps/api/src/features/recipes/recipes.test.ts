import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { computeRecipeCosts, queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  NOT_CONVERTIBLE_MESSAGE,
  SUB_RECIPE_LOCKED,
  recipeSchema,
  type MenuCategory,
  type Recipe,
  type RecipeRow,
} from '@stockpot/domain';
import { isRawLibraryText } from '../../hardening/hardening-support';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;

/** pdftoppm (poppler-utils) renders the PDF where it is installed; the structure is checked everywhere. */
function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
let t: TestApp;
let owner: string;
let chef: string;
let categories: MenuCategory[];
let entrees: number;
let prep: number;
/** A catalogue offer of Harbor Grill sold by the case in pounds, and a generic group of its inventory view. */
let offer: { id: number; packSize: string };
let butterGroup: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token = owner, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });

async function create(body: object): Promise<Recipe> {
  const response = await api('POST', 'recipe', owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function addIngredient(recipeId: number, body: object): Promise<Recipe> {
  const response = await api('POST', `recipe/${recipeId}/ingredient`, owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return recipeSchema.parse(response.json().data);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  categories = (await api('GET', 'recipe-menu-category')).json().data;
  entrees = categories.find((c) => c.label === 'Entrees')!.value;
  prep = categories.find((c) => c.label === 'Sauces & Prep')!.value;
  [offer] = await queryRows<{ id: number; packSize: string }>(
    t.handle.db,
    sql`SELECT d.id, d.pack_size AS "packSize" FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND d.unit_measure = 'CS' AND d.pack_size ~ '^[0-9]+/[0-9.]+ ?LB$' AND NOT li.is_punched_out
        ORDER BY d.id LIMIT 1`,
  );
  [{ id: butterGroup }] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`SELECT id FROM inventory_groups WHERE location_id = ${L.harborGrill} AND name = 'Butter'`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('menu categories', () => {
  it("lists Harbor Grill's demo categories as value/label, and creates, renames and deletes one", async () => {
    expect(categories.map((c) => c.label)).toEqual(['Entrees', 'Sauces & Prep', 'Sides']);
    const created = await api('POST', 'recipe-menu-category', owner, { name: '  Brunch ' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.value;
    expect(created.json().data.label).toBe('Brunch');
    expect((await api('PATCH', `recipe-menu-category/${id}`, owner, { name: 'Weekend Brunch' })).json().data.label).toBe(
      'Weekend Brunch',
    );
    expect((await api('DELETE', `recipe-menu-category/${id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `recipe-menu-category/${id}`)).statusCode).toBe(404);
  });

  it('refuses a blank name with a message a person can act on', async () => {
    const response = await api('POST', 'recipe-menu-category', owner, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The menu category name is required.');
    expect((await api('PATCH', 'recipe-menu-category/abc', owner, { name: 'x' })).statusCode).toBe(400);
  });
});

describe('recipes', () => {
  it('validates the recipe form (doc 2 §5)', async () => {
    const short = await api('POST', 'recipe', owner, { name: 'ab', recipe_menu_category_id: entrees, price: 10 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 3 characters');
    const noPrice = await api('POST', 'recipe', owner, { name: 'Soup', recipe_menu_category_id: entrees });
    expect(noPrice.json().message).toContain('The menu price is required and must be greater than 0.');
    const zero = await api('POST', 'recipe', owner, { name: 'Soup', recipe_menu_category_id: entrees, price: 0 });
    expect(zero.statusCode).toBe(400);
    const badYield = await api('POST', 'recipe', owner, {
      name: 'Stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: 'two',
      sub_recipe_yield_uom: 'qt',
    });
    expect(badYield.json().message).toContain('is not a fraction or number');
    const badUnit = await api('POST', 'recipe', owner, {
      name: 'Stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '2',
      sub_recipe_yield_uom: 'qt2',
    });
    expect(badUnit.json().message).toContain('letters only');
    const noCategory = await api('POST', 'recipe', owner, { name: 'Soup', recipe_menu_category_id: 999_999, price: 5 });
    expect(noCategory.statusCode).toBe(404);
    expect(noCategory.json().message).toBe('Menu Category Not Found.');
  });

  it('costs the demo recipes: the sub-recipe cost flows into the entrée', async () => {
    const list = await api(
      'GET',
      `recipe?filters=${encodeURIComponent(JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value: entrees }]))}&expand=menu,posQuantitySold,posTotalSold&bgn_date=${encodeURIComponent('2026-10-01 00:00:00')}&end_date=${encodeURIComponent('2026-10-31 23:59:59')}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const chicken = (list.json().data as RecipeRow[]).find((r) => r.name === 'Pan-Roasted Chicken Breast')!;
    expect(chicken.price).toBe(2600);
    expect(chicken.totalCost, JSON.stringify(chicken)).toBeGreaterThan(0);
    expect(chicken.foodCostPercent).toBe(Math.round((chicken.totalCost * 10_000) / 2600));
    expect(chicken.menu).toMatchObject({ name: 'Entrees' });
    expect(chicken.posQuantitySold).toBeGreaterThan(0);
    const full = recipeSchema.parse((await api('GET', `recipe/${chicken.id}`)).json().data);
    expect(full.ingredients.map((i) => i.ingredientType).sort()).toEqual(['generic', 'item', 'subrecipe']);
    expect(full.totalCost).toBe(full.ingredients.reduce((sum, i) => sum + (i.ingredientCosting ?? 0), 0));
    const sauce = full.ingredients.find((i) => i.ingredientType === 'subrecipe')!;
    expect(sauce.ingredientCosting).toBeGreaterThan(0);
  });

  it('sorts and pages the list, 20 a page', async () => {
    for (let n = 0; n < 21; n += 1)
      await create({ name: `Paging dish ${String(n).padStart(2, '0')}`, recipe_menu_category_id: entrees, price: 10 + n });
    const filter = encodeURIComponent(JSON.stringify([{ field: 'name', operator: 'like', value: 'Paging dish' }]));
    const first = (await api('GET', `recipe?filters=${filter}`)).json();
    expect(first.data).toHaveLength(20);
    expect(first._meta).toMatchObject({ currentPage: 1, pageCount: 2, totalCount: 21 });
    expect(first.data[0].name).toBe('Paging dish 00');
    const byPrice = (await api('GET', `recipe?filters=${filter}&sort=-price&limit=3`)).json().data as RecipeRow[];
    expect(byPrice.map((r) => r.price)).toEqual([3000, 2900, 2800]);
    expect((await api('GET', 'recipe?sort=colour')).statusCode).toBe(400);
    expect((await api('GET', 'recipe?filters=nope')).statusCode).toBe(400);
    // A JSON filters that is not a list is worded for a person, not in the library's words (issue 33, defect 8).
    const notAList = await api('GET', 'recipe?filters=1');
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json()).toMatchObject({ message: 'Filters must be a list.', errors: [{ field: 'filters' }] });
    const badEntry = await api('GET', `recipe?filters=${encodeURIComponent('[{"field":1}]')}`);
    expect(badEntry.statusCode).toBe(400);
    expect(isRawLibraryText(badEntry.json().message)).toBe(false);
    expect((await api('GET', 'recipe?bgn_date=2026-13-01')).statusCode).toBe(400);
  });

  it('edits totals: a food cost % or margin sets the menu price', async () => {
    const recipe = await create({ name: 'Totals dish', recipe_menu_category_id: entrees, price: 20 });
    const withItem = await addIngredient(recipe.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'lb',
    });
    const cost = withItem.totalCost;
    const byPercent = await api('PATCH', `recipe/${recipe.id}`, owner, { foodCostPercentage: 25 });
    expect(byPercent.statusCode, byPercent.body).toBe(200);
    expect(byPercent.json().data.price).toBe(Math.round((cost * 10_000) / 2500));
    const byMargin = await api('PATCH', `recipe/${recipe.id}`, owner, { marginGrossProfit: 10 });
    expect(byMargin.json().data.price).toBe(cost + 1000);
    expect((await api('PATCH', `recipe/${recipe.id}`, owner, { price: 0 })).statusCode).toBe(400);
    expect((await api('PATCH', `recipe/${recipe.id}`, owner, {})).statusCode).toBe(400);
  });

  it('takes a total cost entered by hand, reads the totals from it everywhere, and gives it back (issue 34)', async () => {
    const recipe = await create({ name: 'Entered cost dish', recipe_menu_category_id: entrees, price: 24 });
    const withItem = await addIngredient(recipe.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'lb',
    });
    const ingredientsCost = withItem.totalCost;
    expect(withItem.isTotalCostEntered).toBe(false);
    expect(withItem.ingredientsCost).toBe(ingredientsCost);

    const entered = await api('PATCH', `recipe/${recipe.id}`, owner, { totalCost: '8.10' });
    expect(entered.statusCode, entered.body).toBe(200);
    const shown = recipeSchema.parse(entered.json().data);
    expect(shown).toMatchObject({ totalCost: 810, ingredientsCost, isTotalCostEntered: true, price: 2400 });
    // Margin and food cost % recomputed from the parts shown beside them.
    expect(shown.marginGrossProfit).toBe(2400 - 810);
    expect(shown.foodCostPercent).toBe(Math.round((810 * 10_000) / 2400));
    // The list (stored costs) and POS theoretical cost read the same figure.
    const row = ((await api('GET', 'recipe?limit=10000')).json().data as RecipeRow[]).find((r) => r.id === recipe.id)!;
    expect(row).toMatchObject({ totalCost: 810, foodCostPercent: shown.foodCostPercent });
    expect((await computeRecipeCosts(t.handle.db, L.harborGrill)).get(recipe.id)).toBe(810);

    // A margin sent with a new total reads the new total; a duplicate keeps the entered figure.
    const both = await api('PATCH', `recipe/${recipe.id}`, owner, { totalCost: 10, marginGrossProfit: 15 });
    expect(both.json().data).toMatchObject({ totalCost: 1000, price: 2500, marginGrossProfit: 1500 });
    const copy = await api('POST', `recipe/${recipe.id}/duplicate`, owner);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data).toMatchObject({ totalCost: 1000, isTotalCostEntered: true });

    // Refused with a message, nothing written: zero, negative, text, too large, or on a sub-recipe.
    for (const totalCost of [0, -1, 'abc', 2_000_000]) {
      const refused = await api('PATCH', `recipe/${recipe.id}`, owner, { totalCost });
      expect(refused.statusCode, String(totalCost)).toBe(400);
      expect(refused.json().message).toMatch(/total cost/i);
    }
    const stock = await create({
      name: 'Entered cost stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '2',
      sub_recipe_yield_uom: 'qt',
    });
    const onSubRecipe = await api('PATCH', `recipe/${stock.id}`, owner, { totalCost: 5 });
    expect(onSubRecipe.statusCode).toBe(400);
    expect(onSubRecipe.json().message).toMatch(/sub-recipe/);
    expect((await api('GET', `recipe/${recipe.id}`)).json().data.totalCost).toBe(1000);

    // null takes the ingredients' sum back.
    const back = await api('PATCH', `recipe/${recipe.id}`, owner, { totalCost: null });
    expect(back.json().data).toMatchObject({ totalCost: ingredientsCost, isTotalCostEntered: false, price: 2500 });
    expect((await computeRecipeCosts(t.handle.db, L.harborGrill)).get(recipe.id)).toBe(ingredientsCost);
  });

  it('duplicates, prints and deletes', async () => {
    const recipe = await create({
      name: 'Print dish',
      recipe_menu_category_id: entrees,
      price: 12.5,
      description: 'For the printer',
    });
    await addIngredient(recipe.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1/2',
      recipe_pack_size_uom: 'lb',
    });
    const copy = await api('POST', `recipe/${recipe.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'Print dish (copy)', price: 1250 });
    expect(copy.json().data.ingredients).toHaveLength(1);
    const link = await api('GET', `recipe/print?recipes=${recipe.id},${copy.json().data.id}`);
    expect(link.statusCode).toBe(200);
    const pdf = await api('GET', link.json().data.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'recipes-pdf-'));
    writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    if (hasPdftoppm()) {
      execFileSync('pdftoppm', ['-png', '-r', '40', join(dir, 'r.pdf'), join(dir, 'page')]);
      expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toHaveLength(2);
    }
    expect((await api('GET', 'recipe/print?recipes=999999')).statusCode).toBe(404);
    expect((await api('GET', 'recipe/print?recipes=a,b')).statusCode).toBe(400);
    expect((await api('DELETE', `recipe/${copy.json().data.id}`)).statusCode).toBe(200);
    expect((await api('GET', `recipe/${copy.json().data.id}`)).statusCode).toBe(404);
  });
});

describe('ingredients', () => {
  it('validates fractions, waste and conversion', async () => {
    const recipe = await create({ name: 'Validation dish', recipe_menu_category_id: entrees, price: 9 });
    const notFraction = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1/0',
    });
    expect(notFraction.statusCode).toBe(400);
    expect(notFraction.json().message).toContain('The recipe amount is not a fraction or number');
    const waste = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1',
      waste_percentage: 120,
    });
    expect(waste.json().message).toContain('The waste must be a number from 0 to 100.');
    const cup = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '2',
      recipe_pack_size_uom: 'cup',
    });
    expect(cup.statusCode).toBe(400);
    expect(cup.json()).toMatchObject({ code: 'not_convertible', message: NOT_CONVERTIBLE_MESSAGE });
    const type = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
      ingredient_type: 'thing',
      ingredient_id: 1,
      recipe_amount_fraction: '1',
    });
    expect(type.statusCode).toBe(400);
  });

  it('costs an item with waste and follows a price change', async () => {
    const recipe = await create({ name: 'Price change dish', recipe_menu_category_id: entrees, price: 30 });
    const before = await addIngredient(recipe.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '8',
      recipe_pack_size_uom: 'oz',
      waste_percentage: 10,
    });
    const ingredient = before.ingredients[0];
    expect(ingredient).toMatchObject({
      recipe_pack_size_value: 16,
      conversion_pack_size_value: 1,
      conversion_pack_size_uom: 'lb',
    });
    // A new guide price: $100.00 a case.
    await t.handle.db.execute(
      sql`UPDATE location_items SET price = 100, end_date = NULL, is_price_outdated = false
          WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`,
    );
    const after = recipeSchema.parse((await api('GET', `recipe/${recipe.id}`)).json().data);
    const [count, size] = offer.packSize
      .replace(/\s*LB$/i, '')
      .split('/')
      .map(Number);
    // 8 oz = 0.5 lb of a case of count × size lb at $100, plus 10 % waste.
    const expected = Math.round((0.5 * 10_000 * 1.1) / (count * size));
    expect(after.ingredients[0].ingredientCosting).toBe(expected);
    expect(after.totalCost).toBe(expected);
    expect(after.foodCostPercent).toBe(Math.round((expected * 10_000) / 3000));
  });

  it('adds a generic ingredient costed from its linked items', async () => {
    const recipe = await create({ name: 'Generic dish', recipe_menu_category_id: entrees, price: 15 });
    const withButter = await addIngredient(recipe.id, {
      ingredient_type: 'generic',
      ingredient_id: butterGroup,
      recipe_amount_fraction: '2',
      recipe_pack_size_uom: 'oz',
    });
    const butter = withButter.ingredients[0];
    expect(butter.name).toBe('Butter');
    expect(butter.comparisonView).toMatchObject({ name: 'Kitchen' });
    expect(butter.items.length).toBeGreaterThan(0);
    expect(butter.ingredientCosting).toBeGreaterThan(0);
    const patched = await api('PATCH', `recipe/${recipe.id}/ingredient/${butter.id}`, owner, {
      ingredient_type: 'generic',
      ingredient_id: butterGroup,
      recipe_amount_fraction: '4',
      recipe_pack_size_uom: 'oz',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(Math.abs(patched.json().data.totalCost - 2 * butter.ingredientCosting!)).toBeLessThanOrEqual(1);
    const removed = await api('DELETE', `recipe/${recipe.id}/ingredient/${butter.id}`);
    expect(removed.json().data.ingredients).toHaveLength(0);
    expect((await api('DELETE', `recipe/${recipe.id}/ingredient/${butter.id}`)).statusCode).toBe(404);
  });

  it('uses sub-recipes per yield unit, refuses cycles and locks the sub-recipe option', async () => {
    const stock = await create({
      name: 'Chicken stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '4',
      sub_recipe_yield_uom: 'qt',
    });
    expect(stock.price).toBeNull();
    const costed = await addIngredient(stock.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '2',
      recipe_pack_size_uom: 'lb',
    });
    const soup = await create({ name: 'Chicken soup', recipe_menu_category_id: entrees, price: 8 });
    const withStock = await addIngredient(soup.id, {
      ingredient_type: 'subrecipe',
      ingredient_id: stock.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    expect(withStock.ingredients[0].ingredientCosting).toBe(Math.round(costed.totalCost / 4));
    // 2 cups = 1/2 qt, converted automatically.
    const cups = await addIngredient(soup.id, {
      ingredient_type: 'subrecipe',
      ingredient_id: stock.id,
      recipe_amount_fraction: '2',
      recipe_pack_size_uom: 'cup',
    });
    expect(cups.ingredients[1].ingredientCosting).toBe(Math.round(costed.totalCost / 8));

    const self = await api('POST', `recipe/${stock.id}/ingredient`, owner, {
      ingredient_type: 'subrecipe',
      ingredient_id: stock.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('sub_recipe_cycle');
    const base = await create({
      name: 'Base stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '1',
      sub_recipe_yield_uom: 'qt',
    });
    await addIngredient(stock.id, {
      ingredient_type: 'subrecipe',
      ingredient_id: base.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    const loop = await api('POST', `recipe/${base.id}/ingredient`, owner, {
      ingredient_type: 'subrecipe',
      ingredient_id: stock.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    expect(loop.json().code).toBe('sub_recipe_cycle');
    const notSub = await api('POST', `recipe/${stock.id}/ingredient`, owner, {
      ingredient_type: 'subrecipe',
      ingredient_id: soup.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    expect(notSub.statusCode).toBe(400);

    const fetched = (await api('GET', `recipe/${stock.id}`)).json().data;
    expect(fetched.isSubRecipeUsed).toBe(true);
    const unset = await api('PATCH', `recipe/${stock.id}`, owner, {
      name: 'Chicken stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: false,
      price: 5,
    });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().message).toBe(SUB_RECIPE_LOCKED);
    const subs = await api(
      'GET',
      `recipe?filters=${encodeURIComponent(
        JSON.stringify([
          { field: 'is_sub_recipe', operator: '=', value: 1 },
          { field: 'id', operator: '!=', value: stock.id },
        ]),
      )}&limit=100`,
    );
    const names = (subs.json().data as RecipeRow[]).map((r) => r.name);
    expect(names).toContain('Lemon Butter Sauce');
    expect(names).not.toContain('Chicken stock');
  });
});

describe('ingredient search', () => {
  it('finds catalogue items, generic groups and sub-recipes, 30 a page', async () => {
    const groups = await api('GET', 'recipe/search-ingredients?type=generic&search=butt');
    expect(groups.statusCode).toBe(200);
    expect(groups.json().data).toEqual([expect.objectContaining({ id: butterGroup, name: 'Butter', detail: 'Kitchen' })]);
    const subs = (await api('GET', 'recipe/search-ingredients?type=subrecipe&search=lemon')).json().data;
    expect(subs[0]).toMatchObject({ name: 'Lemon Butter Sauce', packUnit: 'qt' });
    const items = await api('GET', 'recipe/search-ingredients?type=item&search=');
    expect(items.json().data).toHaveLength(30);
    expect(items.json()._meta.pageCount).toBeGreaterThan(1);
    expect((await api('GET', 'recipe/search-ingredients?type=nope')).statusCode).toBe(400);
  });
});

describe('locations', () => {
  it('copies a recipe to another location of the user, and refuses one the user does not belong to', async () => {
    const recipe = await create({ name: 'Travelling dish', recipe_menu_category_id: entrees, price: 11 });
    const copied = await api('POST', `recipe/${recipe.id}/copy-to-location/${L.harborCatering}`);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().data.locationId).toBe(L.harborCatering);
    const chefRecipe = await api('POST', `recipe/${recipe.id}/copy-to-location/${L.harborCatering}`, chef);
    expect(chefRecipe.statusCode).toBe(404);
  });

  it("answers 404 for another location's ids, and 403 where recipe costing is off", async () => {
    const recipe = await create({ name: 'Grill secret', recipe_menu_category_id: entrees, price: 11 });
    const switched = await api('PUT', `users/${DEMO_IDS.users.owner}`, owner, {
      id: DEMO_IDS.users.owner,
      active_location_id: L.harborCatering,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    try {
      expect((await api('GET', `recipe/${recipe.id}`)).statusCode).toBe(404);
      expect((await api('PATCH', `recipe/${recipe.id}`, owner, { price: 3 })).statusCode).toBe(404);
      expect((await api('DELETE', `recipe/${recipe.id}`)).statusCode).toBe(404);
      expect((await api('POST', `recipe/${recipe.id}/duplicate`)).statusCode).toBe(404);
      expect((await api('PATCH', `recipe-menu-category/${entrees}`, owner, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await api('DELETE', `recipe-menu-category/${entrees}`)).statusCode).toBe(404);
      const other = await create({
        name: 'Catering dish',
        recipe_menu_category_id: (await api('POST', 'recipe-menu-category', owner, { name: 'Trays' })).json().data.value,
        price: 40,
      });
      const foreignItem = await api('POST', `recipe/${other.id}/ingredient`, owner, {
        ingredient_type: 'generic',
        ingredient_id: butterGroup,
        recipe_amount_fraction: '1',
      });
      expect(foreignItem.statusCode).toBe(404);
      const foreignSub = await api('POST', `recipe/${other.id}/ingredient`, owner, {
        ingredient_type: 'subrecipe',
        ingredient_id: recipe.id,
        recipe_amount_fraction: '1',
      });
      expect(foreignSub.statusCode).toBe(404);
      await api('PUT', `users/${DEMO_IDS.users.owner}`, owner, {
        id: DEMO_IDS.users.owner,
        active_location_id: L.harborGrillExpress,
      });
      const off = await api('GET', 'recipe-menu-category');
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe('Recipe costing is not enabled for this location.');
      // The list reads the flag in its own statement; the default week of sales reads it first.
      for (const url of ['recipe', 'recipe?expand=posQuantitySold', 'recipe?bgn_date=2026-10-01&end_date=2026-10-07']) {
        const list = await api('GET', url);
        expect(list.statusCode, url).toBe(403);
        expect(list.json().message).toBe('Recipe costing is not enabled for this location.');
      }
    } finally {
      await api('PUT', `users/${DEMO_IDS.users.owner}`, owner, { id: DEMO_IDS.users.owner, active_location_id: L.harborGrill });
    }
  });
});

describe("the list's stored costs (recipe_costs, issue 17)", () => {
  const listCosts = async (): Promise<Map<number, number>> => {
    const response = await api('GET', 'recipe?limit=10000');
    expect(response.statusCode, response.body).toBe(200);
    return new Map((response.json().data as RecipeRow[]).map((r) => [r.id, r.totalCost]));
  };
  const storedCosts = async (): Promise<Map<number, number>> =>
    new Map(
      (
        await queryRows<{ recipeId: number; totalCost: number }>(
          t.handle.db,
          sql`SELECT recipe_id AS "recipeId", total_cost AS "totalCost" FROM recipe_costs WHERE location_id = ${L.harborGrill}`,
        )
      ).map((r) => [r.recipeId, r.totalCost]),
    );
  const isMarked = async (): Promise<boolean> =>
    (await queryRows(t.handle.db, sql`SELECT 1 FROM recipe_cost_dirty WHERE location_id = ${L.harborGrill}`)).length > 0;
  /** The list's costs and the stored ones equal the costs computed from scratch, and nothing is left marked. */
  const expectFresh = async (): Promise<Map<number, number>> => {
    const listed = await listCosts();
    const scratch = await computeRecipeCosts(t.handle.db, L.harborGrill);
    expect(listed).toEqual(scratch);
    expect(await storedCosts()).toEqual(scratch);
    expect(await isMarked()).toBe(false);
    return listed;
  };
  const exec = (query: ReturnType<typeof sql>) => t.handle.db.execute(query);

  it('equal a from-scratch recomputation after every kind of write that changes a cost', async () => {
    await expectFresh();
    const stock = await create({
      name: 'Stored stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '2',
      sub_recipe_yield_uom: 'qt',
    });
    await addIngredient(stock.id, {
      ingredient_type: 'item',
      ingredient_id: offer.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'lb',
    });
    const dish = await create({ name: 'Stored dish', recipe_menu_category_id: entrees, price: 20 });
    await addIngredient(dish.id, {
      ingredient_type: 'subrecipe',
      ingredient_id: stock.id,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'qt',
    });
    await addIngredient(dish.id, {
      ingredient_type: 'generic',
      ingredient_id: butterGroup,
      recipe_amount_fraction: '2',
      recipe_pack_size_uom: 'oz',
    });
    expect(await isMarked()).toBe(true);
    const first = await expectFresh();
    expect(first.get(dish.id)).toBe(recipeSchema.parse((await api('GET', `recipe/${dish.id}`)).json().data).totalCost);

    // A new guide price reaches the dish through its sub-recipe.
    await exec(sql`UPDATE location_items SET price = price + 40, end_date = NULL, is_price_outdated = false
                   WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`);
    expect(await isMarked()).toBe(true);
    const repriced = await expectFresh();
    expect(repriced.get(dish.id)!).toBeGreaterThan(first.get(dish.id)!);

    // Purchase statistics and inventory counts change no cost and mark nothing.
    await exec(sql`UPDATE location_items SET purchased_quantity = purchased_quantity + 1
                   WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`);
    await exec(sql`UPDATE inventory_group_items SET on_hand = on_hand + 1 WHERE group_id = ${butterGroup}`);
    expect(await isMarked()).toBe(false);

    // The sub-recipe's yield.
    const yielded = await api('PATCH', `recipe/${stock.id}`, owner, {
      name: 'Stored stock',
      recipe_menu_category_id: prep,
      is_sub_recipe: true,
      sub_recipe_yield: '4',
      sub_recipe_yield_uom: 'qt',
    });
    expect(yielded.statusCode, yielded.body).toBe(200);
    expect(await isMarked()).toBe(true);
    await expectFresh();

    // A linked item of the generic group, added then removed.
    const [custom] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, description, price, custom_pack_size)
          VALUES (${L.harborGrill}, ${butterGroup}, 'custom', 'House butter', 90, '36/1 LB') RETURNING id`,
    );
    expect(await isMarked()).toBe(true);
    await expectFresh();
    await exec(sql`DELETE FROM inventory_group_items WHERE id = ${custom.id}`);
    expect(await isMarked()).toBe(true);
    await expectFresh();

    // The offer punched out, and its pack size (both restored).
    await exec(
      sql`UPDATE location_items SET is_punched_out = true WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`,
    );
    expect(await isMarked()).toBe(true);
    await expectFresh();
    await exec(
      sql`UPDATE location_items SET is_punched_out = false WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`,
    );
    const [count, size] = offer.packSize
      .replace(/\s*LB$/i, '')
      .split('/')
      .map(Number);
    await exec(sql`UPDATE item_distributors SET pack_size = ${`1/${count * size * 2} LB`} WHERE id = ${offer.id}`);
    expect(await isMarked()).toBe(true);
    const bigger = await expectFresh();
    expect(bigger.get(stock.id)!).toBeLessThan(repriced.get(stock.id)!);
    await exec(sql`UPDATE item_distributors SET pack_size = ${offer.packSize} WHERE id = ${offer.id}`);
    await expectFresh();

    // An ingredient and a recipe deleted.
    const withStock = recipeSchema.parse((await api('GET', `recipe/${dish.id}`)).json().data);
    const removed = await api('DELETE', `recipe/${dish.id}/ingredient/${withStock.ingredients[0].id}`);
    expect(removed.statusCode).toBe(200);
    await expectFresh();
    expect((await api('DELETE', `recipe/${dish.id}`)).statusCode).toBe(200);
    expect((await expectFresh()).has(dish.id)).toBe(false);
  });

  it('reads one menu category as the filter asks, by number or text, and an empty one', async () => {
    const byCategory = async (value: unknown) => {
      const filters = encodeURIComponent(JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value }]));
      const response = await api('GET', `recipe?filters=${filters}&limit=10000&expand=menu`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as RecipeRow[];
    };
    const asNumber = await byCategory(entrees);
    expect(asNumber.length).toBeGreaterThan(0);
    expect(asNumber.every((r) => r.menu?.id === entrees)).toBe(true);
    expect(await byCategory(String(entrees))).toEqual(asNumber);
    expect(await byCategory(`0${entrees}`)).toEqual([]);
    const all = await listCosts();
    expect(asNumber.map((r) => r.totalCost)).toEqual(asNumber.map((r) => all.get(r.id)));
    const empty = (await api('POST', 'recipe-menu-category', owner, { name: 'Nothing yet' })).json().data.value;
    expect(await byCategory(empty)).toEqual([]);
  });

  it("are recomputed once the location's date is not the one they were priced on", async () => {
    // The location's date moves a day back (Kiritimati is UTC+14, Pago Pago UTC-11: their dates
    // always differ), with stored costs that are wrong and nothing marked: the new day alone makes
    // the list (a kept read, kept for its day) price them again.
    const [{ timezone }] = await queryRows<{ timezone: string }>(
      t.handle.db,
      sql`SELECT timezone FROM locations WHERE id = ${L.harborGrill}`,
    );
    try {
      await exec(sql`UPDATE locations SET timezone = 'Pacific/Kiritimati' WHERE id = ${L.harborGrill}`);
      await expectFresh();
      await exec(sql`UPDATE recipe_costs SET total_cost = total_cost + 999 WHERE location_id = ${L.harborGrill}`);
      await exec(sql`UPDATE locations SET timezone = 'Pacific/Pago_Pago' WHERE id = ${L.harborGrill}`);
      await exec(sql`DELETE FROM kept_read_marks WHERE location_id = ${L.harborGrill}`);
      expect(await isMarked()).toBe(false);
      await expectFresh();
    } finally {
      await exec(sql`UPDATE locations SET timezone = ${timezone} WHERE id = ${L.harborGrill}`);
    }
  });
});
