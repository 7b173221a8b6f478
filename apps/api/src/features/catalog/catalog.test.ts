import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  getEffectivePrice,
  getItemUnitPrice,
  getUnitPrice,
  listItemSchema,
  pagedEnvelope,
  parseCents,
  parseUnitPrice,
  type ListItem,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import {
  compareNames,
  getAllItems,
  getItemsPage,
  itemsUrl,
  selectStoredItems,
  todayIn,
  toPriced,
  type StoredItem,
} from './catalog.test-support';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
let stored: StoredItem[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  stored = await selectStoredItems(t.handle.db, L.harborGrill);
});
afterAll(async () => {
  await t?.close();
});

const switchLocation = async (token: string, userId: number, locationId: number) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${userId}`,
    headers: bearer(token),
    payload: { id: userId, active_location_id: locationId },
  });
  expect(response.statusCode).toBe(200);
};

const ids = (rows: { itemDistributorId: number }[]) => rows.map((row) => row.itemDistributorId);
const byName = (a: StoredItem, b: StoredItem) => compareNames(a.name, b.name) || a.id - b.id;

describe('GET items: paging', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/items' });
    expect(response.statusCode).toBe(401);
  });

  it('pages through every item of the active location once, with _meta', async () => {
    const first = await getItemsPage(t.app, owner, {}, 1, 25);
    expect(first._meta).toEqual({ totalCount: stored.length, currentPage: 1, pageCount: Math.ceil(stored.length / 25) });
    expect(first.data).toHaveLength(25);
    for (const row of first.data) listItemSchema.strict().parse(row);
    const second = await getItemsPage(t.app, owner, {}, 2, 25);
    expect(second._meta.currentPage).toBe(2);
    expect(ids(second.data).some((id) => ids(first.data).includes(id))).toBe(false);

    const lastPage = first._meta.pageCount;
    const last = await getItemsPage(t.app, owner, {}, lastPage, 25);
    expect(last.data).toHaveLength(stored.length - (lastPage - 1) * 25);
    const beyond = await getItemsPage(t.app, owner, {}, lastPage + 1, 25);
    expect(beyond.data).toEqual([]);
    expect(beyond._meta).toEqual({ totalCount: stored.length, currentPage: lastPage + 1, pageCount: lastPage });

    const all = await getAllItems(t.app, owner);
    expect([...ids(all)].sort((a, b) => a - b)).toEqual(stored.map((s) => s.id));
  });

  it('uses the desktop page size by default and refuses bad paging', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/items', headers: bearer(owner) });
    expect(response.json().data).toHaveLength(50);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/v1/items?${query}`, headers: bearer(owner) });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('validation_error');
    }
  });

  it('answers malformed filterOptions with 400 and a clear message', async () => {
    const notJson = await t.app.inject({ method: 'GET', url: '/api/v1/items?filterOptions=%7Bsearch', headers: bearer(owner) });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'validation_error', message: 'filterOptions: filterOptions must be JSON.' });
    const badSort = await t.app.inject({ method: 'GET', url: itemsUrl({ sort: 'cheapest' as never }), headers: bearer(owner) });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].field).toBe('filterOptions.sort');
    const badIds = await t.app.inject({
      method: 'GET',
      url: itemsUrl({ distributorIds: ['x' as never] }),
      headers: bearer(owner),
    });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().errors[0].field).toMatch(/^filterOptions\.distributorIds/);
  });
});

describe('GET items: the answer as written', () => {
  it('holds exactly the fields of its schema on list and search pages (written as built, not re-encoded)', async () => {
    // The route writes its answer with JSON.stringify (platform/serializers.ts); parsing with the
    // schema drops unknown keys, so an equal copy means no field beyond the schema goes out.
    for (const filterOptions of [{}, { sort: 'a-z' as const }, { search: 'chicken' }, { search: 'chiken' }]) {
      const response = await t.app.inject({ method: 'GET', url: itemsUrl(filterOptions, 1, 50), headers: bearer(owner) });
      expect(response.statusCode, response.body).toBe(200);
      const body: unknown = response.json();
      expect(pagedEnvelope(listItemSchema).parse(body)).toEqual(body);
    }
  });
});

