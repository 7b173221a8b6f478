/**
 * The suggested order kept per location (migration 0053): a repeat computes nothing, and after each
 * kind of input change — made through the API or the statements the app runs — the kept answer is
 * recomputed and equals a fresh computation; the clock crossing a cut-off or midnight recomputes; a
 * live count or another location's change does not, and no answer leaks between locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { buildDistributor, buildOffer, buildOrder } from '@stockpot/db/factories';
import { addDaysToIsoDate, type SuggestedOrdersResponse } from '@stockpot/domain';
import { bearer } from '../../test-support/test-app';
import { computeSuggestions, getSuggestedOrders, getSuggestions } from './suggested-orders.service';
import { countSuggestionComputations } from './suggestions-kept';
import {
  addBurgerRecipe,
  importPos,
  openSuggestionLocation,
  squareCsv,
  type SuggestionLocation,
} from './suggested-orders-test-fixtures';

let f: SuggestionLocation;
let db: Database;
let distributorId: number;
let groupId: number;
let listId: number;
let offerId: number;
let recipeId: number;
const now = Date.now();

/** The answer through the cache and, for the same instant, computed afresh: equal. */
async function keptAndFresh(at = now, locationId = f.locationId): Promise<SuggestedOrdersResponse> {
  const kept = await getSuggestedOrders(db, locationId, at);
  const { data, unorderable, groupCount } = await computeSuggestions(db, locationId, at);
  expect(kept).toEqual({ data, unorderable, groupCount });
  return kept;
}

/** After `change`, the next answer is computed once, equals a fresh one and differs from before (unless `same`). */
async function expectRecomputed(change: () => Promise<unknown>, { same = false } = {}): Promise<SuggestedOrdersResponse> {
  const before = await keptAndFresh();
  const computed = countSuggestionComputations();
  await change();
  const after = await keptAndFresh();
  expect(countSuggestionComputations()).toBe(computed + 1);
  if (!same) expect(after).not.toEqual(before);
  return after;
}

const lineOf = (answer: SuggestedOrdersResponse) => answer.data.flatMap((o) => o.lines).find((l) => l.genericGroupId === groupId);
const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  f.t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(f.token), payload: payload as object });

beforeAll(async () => {
  f = await openSuggestionLocation({ displayRecipeCosting: true });
  db = f.t.handle.db;
  const link = { deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7], orderCutoffTime: '14:00', orderCutoffDaysBefore: 1 };
  distributorId = (await buildDistributor(db, { nickname: 'Kept Foods', locationId: f.locationId, link })).id;
  const built = await f.buildGroup(distributorId, 400, 'Burger beef');
  ({ id: groupId, inventoryListId: listId } = built.group);
  offerId = built.offer.id;
  await f.completeCount(addDaysToIsoDate(f.today, -12), groupId, 12);
  await f.completeCount(addDaysToIsoDate(f.today, -6), groupId, 5);
  recipeId = await addBurgerRecipe(f, groupId);
});
afterAll(async () => {
  await f?.t.close();
});

