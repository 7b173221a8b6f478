import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_IDS } from '@stockpot/db/seed';
import { queryRows } from '@stockpot/db';
import { buildDistributor, buildOrder } from '@stockpot/db/factories';
import { addDaysToIsoDate } from '@stockpot/domain';
import { bearer, type TestApp } from '../../test-support/test-app';
import { openSuggestionLocation, type SuggestionLocation } from './suggested-orders-test-fixtures';

let t: TestApp;
let token: string;
let locationId: number;
let today: string;
let get: SuggestionLocation['get'];
let buildGroup: SuggestionLocation['buildGroup'];
let completeCount: SuggestionLocation['completeCount'];

const add = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/suggested-orders/add-to-cart',
    headers: bearer(token),
    payload: payload as object,
  });

beforeAll(async () => {
  ({ t, token, locationId, today, get, buildGroup, completeCount } = await openSuggestionLocation());
});
afterAll(async () => {
  await t?.close();
});

describe('GET suggested-orders', () => {
  it('tells a new location with no inventory groups apart from one that needs nothing (groupCount)', async () => {
    // Runs first: the fixture's location has no inventory list yet, as a restaurant that just signed up.
    expect(await get()).toEqual({ data: [], unorderable: [], groupCount: 0 });
  });

  it('falls back to par for a location with no POS and no counts, per distributor with next delivery and cut-off', async () => {
    const distributor = await buildDistributor(t.handle.db, {
      nickname: 'Par Foods',
      locationId,
      link: { deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7], orderCutoffTime: '14:00', orderCutoffDaysBefore: 1 },
    });
    const { group, offer } = await buildGroup(distributor.id, 50, 'Chicken thighs');
    const answer = await get();
    expect(answer.groupCount).toBe(1);
    const order = answer.data.find((o) => o.distributorId === distributor.id)!;
    expect(order.distributor).toBe('Par Foods');
    expect(order.nextDeliveryDate! >= addDaysToIsoDate(today, 1)).toBe(true);
    expect(order.orderBy).toMatch(/^Order by 2:00 PM \w+ for \w+ delivery$/);
    const line = order.lines.find((l) => l.genericGroupId === group.id)!;
    expect(line).toMatchObject({ itemDistributorId: offer.id, basis: 'par', unit: 'lb', par: 50, onHand: 0, expectedUse: 0 });
    // 50 lb from 20 lb cases: 3 cases; and the need adds up from the figures beside it.
    expect(line.need).toBe(line.expectedUse + line.par - line.onHand - line.inTransit - line.inCart);
    expect(line.cases).toBe(3);
    expect(line.caseContent).toBe(20);
    expect(line.explanation).toContain('par alone');
    expect(line.explanation).toContain('3 cases of 20 lb');
  });

  it('measures use between completed counts and takes deliveries on the way off', async () => {
    const distributor = await buildDistributor(t.handle.db, { nickname: 'Count Foods', locationId });
    const { group, offer } = await buildGroup(distributor.id, 100, 'Ground beef');
    // 10 cases (200 lb) counted 10 days ago, 3 cases (60 lb) 3 days ago: 140 lb over 7 days, 20 lb a day.
    await completeCount(addDaysToIsoDate(today, -10), group.id, 10);
    await completeCount(addDaysToIsoDate(today, -3), group.id, 3);
    await buildOrder(t.handle.db, { locationId, distributorId: distributor.id, lines: [{ offer, quantity: 2 }] });
    const line = (await get()).data.flatMap((o) => o.lines).find((l) => l.genericGroupId === group.id)!;
    expect(line.basis).toBe('counts');
    expect(line.inTransit).toBe(40);
    // On hand now: 60 lb counted − 3 days × 20 lb used; not below 0.
    expect(line.onHand).toBe(0);
    expect(line.expectedUse % 20).toBe(0);
    expect(line.need).toBe(line.expectedUse + line.par - line.onHand - line.inTransit - line.inCart);
    expect(line.cases).toBe(Math.ceil(line.need / 20));
    expect(line.explanation).toContain('measured between counts');
    expect(line.explanation).toContain('40 lb arriving');
  });

  it('never shows another location’s groups', async () => {
    const answer = await get();
    const grillGroups = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM inventory_groups WHERE location_id = ${DEMO_IDS.locations.harborGrill}`,
    );
    const ids = new Set(answer.data.flatMap((o) => o.lines.map((l) => l.genericGroupId)));
    expect(grillGroups.some((g) => ids.has(g.id))).toBe(false);
  });
});

describe('POST suggested-orders/add-to-cart', () => {
  it('refuses a bad body with a message a person can act on, and another location’s distributor with 404', async () => {
    const bad = await add({ distributorId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Choose a distributor.');
    const foreign = await add({ distributorId: DEMO_IDS.distributors.coastalProduce });
    expect(foreign.statusCode).toBe(404);
  });

  it('puts a distributor’s lines in the cart through the cart, after which nothing more is suggested for them', async () => {
    const distributor = await buildDistributor(t.handle.db, { nickname: 'Cart Foods', locationId });
    const { group, offer } = await buildGroup(distributor.id, 30, 'Tomatoes');
    // One case already in the cart: the suggestion takes it off (30 lb − 20 lb → 1 case) and adds on top.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      headers: bearer(token),
      payload: { itemList: [{ itemDistributorId: offer.id, quantity: 1 }], lastModified: null },
    });
    expect(first.statusCode).toBe(200);
    const added = await add({ distributorId: distributor.id, genericGroupIds: [group.id] });
    expect(added.statusCode).toBe(200);
    const cartLine = added
      .json()
      .data.shoppingCart.find((l: { itemDistributorId: number | null }) => l.itemDistributorId === offer.id);
    expect(cartLine.quantity).toBe(2);
    expect(added.json().data.sameModifiedItems).toEqual([]);
    const after = (await get()).data.find((o) => o.distributorId === distributor.id);
    expect(after).toBeUndefined();
    const again = await add({ distributorId: distributor.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^Nothing is suggested/);
  });
});

describe('GET suggested-orders/guard', () => {
  const guard = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/suggested-orders/guard?${query}`, headers: bearer(token) });

  it('flags a line over twice its suggestion and a second order for the same delivery date', async () => {
    const distributor = await buildDistributor(t.handle.db, { nickname: 'Guard Foods', locationId });
    const { offer } = await buildGroup(distributor.id, 30, 'Lemons');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      headers: bearer(token),
      payload: { itemList: [{ itemDistributorId: offer.id, quantity: 9 }], lastModified: null },
    });
    expect(saved.statusCode).toBe(200);
    const date = addDaysToIsoDate(today, 3);
    await buildOrder(t.handle.db, {
      locationId,
      distributorId: distributor.id,
      lines: [],
      order: { requestedDeliveryDate: date },
    });
    const response = await guard(`distributorId=${distributor.id}&deliveryDate=${date}`);
    expect(response.statusCode).toBe(200);
    const [y, m, d] = date.split('-');
    expect(response.json().data.flags).toEqual([
      { itemDistributorId: offer.id, reason: `${offer.name}: 9 is over twice the suggested 2.` },
      { itemDistributorId: null, reason: `An order to Guard Foods for delivery on ${m}/${d}/${y} was already placed.` },
    ]);
    // A quantity near the suggestion and another date raise nothing.
    const lowered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      headers: bearer(token),
      payload: { itemList: [{ itemDistributorId: offer.id, quantity: 3 }], lastModified: saved.json().data.lastModified },
    });
    expect(lowered.json().data.sameModifiedItems).toEqual([]);
    expect((await guard(`distributorId=${distributor.id}`)).json().data.flags).toEqual([]);
  });

  it('refuses another location’s distributor with 404 and a bad date with a message', async () => {
    expect((await guard(`distributorId=${DEMO_IDS.distributors.coastalProduce}`)).statusCode).toBe(404);
    const bad = await guard('distributorId=1&deliveryDate=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Delivery date must be a date such as 2026-12-04.');
  });
});

