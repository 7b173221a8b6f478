/**
 * The place-order list's kept pages (issue 38, migration 0059): after any sequence of the writes
 * that change a page, GET items and the search suggestions answer byte for byte what is computed
 * from scratch, for several query shapes; an unchanged page is sent from the kept copy, a search
 * too; past-order filters are always computed; the nightly sweep takes the marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { filterOptionsSchema, type ListItem } from '@stockpot/domain';
import { bearer, createTestApp, decodeAnswer, signInAs, type TestApp } from '../../test-support/test-app';
import { checkAfterWriteSequences, checkEachWrite, type Writes } from '../../test-support/write-sequences';
import { listItems, listSearchSuggestions } from './catalog.service';
import { sweepKeptReadMarks } from '../../platform/kept-reads';

const L = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;
let chef: string;
const db = () => t.handle.db;

/** The shapes compared: the web's first page, a later page A-Z, purchased items of one distributor, savings, a search. */
const shapes = [
  { filters: {}, limit: 50, page: 1 },
  { filters: { sort: 'a-z' }, limit: 5, page: 3 },
  {
    filters: { sort: 'price-low', product: 'PURCHASED', distributorIds: [DEMO_IDS.distributors.harborline] },
    limit: 20,
    page: 1,
  },
  { filters: { sort: 'greatest-savings' }, limit: 10, page: 1 },
  { filters: { search: 'chicken' }, limit: 10, page: 2 },
] as const;
type Shape = (typeof shapes)[number];

const url = (s: { filters: object; limit: number; page: number }) =>
  `/api/v1/items?limit=${s.limit}&page=${s.page}&filterOptions=${encodeURIComponent(JSON.stringify(s.filters))}`;

/** As browsers and other clients ask, in turn: a kept page is also kept compressed (compressed-answers.ts). */
const ACCEPT_ENCODINGS = [undefined, 'gzip, deflate, br', 'gzip'];
let servedCalls = 0;

