import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  foodCostAnswerSchema,
  POS_ITEM_ALREADY_ASSIGNED,
  POS_ITEM_NOT_FOUND,
  POS_NO_ROWS,
  posDetailRowSchema,
  type PosDetailRow,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

let t: TestApp;
let owner: string;
let recipes: { id: number; name: string }[];
const recipeId = (name: string) => recipes.find((r) => r.name === name)!.id;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(owner), payload: payload as object });

function upload(fileName: string, data: Buffer, field = 'file') {
  const boundary = `----stockpot${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pos/import',
    headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, data, tail]),
  });
}

async function detail(date: string): Promise<PosDetailRow[]> {
  const response = await api('GET', `pos/detail/${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: unknown) => posDetailRowSchema.parse(row));
}

const salesRows = async (from: string, to: string) =>
  (
    await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM pos_sales WHERE location_id = ${L.harborGrill} AND business_date BETWEEN ${from}::date AND ${to}::date`,
    )
  )[0].count;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  recipes = (await api('GET', 'recipe?limit=10000')).json().data;
});
afterAll(async () => {
  await t?.close();
});

describe('POST pos/import', () => {
  it("reads Toast's ItemSelectionDetails.csv by header name: voided lines rung up and voided, decimal quantities, one total per business day", async () => {
    const response = await upload('ItemSelectionDetails.csv', fixture('toast-ItemSelectionDetails.csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      format: 'toast',
      rows: 9,
      skipped: 0,
      dates: [
        { date: '2025-03-14', total: 10310 },
        { date: '2025-03-15', total: 5400 },
      ],
    });
    const day = await detail('2025-03-14');
    expect(day.map((r) => r.item_name)).toEqual([
      'Harbor Burger',
      'Onion Rings',
      'Pan-Roasted Chicken',
      'Smoked Brisket by the Pound',
    ]);
    expect(day.find((r) => r.item_name === 'Onion Rings')).toEqual({
      item_name: 'Onion Rings',
      pos_category: 'Food',
      quantity_sold: 4,
      quantity_void: 1,
      quantity_net: 3,
      price: 2700,
      recipe_id: null,
    });
    expect(day.find((r) => r.item_name === 'Smoked Brisket by the Pound')).toMatchObject({ quantity_sold: 1.5, price: 3300 });
    // The demo assigns the chicken to its recipe: the import finds it by name.
    expect(day.find((r) => r.item_name === 'Pan-Roasted Chicken')?.recipe_id).toBe(recipeId('Pan-Roasted Chicken Breast'));
  });

  it('replaces the days of a file imported again instead of doubling them', async () => {
    const before = await salesRows('2025-03-14', '2025-03-15');
    const again = await upload('ItemSelectionDetails (1).csv', fixture('toast-ItemSelectionDetails.csv'));
    expect(again.statusCode, again.body).toBe(200);
    expect(await salesRows('2025-03-14', '2025-03-15')).toBe(before);
    const dates = (await api('GET', 'pos?limit=400')).json().data as { date: string; total: number }[];
    expect(dates.find((d) => d.date === '2025-03-14')).toEqual({ date: '2025-03-14', total: 10310 });
    // Newest first.
    expect(dates.map((d) => d.date)).toEqual([...dates.map((d) => d.date)].sort().reverse());
  });

  it("reads Square's Items Detail CSV, counting refunds as voids that give their money back", async () => {
    const response = await upload('items-detail.csv', fixture('square-items-detail.csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ format: 'square', rows: 5, skipped: 0 });
    expect((await detail('2025-03-16')).find((r) => r.item_name === 'Caesar Salad')).toMatchObject({
      quantity_sold: 1,
      quantity_void: 1,
      quantity_net: 0,
      price: 0,
    });
    expect((await detail('2025-03-17')).find((r) => r.item_name === 'Clam Chowder Cup')).toMatchObject({ quantity_sold: 1.5 });
  });

  it('answers 400 with a message a person can act on, and stores nothing', async () => {
    const before = await salesRows('2000-01-01', '2100-01-01');
    const unknown = await upload('report.csv', fixture('unknown-layout.csv'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_pos_format');
    expect(unknown.json().message).toContain("'Menu Item'");
    expect(unknown.json().message).toContain("'Net Sales'");

    const headerOnly = await upload('empty.csv', Buffer.from('Date,Item,Qty,Net Sales\r\n'));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe(POS_NO_ROWS);

    const unreadable = await upload('bad.csv', Buffer.from('Date,Item,Qty,Net Sales\r\nsoon,Soup,two,$5\r\n'));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toContain('1 rows had no readable');

    const binary = await upload('photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().code).toBe('unsupported_media_type');

    const wrongField = await upload('items-detail.csv', fixture('square-items-detail.csv'), 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/field file/);

    const notMultipart = await api('POST', 'pos/import', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);

    const tooLarge = await upload('big.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().code).toBe('payload_too_large');

    expect(await salesRows('2000-01-01', '2100-01-01')).toBe(before);
  });
});

describe('GET pos/detail/{date}', () => {
  it('validates the date and answers an empty page for a day without sales', async () => {
    expect((await api('GET', 'pos/detail/2025-02-30')).statusCode).toBe(400);
    expect((await api('GET', 'pos/detail/03-14-2025')).json().message).toMatch(/YYYY-MM-DD/);
    const empty = await api('GET', 'pos/detail/2001-01-01');
    expect(empty.json()).toEqual({ data: [], _meta: expect.objectContaining({ totalCount: 0 }) });
  });
});

describe('POST pos/assign-recipe', () => {
  it('assigns, refuses to move without force, moves with force and unassigns', async () => {
    const onionRings = recipeId('Onion Rings');
    const potatoes = recipeId('Roasted Potatoes');
    const assign = await api('POST', 'pos/assign-recipe', { item_name: 'onion rings', recipe_id: onionRings, force: true });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().data).toEqual({ item_name: 'onion rings', recipe_id: onionRings });
    expect((await detail('2025-03-14')).find((r) => r.item_name === 'Onion Rings')?.recipe_id).toBe(onionRings);

    const move = await api('POST', 'pos/assign-recipe', { item_name: 'Onion Rings', recipe_id: potatoes });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(POS_ITEM_ALREADY_ASSIGNED);
    const forced = await api('POST', 'pos/assign-recipe', { item_name: 'Onion Rings', recipe_id: potatoes, force: true });
    expect(forced.statusCode).toBe(200);
    expect((await detail('2025-03-15')).find((r) => r.item_name === 'Onion Rings')?.recipe_id).toBe(potatoes);

    const cleared = await api('POST', 'pos/assign-recipe', { item_name: 'Onion Rings', recipe_id: null, force: true });
    expect(cleared.statusCode).toBe(200);
    expect((await detail('2025-03-14')).find((r) => r.item_name === 'Onion Rings')?.recipe_id).toBeNull();
  });

  it('validates the body and answers 404 for an unknown item or another location’s recipe', async () => {
    const missing = await api('POST', 'pos/assign-recipe', { recipe_id: recipeId('Onion Rings'), force: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/item_name/);
    const badId = await api('POST', 'pos/assign-recipe', { item_name: 'Onion Rings', recipe_id: 'abc', force: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/recipe_id/);

    const unknownItem = await api('POST', 'pos/assign-recipe', { item_name: 'Lobster Roll', recipe_id: recipeId('Onion Rings') });
    expect(unknownItem.statusCode).toBe(404);
    expect(unknownItem.json().message).toBe(POS_ITEM_NOT_FOUND);

    const [category] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${L.harborCatering}, 'Catering mains') RETURNING id`,
    );
    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO recipes (location_id, menu_category_id, name, price) VALUES (${L.harborCatering}, ${category.id}, 'Catering chicken', 20) RETURNING id`,
    );
    const leak = await api('POST', 'pos/assign-recipe', { item_name: 'Onion Rings', recipe_id: foreign.id, force: true });
    expect(leak.statusCode).toBe(404);
    const stored = await queryRows(
      t.handle.db,
      sql`SELECT 1 FROM pos_item_recipes WHERE location_id = ${L.harborGrill} AND recipe_id = ${foreign.id}`,
    );
    expect(stored).toHaveLength(0);
  });
});

describe('GET pos/food-cost', () => {
  it('validates the range', async () => {
    expect((await api('GET', 'pos/food-cost?bgn_date=2025-03-10')).statusCode).toBe(400);
    const reversed = await api('GET', 'pos/food-cost?bgn_date=2025-03-20&end_date=2025-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/end_date must not be before bgn_date/);
  });

  it('compares recipes × sales with beginning + purchases − ending between two completed inventories', async () => {
    const db = t.handle.db;
    const [{ distributorId }] = await queryRows<{ distributorId: number }>(
      db,
      sql`SELECT distributor_id AS "distributorId" FROM orders WHERE location_id = ${L.harborGrill} LIMIT 1`,
    );
    await db.execute(
      sql`INSERT INTO inventories (location_id, status, start_date, completed_date, total_on_hand_value) VALUES
            (${L.harborGrill}, 'completed', '2025-03-13', '2025-03-13', 1000.00),
            (${L.harborGrill}, 'completed', '2025-03-17', '2025-03-17', 800.00)`,
    );
    // Received inside the period (counted, less its credit), before it and cancelled (not counted).
    await db.execute(
      sql`INSERT INTO orders (location_id, distributor_id, status, subtotal, total, credit_refusal, received_at) VALUES
            (${L.harborGrill}, ${distributorId}, 'received', 500.00, 500.00, 20.00, '2025-03-15 15:00:00+00'),
            (${L.harborGrill}, ${distributorId}, 'received', 300.00, 300.00, 0, '2025-03-12 15:00:00+00'),
            (${L.harborGrill}, ${distributorId}, 'cancelled', 999.00, 999.00, 0, '2025-03-15 15:00:00+00')`,
    );
    // Only the chicken keeps a recipe (the demo also assigns the burger and the salmon).
    await db.execute(
      sql`DELETE FROM pos_item_recipes WHERE location_id = ${L.harborGrill} AND item_name <> 'Pan-Roasted Chicken'`,
    );
    const chicken = recipeId('Pan-Roasted Chicken Breast');
    const chickenCost = (await api('GET', `recipe/${chicken}`)).json().data.totalCost as number;

    const response = await api('GET', 'pos/food-cost?bgn_date=2025-03-14&end_date=2025-03-17');
    expect(response.statusCode, response.body).toBe(200);
    const answer = foodCostAnswerSchema.parse(response.json().data);
    // Sales after the 03/13 count up to the 03/17 count: the Toast and Square fixtures.
    expect(answer.period).toEqual({ bgn_date: '2025-03-14', end_date: '2025-03-17' });
    expect(answer.beginningInventory).toMatchObject({ date: '2025-03-13', value: 100000 });
    expect(answer.endingInventory).toMatchObject({ date: '2025-03-17', value: 80000 });
    expect(answer.purchases).toBe(48000);
    expect(answer.actual).toBe(100000 + 48000 - 80000);
    // The Square file's 03/16: $12.00 + $18.00 − the $12.00 refund.
    expect(answer.sales).toBe(10310 + 5400 + 1800 + 7800 + 1050);
    // Only the chicken has a recipe: 1 sold on 03/14 and 3 on 03/17.
    expect(answer.theoretical).toBe(chickenCost * 4);
    expect(answer.variance).toBe(answer.actual! - answer.theoretical);
    expect(answer.unassignedItems).toBe(5);
    expect(answer.thresholdPercent).toBe(200);
    // The chicken sold for $26.00 + $78.00: flagged when its recipe cost is above 35 % of that.
    const chickenPercent = Math.round((chickenCost * 4 * 10_000) / 10_400);
    expect(answer.itemTargetPercent).toBe(3500);
    expect(answer.itemsOverTarget).toEqual(
      chickenPercent > 3500 ? [{ item_name: 'Pan-Roasted Chicken', recipe_id: chicken, foodCostPercent: chickenPercent }] : [],
    );
    expect(answer.isOverThreshold).toBe(true);
  });

  it('has no actual food cost without two completed inventories', async () => {
    const response = await api('GET', 'pos/food-cost?bgn_date=2024-01-01&end_date=2024-01-31');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      actual: null,
      variance: null,
      purchases: null,
      theoretical: 0,
      isOverThreshold: false,
    });
  });
});