describe('GET items: sorts', () => {
  // The price sorts must agree with the domain's effective-price rule for the location's today.
  const prices = new Map<number, number>();
  const price = (item: StoredItem) => {
    if (!prices.has(item.id)) prices.set(item.id, getEffectivePrice(toPriced(item), todayIn()));
    return prices.get(item.id)!;
  };
  const expectedOrder: Record<string, (a: StoredItem, b: StoredItem) => number> = {
    'most-purchased': (a, b) => b.purchasedQuantity - a.purchasedQuantity || byName(a, b),
    'a-z': byName,
    'z-a': (a, b) => -compareNames(a.name, b.name) || a.id - b.id,
    'price-low': (a, b) => price(a) - price(b) || byName(a, b),
    'price-high': (a, b) => price(b) - price(a) || byName(a, b),
    custom: (a, b) => (a.sortIndex ?? Number.MAX_SAFE_INTEGER) - (b.sortIndex ?? Number.MAX_SAFE_INTEGER) || byName(a, b),
  };

  it('sorts by Most Purchased by default, over the whole list', async () => {
    const all = await getAllItems(t.app, owner);
    expect(ids(all)).toEqual([...stored].sort(expectedOrder['most-purchased']).map((s) => s.id));
    expect(all[0].isPurchased).toBe(true);
    expect(all.at(-1)!.isPurchased).toBe(false);
  });

  for (const sort of ['a-z', 'z-a', 'price-low', 'price-high', 'custom'] as const) {
    it(`sorts ${sort} as the database rows say`, async () => {
      const rows = await getAllItems(t.app, owner, { sort });
      expect(ids(rows)).toEqual([...stored].sort(expectedOrder[sort]).map((s) => s.id));
    });
  }

  it('orders the same rows consistently inside a filter', async () => {
    const rows = await getAllItems(t.app, owner, { sort: 'price-high', distributorIds: [DEMO_IDS.distributors.coastalProduce] });
    const expected = stored
      .filter((s) => s.distributorId === DEMO_IDS.distributors.coastalProduce)
      .sort(expectedOrder['price-high']);
    expect(ids(rows)).toEqual(expected.map((s) => s.id));
  });
});

describe('GET items: filters', () => {
  it('product PURCHASED keeps the items bought before', async () => {
    const rows = await getAllItems(t.app, owner, { product: 'PURCHASED' });
    const expected = stored.filter((s) => s.purchasedQuantity > 0).map((s) => s.id);
    expect([...ids(rows)].sort((a, b) => a - b)).toEqual(expected);
    expect(rows.every((row) => row.isPurchased && row.lastPurchasedDate !== null && row.lastPurchasedQty! > 0)).toBe(true);
  });

  it('distributorIds keeps those distributors', async () => {
    const chosen = [DEMO_IDS.distributors.coastalProduce, DEMO_IDS.distributors.baysideSeafood];
    const rows = await getAllItems(t.app, owner, { distributorIds: chosen });
    const expected = stored.filter((s) => chosen.includes(s.distributorId as never)).map((s) => s.id);
    expect([...ids(rows)].sort((a, b) => a - b)).toEqual(expected);
  });

  it('pastOrderIds keeps the items of those orders of the location, and nothing of another location', async () => {
    const orders = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM orders WHERE location_id = ${L.harborGrill} ORDER BY created_at DESC LIMIT 2`,
    );
    const lines = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT DISTINCT item_distributor_id AS id FROM order_items WHERE order_id IN (${orders[0].id}, ${orders[1].id}) ORDER BY 1`,
    );
    const rows = await getAllItems(t.app, owner, { pastOrderIds: orders.map((o) => o.id) });
    expect([...ids(rows)].sort((a, b) => a - b)).toEqual(lines.map((l) => l.id));

    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM orders WHERE location_id = ${L.harborGrillExpress} ORDER BY id LIMIT 1`,
    );
    const none = await getItemsPage(t.app, owner, { pastOrderIds: [foreign.id] });
    expect(none.data).toEqual([]);
    expect(none._meta.totalCount).toBe(0);
  });

  it('shoppingIds keeps the items on those shopping lists of the location', async () => {
    const chosen = stored.slice(0, 3).map((s) => s.id);
    const [list] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO shopping_lists (location_id, name) VALUES (${L.harborGrill}, 'Filter test') RETURNING id`,
    );
    for (const [index, id] of chosen.entries()) {
      await t.handle.db
        .execute(sql`INSERT INTO shopping_list_items (shopping_list_id, location_id, item_distributor_id, sort_index)
                                    VALUES (${list.id}, ${L.harborGrill}, ${id}, ${index})`);
    }
    const rows = await getAllItems(t.app, owner, { shoppingIds: [list.id] });
    expect([...ids(rows)].sort((a, b) => a - b)).toEqual(chosen);
  });

  it('combines filters with the search', async () => {
    const rows = await getAllItems(t.app, owner, {
      search: 'cheese',
      product: 'PURCHASED',
      distributorIds: [DEMO_IDS.distributors.northeastProvisions],
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.isPurchased).toBe(true);
      expect(row.distributorId).toBe(DEMO_IDS.distributors.northeastProvisions);
    }
  });
});

