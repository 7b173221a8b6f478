/**
 * The seam between recipe costing and the inventory comparison view (doc 2 §3, §7, §8):
 * sub-recipes linked into generic groups and counted there, and groups that are a recipe's
 * generic ingredient (belongsToRecipe, hasRecipeGroups, the delete that takes the ingredient along).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { genericGroupSchema, type GenericGroup, type InventoryList, type Recipe } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { NOT_A_SUB_RECIPE, NOTHING_TO_LINK } from './inventory-group-items.service';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
let kitchen: InventoryList;
let prep: number;
let entrees: number;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = owner, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });

async function createGroup(name: string): Promise<number> {
  const response = await api('POST', `comparison-views/${kitchen.id}/groups`, owner, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function group(groupId: number): Promise<GenericGroup> {
  const response = await api('GET', `comparison-views/${kitchen.id}/groups/${groupId}?expand=items`);
  expect(response.statusCode, response.body).toBe(200);
  return genericGroupSchema.parse(response.json().data);
}

async function createRecipe(body: object): Promise<Recipe> {
  const response = await api('POST', 'recipe', owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A sub-recipe yielding 4 qt whose only ingredient is one case of a catalogue offer: its batch cost is that case price. */
async function createSubRecipe(name: string): Promise<Recipe> {
  const recipe = await createRecipe({
    name,
    recipe_menu_category_id: prep,
    is_sub_recipe: true,
    sub_recipe_yield: '4',
    sub_recipe_yield_uom: 'qt',
  });
  const [offer] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND d.unit_measure = 'CS' AND NOT li.is_punched_out ORDER BY d.id LIMIT 1`,
  );
  const added = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
    ingredient_type: 'item',
    ingredient_id: offer.id,
    recipe_amount_fraction: '1',
    recipe_pack_size_uom: 'case',
    conversion_pack_size_uom: 'case',
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  const lists = (await api('GET', 'comparison-views/all-views')).json().data as InventoryList[];
  kitchen = lists.find((list) => list.name === 'Kitchen')!;
  const categories = (await api('GET', 'recipe-menu-category')).json().data as { value: number; label: string }[];
  prep = categories.find((c) => c.label === 'Sauces & Prep')!.value;
  entrees = categories.find((c) => c.label === 'Entrees')!.value;
});
afterAll(async () => {
  await t?.close();
});

describe('sub-recipes in a generic group', () => {
  it('links a sub-recipe once, shows its card at its batch cost, counts it and takes it out', async () => {
    const stock = await createSubRecipe('Veal stock');
    expect(stock.totalCost).toBeGreaterThan(0);
    const groupId = await createGroup('Stocks');
    const linked = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, {
      subrecipes: [stock.id, stock.id],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { subrecipes: [stock.id] });
    const [card] = (await group(groupId)).items!;
    expect((await group(groupId)).items).toHaveLength(1);
    expect(card).toMatchObject({
      name: 'Veal stock',
      isSubRecipe: true,
      isCustomItem: false,
      subRecipeId: stock.id,
      price: stock.totalCost,
      packSize: '1/4 QT',
    });

    // 2 batches and 2 quarts: 2.5 batches, 10 QT, valued at 2.5 × the batch cost.
    const counted = await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/subrecipe/${card.id}`, owner, {
      onHand: 2,
      onHandUom: 2,
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().data).toMatchObject({
      collectiveOnHand: 10,
      collectiveOnHandUom: 'QT',
      totalOnHand: 2.5,
      totalOnHandAmount: Math.round(2.5 * stock.totalCost),
    });
    expect((await group(groupId)).totalOnHandAmount).toBe(Math.round(2.5 * stock.totalCost));

    // A sub-recipe card is keyed by its group item id under …/subrecipe, not under …/custom.
    expect(
      (await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/custom/${card.id}`, owner, { onHand: 1 })).statusCode,
    ).toBe(404);
    const bad = await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/subrecipe/${card.id}`, owner, {
      onHand: -1,
    });
    expect(bad.statusCode).toBe(400);

    const removed = await api('DELETE', `comparison-views/${kitchen.id}/groups/${groupId}/subrecipe/${card.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await group(groupId)).items).toHaveLength(0);
    expect((await api('DELETE', `comparison-views/${kitchen.id}/groups/${groupId}/subrecipe/${card.id}`)).statusCode).toBe(404);
  });

  it('answers a 400 a person can act on for a plain recipe or nothing to link; 403 without editComparisonView', async () => {
    const groupId = await createGroup('Sauces linked');
    const plain = await createRecipe({ name: 'Steak frites', recipe_menu_category_id: entrees, price: 24 });
    const notSub = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { subrecipes: [plain.id] });
    expect(notSub.statusCode).toBe(400);
    expect(notSub.json().message).toBe(NOT_A_SUB_RECIPE);
    const nothing = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(NOTHING_TO_LINK);
    expect(
      (await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { subrecipes: ['x'] })).statusCode,
    ).toBe(400);
    const sub = await createSubRecipe('Demi-glace');
    expect(
      (await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, chef, { subrecipes: [sub.id] })).statusCode,
    ).toBe(403);
  });

  it("answers 404 for another location's sub-recipe and another location's group item", async () => {
    const [{ id: foreignCategory }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${L.harborGrillExpress}, 'Elsewhere') RETURNING id`,
    );
    const [{ id: foreignSub }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO recipes (location_id, menu_category_id, name, is_sub_recipe, sub_recipe_yield, sub_recipe_yield_uom)
          VALUES (${L.harborGrillExpress}, ${foreignCategory}, 'Foreign stock', true, '2', 'qt') RETURNING id`,
    );
    const groupId = await createGroup('Foreign links');
    const linked = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, {
      subrecipes: [foreignSub],
    });
    expect(linked.statusCode).toBe(404);
    expect(linked.json().message).toBe('Sub-recipe not found.');

    const [{ id: foreignList }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO inventory_lists (location_id, name) VALUES (${L.harborGrillExpress}, 'Express list') RETURNING id`,
    );
    const [foreignGroup] = await queryRows<{ id: number; listId: number }>(
      t.handle.db,
      sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort)
          VALUES (${L.harborGrillExpress}, ${foreignList}, 'Express stocks', 0) RETURNING id, inventory_list_id AS "listId"`,
    );
    const [{ id: foreignItem }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, sub_recipe_id)
          SELECT location_id, id, 'subrecipe', ${foreignSub} FROM inventory_groups WHERE id = ${foreignGroup.id} RETURNING id`,
    );
    const url = `comparison-views/${foreignGroup.listId}/groups/${foreignGroup.id}/subrecipe/${foreignItem}`;
    expect((await api('PATCH', url, owner, { onHand: 1 })).statusCode).toBe(404);
    expect((await api('DELETE', url)).statusCode).toBe(404);
    const [still] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM inventory_group_items WHERE id = ${foreignItem}`,
    );
    expect(still.n).toBe(1);
  });

  it('takes the sub-recipe out of its groups when the recipe is deleted or stops being a sub-recipe', async () => {
    const groupId = await createGroup('Prep links');
    const gone = await createSubRecipe('Pickled onions');
    const switched = await createSubRecipe('Herb oil');
    await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { subrecipes: [gone.id, switched.id] });
    expect((await group(groupId)).items).toHaveLength(2);
    expect((await api('DELETE', `recipe/${gone.id}`)).statusCode).toBe(200);
    const update = await api('PATCH', `recipe/${switched.id}`, owner, {
      name: 'Herb oil',
      recipe_menu_category_id: prep,
      price: 4,
      is_sub_recipe: false,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await group(groupId)).items).toHaveLength(0);
    const [rows] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM inventory_group_items WHERE location_id = ${L.harborGrill} AND group_id = ${groupId}`,
    );
    expect(rows.n).toBe(0);
  });
});

