/**
 * Ingredients carry their last purchase, and the linked items of a generic ingredient can be read
 * one by one (doc 2 §3 "Ingredient", §7 "GET recipe/item/{id}/genericItem/{id}"; issue 34).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { linkedIngredientItemSchema, recipeSchema, type Recipe, type RecipeRow } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let recipes: Recipe[];

const api = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(owner) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  const rows: RecipeRow[] = (await api('recipe?limit=10000')).json().data;
  recipes = await Promise.all(rows.map(async (r) => recipeSchema.parse((await api(`recipe/${r.id}`)).json().data)));
});
afterAll(async () => {
  await t?.close();
});

describe('an ingredient’s last purchase', () => {
  it("answers the distributor, price, date and unit of the offer's last purchase at the location", async () => {
    const purchased = await queryRows<{ id: number; distributor: string; price: string; date: string; unitMeasure: string }>(
      t.handle.db,
      sql`SELECT li.item_distributor_id AS id, dist.nickname AS distributor, li.last_purchased_price::text AS price,
                 li.last_purchased_date::text AS date, d.unit_measure AS "unitMeasure"
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN distributors dist ON dist.id = d.distributor_id
          WHERE li.location_id = ${L.harborGrill} AND li.last_purchased_date IS NOT NULL AND li.last_purchased_price IS NOT NULL`,
    );
    const byOffer = new Map(purchased.map((p) => [p.id, p]));
    const items = recipes.flatMap((r) => r.ingredients).filter((i) => i.ingredientType === 'item');
    const bought = items.filter((i) => byOffer.has(i.ingredientId));
    expect(bought.length).toBeGreaterThan(0);
    for (const ingredient of bought) {
      const p = byOffer.get(ingredient.ingredientId)!;
      expect(ingredient).toMatchObject({
        lastPurchasedDistributor: p.distributor,
        lastPurchasedDistributorPrice: Math.round(Number(p.price) * 100),
        lastPurchasedDistributorDate: p.date,
        lastPurchasedDistributorItem: { unit_measure: p.unitMeasure },
      });
    }
    for (const ingredient of items.filter((i) => !byOffer.has(i.ingredientId))) {
      expect(ingredient.lastPurchasedDistributor).toBeNull();
    }
    // A sub-recipe is made, not bought.
    for (const sub of recipes.flatMap((r) => r.ingredients).filter((i) => i.ingredientType === 'subrecipe')) {
      expect(sub.lastPurchasedDistributorItem).toBeNull();
    }
  });
});

describe('GET recipe/item/{id}/genericItem/{id} and …/genericCustomItem/{id}', () => {
  it('answers a linked item of a generic ingredient as the ingredient lists it, with its last purchase', async () => {
    const generic = recipes.flatMap((r) => r.ingredients).find((i) => i.ingredientType === 'generic' && i.items.length > 0);
    expect(generic).toBeDefined();
    for (const linked of generic!.items) {
      const path = linked.isCustomItem
        ? `recipe/item/${generic!.ingredientId}/genericCustomItem/${linked.genericCustomItemId}`
        : `recipe/item/${generic!.ingredientId}/genericItem/${linked.genericItemId}`;
      const answer = await api(path);
      expect(answer.statusCode, answer.body).toBe(200);
      const item = linkedIngredientItemSchema.parse(answer.json().data);
      const { costing: _costing, ...shown } = linked;
      expect(item).toMatchObject(shown);
      if (item.itemDistributorId && generic!.lastPurchasedDistributorDate) {
        expect(item.lastPurchasedDistributorDate! <= generic!.lastPurchasedDistributorDate).toBe(true);
      }
    }
  });

  it('answers 404 for an item of another group or kind, and 400 for a malformed id', async () => {
    const generic = recipes.flatMap((r) => r.ingredients).find((i) => i.ingredientType === 'generic' && i.items.length > 0)!;
    const linked = generic.items.find((i) => i.genericItemId !== null)!;
    expect((await api(`recipe/item/${generic.ingredientId}/genericCustomItem/${linked.genericItemId}`)).statusCode).toBe(404);
    expect((await api(`recipe/item/999999/genericItem/${linked.genericItemId}`)).statusCode).toBe(404);
    expect((await api(`recipe/item/${generic.ingredientId}/genericItem/abc`)).statusCode).toBe(400);
  });
});
