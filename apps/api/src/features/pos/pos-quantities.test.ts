import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { foodCostAnswerSchema, posDetailRowSchema, type PosDetailRow } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/**
 * Issue 32: QTY Sold, QTY Void and Net QTY follow one rule from the import to the detail to
 * theoretical use, and an imported day adds up to the export's own totals. The fixtures are a Toast
 * night with voided lines (04/10/2025) and a Square day with a refund (04/11/2025).
 */
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

let t: TestApp;
let owner: string;

const api = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(owner) });

function upload(fileName: string, data: Buffer) {
  const boundary = `----stockpot${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pos/import',
    headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

async function detail(date: string): Promise<PosDetailRow[]> {
  const response = await api(`pos/detail/${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: unknown) => posDetailRowSchema.parse(row));
}

/** An independent reading of a money or quantity cell, in hundredths ("($19.00)" is −1900). */
const hundredths = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100) * (text.startsWith('(') ? -1 : 1);

/** The net quantity and net sales the export itself states: the rows it keeps, summed. */
function fileTotals(
  name: string,
  columns: { qty: string; amount: string },
  isKept: (cell: (column: string) => string) => boolean,
) {
  const [header, ...lines] = fixture(name).toString('utf8').trim().split(/\r?\n/);
  const names = header.split(',');
  let qty = 0;
  let amount = 0;
  for (const line of lines) {
    const values = line.split(',');
    const cell = (column: string) => values[names.indexOf(column)];
    if (!isKept(cell)) continue;
    qty += hundredths(cell(columns.qty));
    amount += hundredths(cell(columns.amount));
  }
  return { qty, amount };
}

const sumOf = (rows: PosDetailRow[], pick: (row: PosDetailRow) => number) =>
  rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('POS quantities from the file to theoretical use', () => {
  it("a Toast night's voided lines are rung up and voided; the day adds up to the file's net sales", async () => {
    const file = fileTotals('toast-voids.csv', { qty: 'Qty', amount: 'Net Price' }, (cell) => cell('Void?') === 'false');
    expect(file).toEqual({ qty: 500, amount: 1900 + 1710 + 900 + 6400 });
    const response = await upload('ItemSelectionDetails.csv', fixture('toast-voids.csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.dates).toEqual([{ date: '2025-04-10', total: file.amount }]);

    const day = await detail('2025-04-10');
    for (const row of day) expect(row.quantity_net, row.item_name).toBeCloseTo(row.quantity_sold - row.quantity_void, 2);
    expect(sumOf(day, (r) => r.quantity_net)).toBe(file.qty);
    expect(sumOf(day, (r) => r.price / 100)).toBe(file.amount);
    // The day: 2 burgers kept and 1 line voided.
    expect(day.find((r) => r.item_name === 'Harbor Burger')).toMatchObject({
      quantity_sold: 3,
      quantity_void: 1,
      quantity_net: 2,
      price: 3610,
    });
    expect(day.find((r) => r.item_name === 'Onion Rings')).toMatchObject({ quantity_sold: 3, quantity_void: 2, quantity_net: 1 });
    const dates = (await api('pos?limit=400')).json().data as { date: string; total: number }[];
    expect(dates.find((d) => d.date === '2025-04-10')?.total).toBe(file.amount);
  });

  it("a Square refund is a void and gives its money back; the day adds up to the file's net sales", async () => {
    const file = fileTotals('square-refunds.csv', { qty: 'Qty', amount: 'Net Sales' }, () => true);
    expect(file).toEqual({ qty: 500, amount: 3800 + 3200 - 1900 + 2100 });
    const response = await upload('items-detail.csv', fixture('square-refunds.csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.dates).toEqual([{ date: '2025-04-11', total: file.amount }]);

    const day = await detail('2025-04-11');
    for (const row of day) expect(row.quantity_net, row.item_name).toBeCloseTo(row.quantity_sold - row.quantity_void, 2);
    expect(sumOf(day, (r) => r.quantity_net)).toBe(file.qty);
    expect(sumOf(day, (r) => r.price / 100)).toBe(file.amount);
    expect(day.find((r) => r.item_name === 'Harbor Burger')).toMatchObject({
      quantity_sold: 2,
      quantity_void: 1,
      quantity_net: 1,
      price: 1900,
    });
  });

  it('theoretical use multiplies each recipe by the Net QTY the detail shows', async () => {
    const rows = [...(await detail('2025-04-10')), ...(await detail('2025-04-11'))];
    const withRecipe = rows.filter((r) => r.recipe_id !== null);
    // The demo assigns the burger to its recipe, so a voided and a refunded line reach the figure.
    expect(withRecipe.some((r) => r.item_name === 'Harbor Burger' && r.quantity_void > 0)).toBe(true);
    let expected = 0;
    for (const row of withRecipe) {
      const cost = (await api(`recipe/${row.recipe_id}`)).json().data.totalCost as number;
      expected += cost * Math.round(row.quantity_net * 100);
    }
    const response = await api('pos/food-cost?bgn_date=2025-04-10&end_date=2025-04-11');
    expect(response.statusCode, response.body).toBe(200);
    const answer = foodCostAnswerSchema.parse(response.json().data);
    expect(answer.period).toEqual({ bgn_date: '2025-04-10', end_date: '2025-04-11' });
    expect(answer.theoretical).toBe(Math.round(expected / 100));
    expect(answer.sales).toBe(sumOf(rows, (r) => r.price / 100));
  });

  it("the demo's stored days follow the same rule: a day never voids more than it rang up", async () => {
    const [{ count, days }] = await queryRows<{ count: number; days: number }>(
      t.handle.db,
      sql`SELECT count(*) FILTER (WHERE quantity_void > quantity_sold)::int AS count, count(*)::int AS days
          FROM pos_sales WHERE location_id = ${DEMO_IDS.locations.harborGrill} AND source = 'demo'`,
    );
    expect(days).toBeGreaterThan(0);
    expect(count).toBe(0);
  });
});