/** The row of one item, found through the API by its DIN (an exact DIN hit comes first). */
async function findRow(itemDistributorId: number): Promise<ListItem> {
  const item = stored.find((s) => s.id === itemDistributorId)!;
  const page = await getItemsPage(t.app, owner, { search: item.din }, 1, 10);
  const row = page.data.find((r) => r.itemDistributorId === itemDistributorId);
  expect(row, `item ${itemDistributorId} by DIN ${item.din}`).toBeDefined();
  expect(page.data[0].itemDistributorId).toBe(itemDistributorId);
  expect(row!.isExactSearchMatch).toBe(true);
  return row!;
}

describe("GET items: tags and flags of Harbor Grill's special items", () => {
  const firstWhere = async (condition: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number } & Record<string, unknown>>(
      t.handle.db,
      sql`SELECT d.id, d.rebate::text AS rebate, li.purchased_price::text AS purchased_price, li.invoice_date::text AS invoice_date,
                 li.unit_price::text AS unit_price, d.average_weight::text AS average_weight, li.last_purchased_date::text AS last_date,
                 li.last_purchased_qty AS last_qty, li.last_purchased_price::text AS last_price
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND ${condition} ORDER BY d.id LIMIT 1`,
    );
    expect(row).toBeDefined();
    return row;
  };

  it('call-in items', async () => {
    const row = await findRow((await firstWhere(sql`d.is_unpurchasable AND NOT li.is_punched_out`)).id);
    expect(row).toMatchObject({ isUnpurchasable: true, isPunchedOut: false, isOnOrderGuide: true });
  });

  it('out-of-stock items', async () => {
    const row = await findRow((await firstWhere(sql`d.status = 'inactive' AND NOT li.is_punched_out`)).id);
    expect(row.status).toBe('inactive');
  });

  it('punched-out items stay listed, off the order guide', async () => {
    const row = await findRow((await firstWhere(sql`li.is_punched_out`)).id);
    expect(row).toMatchObject({ isPunchedOut: true, isOnOrderGuide: false });
    expect(row.orderGuideId).not.toBeNull();
  });

  it('market-price and catch-weight items', async () => {
    expect((await findRow((await firstWhere(sql`d.is_market_price`)).id)).isMarketPrice).toBe(true);
    const stored = await firstWhere(sql`d.is_catch_weight`);
    const row = await findRow(stored.id);
    expect(row).toMatchObject({ isCatchWeight: true, unitMeasure: 'LB', unitType: 'LB', averageWeight: stored.average_weight });
  });

  it('rebate items carry the rebate per case in cents', async () => {
    const stored = await firstWhere(sql`d.rebate > 0`);
    expect((await findRow(stored.id)).rebate).toBe(parseCents(stored.rebate as string));
  });

  it('electronic-invoice items carry the invoice price and date', async () => {
    const stored = await firstWhere(sql`li.purchased_price IS NOT NULL`);
    const row = await findRow(stored.id);
    expect(row).toMatchObject({
      isElectronicInvoiceItem: true,
      isFromInvoice: true,
      purchasedPrice: parseCents(stored.purchased_price as string),
      invoiceDate: stored.invoice_date,
    });
  });

  it('items with a unit price below a cent', async () => {
    const stored = await firstWhere(sql`li.unit_price < 0.01`);
    const row = await findRow(stored.id);
    expect(row.unitPrice).toBe(getItemUnitPrice(row, todayIn()).unitPrice);
    expect(row.unitPrice).toBeLessThan(100);
  });

  it('unit prices follow the price paid: an invoice-priced row is quoted on the invoice price, per its pack unit', async () => {
    const stored = await firstWhere(
      sql`d.unit_measure = 'CS' AND li.invoice_date IS NOT NULL AND li.purchased_price > 0 AND li.purchased_price <> li.price
          AND (li.end_date < now()::date - 1 OR li.is_price_outdated)`,
    );
    const row = await findRow(stored.id);
    expect(row.unitPrice).toBe(getUnitPrice(row.purchasedPrice!, 'CS', row.packSize).unitPrice);
    expect(row.unitPrice).not.toBe(parseUnitPrice(stored.unit_price as string));
  });

  it('purchased items carry their last purchase; others do not', async () => {
    const bought = await firstWhere(sql`li.purchased_quantity > 0`);
    expect(await findRow(bought.id)).toMatchObject({
      isPurchased: true,
      lastPurchasedDate: bought.last_date,
      lastPurchasedQty: bought.last_qty,
      lastPurchasedPrice: parseCents(bought.last_price as string),
    });
    const never = await firstWhere(sql`li.purchased_quantity = 0`);
    expect(await findRow(never.id)).toMatchObject({ isPurchased: false, lastPurchasedDate: null, lastPurchasedQty: null });
  });

  it('shows match and savings fields where the location displays matches', async () => {
    const rows = await getAllItems(t.app, owner);
    expect(rows.some((r) => r.matchType === 'ExactMatch')).toBe(true);
    expect(rows.some((r) => r.matchType === 'SavingsOption')).toBe(true);
    expect(rows.some((r) => r.showSavings && r.savings > 0 && r.savingItems > 0)).toBe(true);
    expect(rows.some((r) => r.rebate > 0)).toBe(true);
    for (const row of rows) {
      expect(row.showSavings).toBe(row.savings > 0);
      expect(row.matchType === null).toBe(row.matchId === null);
    }
  });
});