/** The page's JSON text as sent, decoded from whichever encoding the request took. */
async function served(s: { filters: object; limit: number; page: number }, token = owner): Promise<string> {
  const acceptEncoding = ACCEPT_ENCODINGS[servedCalls++ % ACCEPT_ENCODINGS.length];
  const headers = { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  const response = await t.app.inject({ method: 'GET', url: url(s), headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return decodeAnswer(response);
}

async function fromScratch(s: { filters: object; limit: number; page: number }): Promise<string> {
  const filterOptions = filterOptionsSchema.parse(s.filters);
  return JSON.stringify(await listItems(db(), L, { filterOptions, limit: s.limit, page: s.page }));
}

async function expectEveryPageFresh(): Promise<void> {
  for (const s of shapes) expect(await served(s), JSON.stringify(s)).toBe(await fromScratch(s));
  for (const search of ['chicken', 'shrimp']) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/items/search-suggestions?search=${search}&limit=8`,
      headers: bearer(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body, search).toBe(JSON.stringify({ data: await listSearchSuggestions(db(), L, search, 8) }));
  }
}

async function firstPage(s: Shape = shapes[0]): Promise<ListItem[]> {
  return (JSON.parse(await fromScratch(s)) as { data: ListItem[] }).data;
}

const pick = <T>(items: readonly T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);
const offerOf = async (n: number) => pick(await firstPage(pick(shapes, n)), n)?.itemDistributorId;

async function putInCart(itemDistributorId: number, quantity: number): Promise<void> {
  const cart = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(chef) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shopping-carts',
    headers: bearer(chef),
    payload: { itemList: [{ itemDistributorId, quantity }], lastModified: cart.json().data.lastModified },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Each write a page can see: through the API where there is one, else SQL as the app's other features write. */
const writes: Writes = {
  async addToCart(n) {
    await putInCart((await offerOf(n))!, (n % 5) + 1);
  },
  async emptyCart() {
    await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${L}`);
  },
  async changePrice(n) {
    const id = await offerOf(n);
    await db().execute(
      sql`UPDATE location_items SET price = price + ${(n % 500) + 1} / 100.0 WHERE location_id = ${L} AND item_distributor_id = ${id}`,
    );
  },
  async endPriceYesterday(n) {
    const id = await offerOf(n);
    await db().execute(
      sql`UPDATE location_items SET end_date = current_date - 1 WHERE location_id = ${L} AND item_distributor_id = ${id}`,
    );
  },
  async punchOut(n) {
    const id = await offerOf(n);
    await db().execute(
      sql`UPDATE location_items SET is_punched_out = NOT is_punched_out WHERE location_id = ${L} AND item_distributor_id = ${id}`,
    );
  },
  async purchase(n) {
    const id = await offerOf(n);
    await db().execute(sql`UPDATE location_items SET purchased_quantity = purchased_quantity + ${(n % 3) + 1},
      last_purchased_date = current_date, last_purchased_qty = ${(n % 3) + 1}, last_purchased_price = price
      WHERE location_id = ${L} AND item_distributor_id = ${id}`);
  },
  async rejectMatch(n) {
    const items = (await firstPage(shapes[3])).filter((item) => item.matchId !== null);
    const item = pick(items, n);
    if (!item) return;
    await db().execute(sql`INSERT INTO item_swaps (location_id, old_item_distributor_id, new_item_distributor_id, type)
      VALUES (${L}, ${item.itemDistributorId}, ${item.matchId}, 'reject') ON CONFLICT DO NOTHING`);
  },
  async linkInInventory(n) {
    const id = await offerOf(n);
    const [group] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM inventory_groups WHERE location_id = ${L} ORDER BY id OFFSET ${n % 3} LIMIT 1`,
    );
    if (!group) return;
    await db().execute(sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, sort_index)
      VALUES (${L}, ${group.id}, 'item', ${id}, ${n}) ON CONFLICT DO NOTHING`);
  },
  async changeCatalogue(n) {
    const id = await offerOf(n);
    await db().execute(sql`UPDATE item_distributors SET brand = ${`Brand ${n}`}, rebate = ${n % 5} WHERE id = ${id}`);
    await db().execute(
      sql`UPDATE items SET name = name || '.' WHERE id = (SELECT item_id FROM item_distributors WHERE id = ${id})`,
    );
  },
  async renameDistributor(n) {
    await db().execute(
      sql`UPDATE distributors SET nickname = ${`Harborline ${n}`} WHERE id = ${DEMO_IDS.distributors.harborline}`,
    );
  },
  async toggleDisplays(n) {
    await db().execute(
      n % 2
        ? sql`UPDATE locations SET display_rebate = NOT display_rebate WHERE id = ${L}`
        : sql`UPDATE locations SET display_match = NOT display_match WHERE id = ${L}`,
    );
  },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('the place-order list from kept pages', () => {
  it('sends an unchanged page from its kept copy, and a marked location builds it again', async () => {
    const [page] = shapes;
    const first = await served(page);
    expect(await served(page, chef)).toBe(first);
    // A cart line whose mark is taken away behind the list's back: the kept copy is still sent.
    await writes.addToCart(0);
    await db().execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${L}`);
    expect((await served(page)) === first).toBe(true);
    expect((await fromScratch(page)) === first).toBe(false);
    // Any mark of the location, and the page is built again.
    await db().execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${L})`);
    expect(await served(page)).toBe(await fromScratch(page));
  });

  it('keeps a search by its text in any capitals, and always computes a past-order filter', async () => {
    const item = (await firstPage())[4];
    const search = { filters: { sort: 'relevance', search: item.name }, limit: 10, page: 1 };
    const kept = await served(search);
    // The same text in other capitals finds the same rows: one kept answer serves both.
    const shouted = { ...search, filters: { ...search.filters, search: ` ${item.name.toUpperCase()} ` } };
    expect(await fromScratch(shouted)).toBe(kept);
    const [order] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT order_id AS id FROM order_items WHERE location_id = ${L} AND item_distributor_id IS NOT NULL ORDER BY order_id LIMIT 1`,
    );
    const pastOrder = { filters: { pastOrderIds: [order.id] }, limit: 10, page: 1 };
    const [line] = (JSON.parse(await served(pastOrder)) as { data: ListItem[] }).data;
    // Cart lines whose marks are taken away behind the list's back.
    await putInCart(item.itemDistributorId, 3);
    await putInCart(line.itemDistributorId, 2);
    await db().execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${L}`);
    expect((await served(search)) === kept).toBe(true);
    expect((await served(shouted)) === kept).toBe(true);
    const filtered = await served(pastOrder);
    expect(filtered).toBe(await fromScratch(pastOrder));
    expect((JSON.parse(filtered) as { data: ListItem[] }).data[0].caseQuantity).toBe(2);
    await db().execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${L})`);
    expect(await served(search)).toBe(await fromScratch(search));
  });

  it('the sweep takes every marked location; the next read builds the same page', async () => {
    await served(shapes[0]);
    await writes.changePrice(3);
    await db().execute(sql`UPDATE location_items SET price = price + 1 WHERE location_id = ${DEMO_IDS.locations.harborCatering}`);
    expect(await sweepKeptReadMarks(db())).toBeGreaterThanOrEqual(2);
    const [left] = await queryRows<{ marks: number }>(db(), sql`SELECT count(*)::int AS marks FROM kept_read_marks`);
    expect(left.marks).toBe(0);
    expect(await served(shapes[0])).toBe(await fromScratch(shapes[0]));
  });

  it('after any sequence of writes, answers byte for byte the page computed from scratch', async () => {
    await checkAfterWriteSequences(writes, expectEveryPageFresh, { numRuns: 10, maxLength: 5, seed: 38 });
  }, 600_000);

  it('covers every write kind at least once', async () => {
    await checkEachWrite(writes, expectEveryPageFresh);
  }, 600_000);
});