describe('the suggestions learn', () => {
  it('keeps a changed quantity (suggested, ordered) and reports per group how often suggestions were taken', async () => {
    const distributor = await buildDistributor(t.handle.db, { nickname: 'Learn Foods', locationId });
    const changed = await buildGroup(distributor.id, 30, 'Basil');
    const kept = await buildGroup(distributor.id, 50, 'Mint');
    const added = await add({
      distributorId: distributor.id,
      quantities: [{ genericGroupId: changed.group.id, cases: 5 }],
    });
    expect(added.statusCode).toBe(200);
    const cart = added.json().data.shoppingCart as { itemDistributorId: number; quantity: number }[];
    expect(cart.find((l) => l.itemDistributorId === changed.offer.id)?.quantity).toBe(5);
    expect(cart.find((l) => l.itemDistributorId === kept.offer.id)?.quantity).toBe(3);
    const stored = await queryRows<{ suggested: number; ordered: number; userId: number }>(
      t.handle.db,
      sql`SELECT suggested, ordered, user_id AS "userId" FROM suggested_order_choices WHERE generic_group_id = ${changed.group.id}`,
    );
    expect(stored).toEqual([{ suggested: 2, ordered: 5, userId: DEMO_IDS.users.owner }]);
    const report = await t.app.inject({ method: 'GET', url: '/api/v1/suggested-orders/report', headers: bearer(token) });
    const rows = report.json().data as {
      genericGroupId: number;
      times: number;
      taken: number;
      takenPercent: number;
      averageChange: number;
    }[];
    expect(rows.find((r) => r.genericGroupId === changed.group.id)).toMatchObject({
      times: 1,
      taken: 0,
      takenPercent: 0,
      averageChange: 3,
    });
    expect(rows.find((r) => r.genericGroupId === kept.group.id)).toMatchObject({
      times: 1,
      taken: 1,
      takenPercent: 100,
      averageChange: 0,
    });
    const bad = await add({ distributorId: distributor.id, quantities: [{ genericGroupId: changed.group.id, cases: -1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Cases must be a whole number from 0 to 9999.');
  });
});