describe('GET items: display flags and locations', () => {
  const expectHidden = (rows: ListItem[]) => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ matchType: null, matchId: null, savings: 0, showSavings: false, savingItems: 0, rebate: 0 });
    }
  };

  it('hides match, savings and rebate fields at Harbor Grill Express once its display_match and display_rebate are off', async () => {
    await switchLocation(chef, DEMO_IDS.users.chef, L.harborGrillExpress);
    try {
      const shown = await getAllItems(t.app, chef);
      expect(shown.some((r) => r.matchType !== null || r.rebate > 0)).toBe(true);
      await t.handle.db.execute(
        sql`UPDATE locations SET display_match = false, display_rebate = false WHERE id = ${L.harborGrillExpress}`,
      );
      expectHidden(await getAllItems(t.app, chef));
      // With matches hidden, Greatest Savings is the name order.
      const bySavings = await getAllItems(t.app, chef, { sort: 'greatest-savings' });
      expect(ids(bySavings)).toEqual(ids(await getAllItems(t.app, chef, { sort: 'a-z' })));
    } finally {
      await t.handle.db.execute(
        sql`UPDATE locations SET display_match = true, display_rebate = true WHERE id = ${L.harborGrillExpress}`,
      );
      await switchLocation(chef, DEMO_IDS.users.chef, L.harborGrill);
    }
  });

  it("lists only the active location's items: Harbor Catering has its own, with matches and rebates hidden", async () => {
    const catering = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${L.harborCatering} ORDER BY 1`,
    );
    await switchLocation(owner, DEMO_IDS.users.owner, L.harborCatering);
    try {
      const rows = await getAllItems(t.app, owner);
      expect([...ids(rows)].sort((a, b) => a - b)).toEqual(catering.map((c) => c.id));
      expect(rows.every((row) => row.merchantId === L.harborCatering)).toBe(true);
      expectHidden(rows);
    } finally {
      await switchLocation(owner, DEMO_IDS.users.owner, L.harborGrill);
    }
  });

  it('shows the cart quantity of each item', async () => {
    const [item] = stored.filter((s) => s.status === 'active' && !s.isUnpurchasable && !s.isPunchedOut);
    await t.handle.db.execute(
      sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity) VALUES (${L.harborGrill}, ${item.id}, 7)`,
    );
    try {
      expect((await findRow(item.id)).caseQuantity).toBe(7);
    } finally {
      await t.handle.db.execute(sql`DELETE FROM cart_items WHERE location_id = ${L.harborGrill}`);
    }
  });
});

describe('GET items/search-suggestions', () => {
  it('answers the first ten rows of the relevance order, scoped to the location', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/items/search-suggestions?search=beef',
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    const suggestions = response.json().data as { itemDistributorId: number; name: string; packSize: string }[];
    expect(suggestions).toHaveLength(10);
    const list = await getItemsPage(t.app, owner, { search: 'beef' }, 1, 10);
    expect(ids(suggestions)).toEqual(ids(list.data));
    expect(suggestions[0]).toEqual({
      itemDistributorId: list.data[0].itemDistributorId,
      name: list.data[0].name,
      brand: list.data[0].brand,
      distributor: list.data[0].distributor,
      packSize: list.data[0].packSize,
    });
  });

  it('takes a smaller limit and refuses an empty search', async () => {
    const few = await t.app.inject({
      method: 'GET',
      url: '/api/v1/items/search-suggestions?search=chicken&limit=3',
      headers: bearer(owner),
    });
    expect(few.json().data).toHaveLength(3);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/v1/items/search-suggestions?search=%20',
      headers: bearer(owner),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('search: Type something to search for.');
  });
});