describe('groups tied to recipes', () => {
  async function recipeWithGroup(groupId: number, name: string): Promise<Recipe> {
    const recipe = await createRecipe({ name, recipe_menu_category_id: entrees, price: 18 });
    const added = await api('POST', `recipe/${recipe.id}/ingredient`, owner, {
      ingredient_type: 'generic',
      ingredient_id: groupId,
      recipe_amount_fraction: '1',
      recipe_pack_size_uom: 'oz',
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().data;
  }

  it('marks the group belongsToRecipe and its list hasRecipeGroups, and the recipe names the list', async () => {
    const groupId = await createGroup('Garnish greens');
    expect((await group(groupId)).belongsToRecipe).toBe(false);
    const recipe = await recipeWithGroup(groupId, 'Green salad');
    expect(recipe.comparisonView).toMatchObject({ id: kitchen.id, name: 'Kitchen' });
    expect((await group(groupId)).belongsToRecipe).toBe(true);
    expect((await api('GET', `comparison-views/${kitchen.id}`)).json().data.hasRecipeGroups).toBe(true);
    const listed = (await api('GET', `comparison-views/${kitchen.id}/groups?limit=100`)).json().data as GenericGroup[];
    expect(listed.find((g) => g.id === groupId)?.belongsToRecipe).toBe(true);
  });

  it('deletes such a group and the ingredients it was in one transaction; a failed delete keeps both', async () => {
    const groupId = await createGroup('Microgreens');
    const recipe = await recipeWithGroup(groupId, 'Seared scallops');
    const ingredientsOf = async () =>
      (
        await queryRows<{ n: number }>(
          t.handle.db,
          sql`SELECT count(*)::int AS n FROM recipe_ingredients WHERE location_id = ${L.harborGrill} AND recipe_id = ${recipe.id}`,
        )
      )[0].n;

    // A real database failure after the ingredients went: the group's own delete is refused by a trigger.
    await t.handle.db.execute(sql`CREATE FUNCTION refuse_microgreens() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.name = 'Microgreens' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN OLD; END $$`);
    await t.handle.db.execute(
      sql`CREATE TRIGGER refuse_microgreens BEFORE DELETE ON inventory_groups FOR EACH ROW EXECUTE FUNCTION refuse_microgreens()`,
    );
    try {
      expect((await api('DELETE', `comparison-views/${kitchen.id}/groups/${groupId}`)).statusCode).toBe(500);
    } finally {
      await t.handle.db.execute(sql`DROP TRIGGER refuse_microgreens ON inventory_groups`);
      await t.handle.db.execute(sql`DROP FUNCTION refuse_microgreens()`);
    }
    expect(await ingredientsOf()).toBe(1);
    expect((await group(groupId)).belongsToRecipe).toBe(true);

    const deleted = await api('DELETE', `comparison-views/${kitchen.id}/groups/${groupId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ingredientsOf()).toBe(0);
    const after = (await api('GET', `recipe/${recipe.id}`)).json().data as Recipe;
    expect(after.ingredients).toHaveLength(0);
    expect(after.comparisonView).toBeNull();
  });

  it('shows a punched-out item inside a generic ingredient as inactive and flags the recipe hasInactiveItems', async () => {
    const groupId = await createGroup('Shallots');
    const [offer] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND NOT li.is_punched_out AND d.unit_measure = 'CS' ORDER BY d.id DESC LIMIT 1`,
    );
    const linked = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { items: [offer.id] });
    expect(linked.statusCode, linked.body).toBe(200);
    const recipe = await recipeWithGroup(groupId, 'Bordelaise steak');
    expect(recipe.hasInactiveItems).toBe(false);
    await t.handle.db.execute(
      sql`UPDATE location_items SET is_punched_out = true WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`,
    );
    try {
      const after = (await api('GET', `recipe/${recipe.id}`)).json().data as Recipe;
      expect(after.hasInactiveItems).toBe(true);
      expect(after.ingredients[0].items.find((i) => i.itemDistributorId === offer.id)?.isPunchedOut).toBe(true);
    } finally {
      await t.handle.db.execute(
        sql`UPDATE location_items SET is_punched_out = false WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer.id}`,
      );
    }
  });
});
