/**
 * The recipe list as a kept read (issue 38, migration 0060): a kept page is sent again until a
 * write it reads marks the location, and what is sent is always what is computed from scratch,
 * stored costs included (a cost write reaches the list through the costs' dirty flag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { getRecipeRange, type RecipeFilter } from '@stockpot/domain';
import { expectKeptRead, getBodies } from '../../test-support/kept-read-checks';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { listRecipes } from './recipe-list.service';

const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

interface Shape {
  filters: RecipeFilter[];
  expand: string[];
  /** 'week': the default week of POS sales; a custom range by its dates; null: no sales. */
  range: 'week' | { start: string; end: string } | null;
  sort: string;
  limit: number;
}

function urlOf(shape: Shape): string {
  const params = new URLSearchParams({ expand: shape.expand.join(','), sort: shape.sort, page: '1', limit: String(shape.limit) });
  if (shape.filters.length > 0) params.set('filters', JSON.stringify(shape.filters));
  if (shape.range && shape.range !== 'week') {
    params.set('bgn_date', shape.range.start);
    params.set('end_date', shape.range.end);
  }
  return `recipe?${params}`;
}

describe('GET recipe as a kept read', () => {
  it('is sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    const [place] = await queryRows<{ today: string; weekAgo: string; yesterday: string }>(
      db,
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS today, to_char(d - 6, 'YYYY-MM-DD') AS "weekAgo", to_char(d - 1, 'YYYY-MM-DD') AS yesterday
          FROM (SELECT (now() AT TIME ZONE timezone)::date AS d FROM locations WHERE id = ${GRILL}) x`,
    );
    const [sold] = await queryRows<{ recipeId: number; itemName: string; categoryId: number }>(
      db,
      sql`SELECT m.recipe_id AS "recipeId", m.item_name AS "itemName", r.menu_category_id AS "categoryId"
          FROM pos_item_recipes m JOIN recipes r ON r.id = m.recipe_id
          WHERE m.location_id = ${GRILL} AND NOT r.is_sub_recipe ORDER BY m.id LIMIT 1`,
    );
    const [ingredient] = await queryRows<{ id: number; offer: number }>(
      db,
      sql`SELECT id, item_distributor_id AS offer FROM recipe_ingredients
          WHERE location_id = ${GRILL} AND ingredient_type = 'item' ORDER BY id LIMIT 1`,
    );
    expect(sold && ingredient).toBeTruthy();
    const pos = ['posQuantitySold', 'posTotalSold'];
    const shapes: Shape[] = [
      { filters: [], expand: [...pos, 'menu'], range: 'week', sort: 'name', limit: 20 },
      { filters: [], expand: pos, range: { start: place.weekAgo, end: place.today }, sort: '-totalCost', limit: 10_000 },
      {
        filters: [{ field: 'recipe_menu_category_id', operator: '=', value: sold.categoryId }],
        expand: ['menu'],
        range: null,
        sort: '-foodCostPercent',
        limit: 10_000,
      },
    ];
    const served = () => getBodies(t, owner, shapes.map(urlOf));
    const fresh = async () => {
      const bodies: string[] = [];
      for (const shape of shapes) {
        const range =
          shape.range === 'week'
            ? getRecipeRange('weekly', place.today)
            : shape.range
              ? getRecipeRange('custom', '', shape.range)
              : null;
        bodies.push(JSON.stringify(await listRecipes(db, GRILL, { ...shape, range, page: 1 })));
      }
      return bodies;
    };
    await expectKeptRead({
      db,
      locationId: GRILL,
      served,
      fresh,
      unmarkedWrite: sql`UPDATE recipes SET name = name || ' (probe)' WHERE id = ${sold.recipeId}`,
      writes: [
        sql`UPDATE recipes SET price = coalesce(price, 0) + 1 WHERE id = ${sold.recipeId}`,
        sql`UPDATE recipe_menu_categories SET name = name || ' (probe)' WHERE id = ${sold.categoryId}`,
        // Costs: an ingredient's waste and its offer's price reach the stored costs through their refresh.
        sql`UPDATE recipe_ingredients SET waste_percentage = (waste_percentage + 40) % 100 WHERE id = ${ingredient.id}`,
        sql`UPDATE location_items SET price = price + 7, end_date = NULL, is_price_outdated = false
            WHERE location_id = ${GRILL} AND item_distributor_id = ${ingredient.offer}`,
        sql`INSERT INTO pos_sales (location_id, business_date, item_name, quantity_sold, amount)
            VALUES (${GRILL}, ${place.yesterday}::date, ${sold.itemName}, 3, 45.50)`,
        sql`DELETE FROM pos_item_recipes WHERE location_id = ${GRILL} AND recipe_id = ${sold.recipeId}`,
      ],
    });

    // Recipe costing turned off: refused at once, not the kept page; on again, the pages are back.
    await db.execute(sql`UPDATE locations SET display_recipe_costing = false WHERE id = ${GRILL}`);
    try {
      const off = await t.app.inject({ method: 'GET', url: `/api/v1/${urlOf(shapes[2])}`, headers: bearer(owner) });
      expect(off.statusCode).toBe(403);
    } finally {
      await db.execute(sql`UPDATE locations SET display_recipe_costing = true WHERE id = ${GRILL}`);
    }
    expect(await served()).toEqual(await fresh());
  });
});