describe('POST items/custom-order', () => {
  const move = (data: Record<string, unknown>, token = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/items/custom-order',
      headers: bearer(token),
      payload: { custom_order_data: data },
    });
  const customIds = async () => ids(await getAllItems(t.app, owner, { sort: 'custom' }));

  it('moves an item to the top, between two others and to the bottom, and keeps the order', async () => {
    const before = await customIds();
    const [a, b, c] = [before[10], before[11], before[500]];

    const top = await move({ item_distributor_id: c, item_distributor_ids: [], special: 'top' });
    expect(top.statusCode).toBe(200);
    expect(top.json().data.itemDistributorId).toBe(c);
    let order = await customIds();
    expect(order[0]).toBe(c);
    // The first move numbers the whole sequence in the order shown before.
    expect(order.slice(1)).toEqual(before.filter((id) => id !== c));

    const between = await move({ item_distributor_id: c, item_distributor_ids: [a, b], reference_sort_index: 3 });
    expect(between.statusCode).toBe(200);
    order = await customIds();
    expect(order.indexOf(c)).toBe(order.indexOf(a) + 1);
    expect(order.indexOf(b)).toBe(order.indexOf(c) + 1);

    await move({ item_distributor_id: a, item_distributor_ids: [], special: 'bottom' });
    order = await customIds();
    expect(order.at(-1)).toBe(a);

    const stored = await queryRows<{ nulls: number; distinct: number; total: number }>(
      t.handle.db,
      sql`SELECT count(*) FILTER (WHERE sort_index IS NULL)::int AS nulls, count(DISTINCT sort_index)::int AS distinct, count(*)::int AS total
          FROM location_items WHERE location_id = ${L.harborGrill}`,
    );
    expect(stored[0].nulls).toBe(0);
    expect(stored[0].distinct).toBe(stored[0].total);
    // Other locations are not touched.
    const [others] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM location_items WHERE location_id <> ${L.harborGrill} AND sort_index IS NOT NULL`,
    );
    expect(others.count).toBe(0);
  });

  it('renumbers the sequence when two neighbours have no room between them', async () => {
    const order = await customIds();
    const [a, b, moved] = [order[20], order[21], order[300]];
    await t.handle.db.execute(sql`UPDATE location_items SET sort_index = CASE item_distributor_id WHEN ${a} THEN 700 ELSE 701 END
                                  WHERE location_id = ${L.harborGrill} AND item_distributor_id IN (${a}, ${b})`);
    // 700 and 701 now sit at positions 20, 21 only if nothing else is between; make that true.
    await t.handle.db.execute(sql`UPDATE location_items SET sort_index = sort_index + 100000
                                  WHERE location_id = ${L.harborGrill} AND sort_index >= 700 AND item_distributor_id NOT IN (${a}, ${b})`);
    const before = await customIds();
    const response = await move({ item_distributor_id: moved, item_distributor_ids: [a, b] });
    expect(response.statusCode).toBe(200);
    const after = await customIds();
    expect(after.indexOf(moved)).toBe(after.indexOf(a) + 1);
    expect(after.indexOf(b)).toBe(after.indexOf(moved) + 1);
    expect(after.filter((id) => id !== moved)).toEqual(before.filter((id) => id !== moved));
    const [{ gaps }] = await queryRows<{ gaps: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS gaps FROM (
            SELECT sort_index - lag(sort_index) OVER (ORDER BY sort_index) AS gap FROM location_items WHERE location_id = ${L.harborGrill}) g
          WHERE gap < 2`,
    );
    expect(gaps).toBe(0);
  });

  it("refuses another location's item, an item as its own neighbour, and a move without a place", async () => {
    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${L.harborGrillExpress}
          AND item_distributor_id NOT IN (SELECT item_distributor_id FROM location_items WHERE location_id = ${L.harborGrill}) LIMIT 1`,
    );
    const own = stored[0].id;
    expect((await move({ item_distributor_id: foreign.id, item_distributor_ids: [], special: 'top' })).statusCode).toBe(404);
    expect((await move({ item_distributor_id: own, item_distributor_ids: [foreign.id] })).statusCode).toBe(404);
    const self = await move({ item_distributor_id: own, item_distributor_ids: [own] });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('invalid_custom_order');
    const nowhere = await move({ item_distributor_id: own, item_distributor_ids: [] });
    expect(nowhere.statusCode).toBe(400);
    const [{ count }] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM location_items WHERE location_id = ${L.harborGrillExpress} AND sort_index IS NOT NULL`,
    );
    expect(count).toBe(0);
  });
});
