import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildDistributor } from '@stockpot/db/factories';
import { addDaysToIsoDate, getIsoWeekday } from '@stockpot/domain';
import type { TestApp } from '../../test-support/test-app';
import { openSuggestionLocation, type SuggestionLocation } from './suggested-orders-test-fixtures';

let t: TestApp;
let locationId: number;
let today: string;
let distributorId: number;
let recipeId: number;
let get: SuggestionLocation['get'];
let buildGroupOf: SuggestionLocation['buildGroup'];

const buildGroup = async (name: string, par: number) => (await buildGroupOf(distributorId, par, name)).group;

async function addIngredient(groupId: number, amount: string, uom: string, waste: string) {
  await t.handle.db.execute(
    sql`INSERT INTO recipe_ingredients (location_id, recipe_id, ingredient_type, inventory_group_id, recipe_amount,
          recipe_amount_fraction, recipe_pack_size_uom, waste_percentage)
        VALUES (${locationId}, ${recipeId}, 'generic', ${groupId}, ${amount}, ${amount}, ${uom}, ${waste})`,
  );
}

/** Burgers sold on each of the last 14 days: 40 on weekdays, 80 on Fri–Sat, 2 voided every day. */
const soldOn = (date: string) => (getIsoWeekday(date) >= 5 && getIsoWeekday(date) <= 6 ? 80 : 40);
const dates: string[] = [];

beforeAll(async () => {
  ({ t, locationId, today, get, buildGroup: buildGroupOf } = await openSuggestionLocation({ displayRecipeCosting: true }));
  dates.splice(0, dates.length, ...Array.from({ length: 14 }, (_, i) => addDaysToIsoDate(today, -(i + 1))));
  distributorId = (await buildDistributor(t.handle.db, { nickname: 'Pos Foods', locationId })).id;
  const [category] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${locationId}, 'Mains') RETURNING id`,
  );
  [{ id: recipeId }] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO recipes (location_id, menu_category_id, name) VALUES (${locationId}, ${category.id}, 'Burger') RETURNING id`,
  );
  await t.handle.db.execute(
    sql`INSERT INTO pos_item_recipes (location_id, item_name, recipe_id) VALUES (${locationId}, 'BURGER', ${recipeId})`,
  );
  for (const date of dates) {
    await t.handle.db.execute(
      sql`INSERT INTO pos_sales (location_id, business_date, item_name, quantity_sold, quantity_void, amount)
          VALUES (${locationId}, ${date}, 'Burger', ${soldOn(date) + 2}, 2, 500)`,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET suggested-orders, POS basis', () => {
  it('uses POS sales × the recipe quantity × (1 + waste) for a group a sold recipe uses', async () => {
    const beef = await buildGroup('Burger beef', 10);
    await addIngredient(beef.id, '6', 'oz', '10');
    const fries = await buildGroup('Fryer oil', 30);
    const answer = await get();
    const lines = answer.data.flatMap((o) => o.lines);
    const line = lines.find((l) => l.genericGroupId === beef.id)!;
    expect(line.basis).toBe('pos');
    // Recomputed here: per weekday the average net burgers sold × 6 oz (0.375 lb) × 1.1, in hundredths.
    const perWeekday = [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const days = dates.filter((d) => getIsoWeekday(d) === day);
      const sold = days.reduce((sum, d) => sum + soldOn(d), 0) / days.length;
      return Math.round(sold * 0.375 * 1.1 * 100);
    });
    // The horizon is today up to the delivery after next the explanation names ("(Friday 11/27)").
    const [, mm, dd] = /until the delivery after next \(\w+ (\d\d)\/(\d\d)\)/.exec(line.explanation)!;
    const days = Array.from({ length: 40 }, (_, i) => addDaysToIsoDate(today, i)).findIndex((d) => d.endsWith(`-${mm}-${dd}`));
    expect(days).toBeGreaterThan(0);
    const horizon = Array.from({ length: days }, (_, i) => perWeekday[getIsoWeekday(addDaysToIsoDate(today, i)) - 1]);
    expect(line.expectedUse).toBe(horizon.reduce((a, b) => a + b, 0) / 100);
    expect(line.need).toBeCloseTo(line.expectedUse + line.par - line.onHand - line.inTransit - line.inCart, 6);
    expect(line.cases).toBe(Math.ceil(line.need / 20 - 1e-9));
    // 80 burgers × 0.4125 lb = 33 lb on Fri–Sat.
    expect(line.explanation).toContain('33 lb a day on Fri–Sat from 51 Burger a day × recipes');
    const oil = lines.find((l) => l.genericGroupId === fries.id)!;
    expect(oil.basis).toBe('par');
  });

  it('falls back to counts or par, and says why, when the recipe quantity does not convert to the group unit', async () => {
    const buns = await buildGroup('Buns by weight', 5);
    await addIngredient(buns.id, '1', 'each', '0');
    const line = (await get()).data.flatMap((o) => o.lines).find((l) => l.genericGroupId === buns.id)!;
    expect(line.basis).toBe('par');
    expect(line.explanation).toContain('not from POS: Burger measures it in each, which does not convert to lb');
  });
});