describe('the suggested order kept per location', () => {
  it('serves a repeat, through the API too, without computing', async () => {
    const first = await keptAndFresh();
    expect(lineOf(first)?.basis).toBe('counts');
    const computed = countSuggestionComputations();
    expect(await getSuggestions(db, f.locationId, now)).toBe(await getSuggestions(db, f.locationId, now));
    // The API's clock is later than `now`: the same answer until a cut-off or midnight.
    expect(await f.get()).toEqual(first);
    expect(await f.get()).toEqual(first);
    expect(countSuggestionComputations()).toBe(computed);
    // An earlier clock is not served from an answer computed for a later one.
    await keptAndFresh(now - 1);
    expect(countSuggestionComputations()).toBe(computed + 1);
  });

  it('recomputes after a cart line, and the review-order guard still sees the cart as empty', async () => {
    const after = await expectRecomputed(() => api('POST', 'suggested-orders/add-to-cart', { distributorId }));
    expect(lineOf(after)).toBeUndefined(); // the whole need is in the cart now
    const guard = await getSuggestions(db, f.locationId, now, { ignoreCart: true });
    const fresh = await computeSuggestions(db, f.locationId, now, { ignoreCart: true });
    expect(guard).toEqual(fresh);
    expect(guard.cartQuantities.get(offerId)).toBeGreaterThan(0);
    const flags = await api('GET', `suggested-orders/guard?distributorId=${distributorId}`);
    expect(flags.statusCode, flags.body).toBe(200);
    await expectRecomputed(() => db.execute(sql`DELETE FROM cart_items WHERE location_id = ${f.locationId}`));
  });

  it('recomputes after a par, a group item, a location price and a punch-out', async () => {
    const par = await expectRecomputed(() => api('PATCH', `comparison-views/${listId}/groups/${groupId}`, { parLevel: 600 }));
    expect(lineOf(par)?.par).toBe(600);
    const cheaper = await buildOffer(db, {
      locationId: f.locationId,
      distributorId,
      item: { name: 'Burger beef, store brand' },
      offer: { packSize: '4/5 LB', unitQuantity: 4, unitSize: '5', packSizeUom: 'LB', price: '30.00' },
    });
    const added = await expectRecomputed(() =>
      db.execute(sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, sort_index)
        VALUES (${f.locationId}, ${groupId}, 'item', ${cheaper.id}, 1)`),
    );
    expect(lineOf(added)?.itemDistributorId).toBe(cheaper.id);
    const repriced = await expectRecomputed(() =>
      db.execute(
        sql`UPDATE location_items SET price = 50.00 WHERE location_id = ${f.locationId} AND item_distributor_id = ${cheaper.id}`,
      ),
    );
    expect(lineOf(repriced)?.itemDistributorId).toBe(offerId);
    const punched = await expectRecomputed(() =>
      db.execute(
        sql`UPDATE location_items SET is_punched_out = true WHERE location_id = ${f.locationId} AND item_distributor_id = ${offerId}`,
      ),
    );
    expect(lineOf(punched)?.itemDistributorId).toBe(cheaper.id);
  });

  it('recomputes after a change to the shared catalogue: a pack size, a distributor’s name', async () => {
    const packed = await expectRecomputed(() =>
      db.execute(sql`UPDATE item_distributors SET pack_size = '2/5 LB', unit_quantity = 2
        WHERE id = (SELECT item_distributor_id FROM inventory_group_items WHERE group_id = ${groupId} AND sort_index = 1)`),
    );
    expect(lineOf(packed)?.caseContent).toBe(10);
    const renamed = await expectRecomputed(() =>
      db.execute(sql`UPDATE distributors SET nickname = 'Kept Foods Co' WHERE id = ${distributorId}`),
    );
    expect(renamed.data[0].distributor).toBe('Kept Foods Co');
    // A list price the location's row overrides is not read: kept.
    const computed = countSuggestionComputations();
    await db.execute(sql`UPDATE item_distributors SET price = price + 1 WHERE id = ${offerId}`);
    await keptAndFresh();
    expect(countSuggestionComputations()).toBe(computed);
  });

  it('recomputes after a completed count, but not after a live count', async () => {
    await expectRecomputed(() => f.completeCount(addDaysToIsoDate(f.today, -2), groupId, 2));
    const computed = countSuggestionComputations();
    await db.execute(sql`UPDATE inventory_group_items SET on_hand = 3, total_on_hand = 3 WHERE group_id = ${groupId}`);
    await keptAndFresh();
    expect(countSuggestionComputations()).toBe(computed);
  });

  it('recomputes after an order placed (on the way) and after it is received', async () => {
    const [{ id: chosen }] = await queryRows<{ id: number }>(
      db,
      sql`SELECT item_distributor_id AS id FROM inventory_group_items WHERE group_id = ${groupId} AND sort_index = 1`,
    );
    let orderId = 0;
    const placed = await expectRecomputed(async () => {
      const offer = { id: chosen, name: 'Burger beef, store brand', price: '50.00' } as Parameters<
        typeof buildOrder
      >[1]['lines'][0]['offer'];
      orderId = (await buildOrder(db, { locationId: f.locationId, distributorId, lines: [{ offer, quantity: 4 }] })).id;
    });
    expect(lineOf(placed)?.inTransit).toBe(40);
    const items = await queryRows<{ id: number }>(db, sql`SELECT id FROM order_items WHERE order_id = ${orderId}`);
    const received = await expectRecomputed(async () => {
      const response = await api('PATCH', `orders/${orderId}`, {
        itemList: items.map((item) => ({ id: item.id, status: 'accepted' })),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(lineOf(received)?.inTransit).toBe(0);
  });

  it('recomputes after a POS import and after a recipe change', async () => {
    const sales = Array.from({ length: 14 }, (_, i) => ({ date: addDaysToIsoDate(f.today, -(i + 1)), sold: 30 + i }));
    const sold = await expectRecomputed(async () => {
      const response = await importPos(f, squareCsv(sales));
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(lineOf(sold)?.basis).toBe('pos');
    const use = lineOf(sold)!.expectedUse;
    const doubled = await expectRecomputed(() =>
      db.execute(
        sql`UPDATE recipe_ingredients SET recipe_amount = '12', recipe_amount_fraction = '12' WHERE recipe_id = ${recipeId}`,
      ),
    );
    expect(lineOf(doubled)!.expectedUse).toBeGreaterThan(use);
  });

  it('recomputes after the distributor’s delivery days or cut-off change', async () => {
    const terms = {
      deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7],
      orderCutoffTime: '14:00',
      orderCutoffDaysBefore: 1,
      minOrderAmount: 0,
    };
    const put = (change: object) => async () => {
      const response = await api('PUT', `distributors/${distributorId}/ordering-terms`, {
        ...terms,
        isMinOrderAmountRequired: false,
        deliveryFee: 0,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const before = (await keptAndFresh()).data[0];
    const later = await expectRecomputed(put({ orderCutoffDaysBefore: 4 }));
    expect(later.data[0].nextDeliveryDate! > before.nextDeliveryDate!).toBe(true);
    const cutoff = await expectRecomputed(put({ orderCutoffDaysBefore: 4, orderCutoffTime: '09:30' }));
    expect(cutoff.data[0].orderBy).toContain('9:30 AM');
  });

  it('on the API reads its version with the session: after a write the fresh answer, then a repeat computes nothing', async () => {
    const before = await f.get();
    const patched = await api('PATCH', `comparison-views/${listId}/groups/${groupId}`, { parLevel: 777 });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await f.get();
    expect(after).not.toEqual(before);
    const { data, unorderable, groupCount } = await computeSuggestions(db, f.locationId, Date.now());
    expect(after).toEqual({ data, unorderable, groupCount });
    const computed = countSuggestionComputations();
    expect(await f.get()).toEqual(after);
    expect(countSuggestionComputations()).toBe(computed);
  });
});
