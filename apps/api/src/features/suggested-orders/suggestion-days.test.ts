/**
 * The history aggregates of migration 0050 (issue 37): after each kind of write that changes the
 * history a suggested order reads — a completed count, a receipt through receiving, a POS import —
 * GET suggested-orders (topped up from the aggregates) answers exactly what the same model answers
 * from a scan of the history itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildDistributor, buildOrder } from '@stockpot/db/factories';
import { addDaysToIsoDate, type SuggestedOrdersResponse } from '@stockpot/domain';
import { bearer } from '../../test-support/test-app';
import { getSuggestedOrders } from './suggested-orders.service';
import {
  addBurgerRecipe,
  importPos,
  openSuggestionLocation,
  squareCsv,
  type SuggestionLocation,
} from './suggested-orders-test-fixtures';

let f: SuggestionLocation;
let groupId: number;
let offer: Awaited<ReturnType<SuggestionLocation['buildGroup']>>['offer'];
let distributorId: number;

/** The GET's answer and, for the same instant, the answer from a scan of the history. */
async function both(): Promise<{ aggregate: SuggestedOrdersResponse; scan: SuggestedOrdersResponse }> {
  const now = Date.now();
  const response = await f.t.app.inject({ method: 'GET', url: '/api/v1/suggested-orders', headers: bearer(f.token) });
  expect(response.statusCode).toBe(200);
  const scan = await getSuggestedOrders(f.t.handle.db, f.locationId, now, 'scan');
  // The GET's clock is a few milliseconds later: the same answer unless a cut-off passed in between.
  const aggregate = await getSuggestedOrders(f.t.handle.db, f.locationId, now);
  expect(response.json()).toEqual(await getSuggestedOrders(f.t.handle.db, f.locationId, Date.now(), 'scan'));
  return { aggregate, scan };
}

/** The group's line: a par of 400 lb keeps one in every answer. */
function lineOf(answer: SuggestedOrdersResponse) {
  const line = answer.data.flatMap((o) => o.lines).find((l) => l.genericGroupId === groupId);
  expect(line).toBeDefined();
  return line!;
}

beforeAll(async () => {
  f = await openSuggestionLocation({ displayRecipeCosting: true });
  distributorId = (await buildDistributor(f.t.handle.db, { nickname: 'Aggregate Foods', locationId: f.locationId })).id;
  const built = await f.buildGroup(distributorId, 400, 'Burger beef');
  groupId = built.group.id;
  offer = built.offer;
  await addBurgerRecipe(f, groupId);
});
afterAll(async () => {
  await f?.t.close();
});

describe('GET suggested-orders from the history aggregates', () => {
  it('answers what a scan of the history answers after a count, a receipt and a POS import', async () => {
    // Counts 12 and 6 days ago: the counts basis (12 cases → 5 cases, 140 lb over 6 days).
    await f.completeCount(addDaysToIsoDate(f.today, -12), groupId, 12);
    await f.completeCount(addDaysToIsoDate(f.today, -6), groupId, 5);
    const counted = await both();
    expect(counted.aggregate).toEqual(counted.scan);
    expect(lineOf(counted.aggregate).basis).toBe('counts');

    // A receipt through receiving (today, after the last count): 3 cases more on hand.
    const order = await buildOrder(f.t.handle.db, {
      locationId: f.locationId,
      distributorId,
      lines: [{ offer, quantity: 3 }],
    });
    const items = await queryRows<{ id: number }>(f.t.handle.db, sql`SELECT id FROM order_items WHERE order_id = ${order.id}`);
    const received = await f.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${order.id}`,
      headers: bearer(f.token),
      payload: { itemList: items.map((item) => ({ id: item.id, status: 'accepted' })) },
    });
    expect(received.statusCode, received.body).toBe(200);
    const afterReceipt = await both();
    expect(afterReceipt.aggregate).toEqual(afterReceipt.scan);
    expect(lineOf(afterReceipt.aggregate).onHand).not.toBe(lineOf(counted.aggregate).onHand);

    // A new count yesterday: a second interval, with the receipt in it.
    await f.completeCount(addDaysToIsoDate(f.today, -1), groupId, 4);
    const recounted = await both();
    expect(recounted.aggregate).toEqual(recounted.scan);
    expect(lineOf(recounted.aggregate)).not.toEqual(lineOf(afterReceipt.aggregate));

    // A POS import of the last 14 days' Burgers: the POS basis.
    const sales = Array.from({ length: 14 }, (_, i) => ({ date: addDaysToIsoDate(f.today, -(i + 1)), sold: 30 + i }));
    const imported = await importPos(f, squareCsv(sales));
    expect(imported.statusCode, imported.body).toBe(200);
    const sold = await both();
    expect(sold.aggregate).toEqual(sold.scan);
    expect(lineOf(sold.aggregate).basis).toBe('pos');

    // Re-importing the same days with other figures rewrites them (the import replaces a day's rows).
    const reimported = await importPos(f, squareCsv(sales.map((s) => ({ ...s, sold: s.sold * 2 }))));
    expect(reimported.statusCode, reimported.body).toBe(200);
    const resold = await both();
    expect(resold.aggregate).toEqual(resold.scan);
    expect(lineOf(resold.aggregate)).not.toEqual(lineOf(sold.aggregate));
  });
});
