/**
 * The inventory view's stored page answers (issue 15, migration 0028): after any sequence of the
 * writes that change a page, the page served is byte for byte the page computed from scratch by
 * the view's code, for several query shapes of two lists; an unchanged page is served from its
 * stored text; a page stored on another day of the location is not served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer, buildOrder } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import type { GenericGroup, InventoryList } from '@stockpot/domain';
import { openInventoryTestApp } from '../../test-support/inventory-lists';
import { bearer, type TestApp } from '../../test-support/test-app';
import { checkAfterWriteSequences, checkEachWrite, type Writes } from '../../test-support/write-sequences';
import { getLocationContext } from '../catalog/catalog.public';
import { sweepMarks } from './inventory-answers.service';
import { buildGroupsPage, parseGroupFilter } from './inventory-groups-read.service';

const L = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;
let chef: string;
let kitchen: InventoryList;
let bar: InventoryList;
let subRecipeId: number;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });

/** The query shapes compared: the web's desktop and mobile pages, a later page sorted A-Z, no items. */
const shapes = (listId: number) => [
  { listId, page: 1, limit: 70, expand: 'items,purchased,onHandTotal,units', sort: 'custom' as const },
  { listId, page: 1, limit: 25, expand: 'items', sort: 'custom' as const },
  { listId, page: 2, limit: 3, expand: 'units', sort: 'asc' as const },
];
type Shape = ReturnType<typeof shapes>[number];

const url = (s: Shape) =>
  `comparison-views/${s.listId}/groups?page=${s.page}&limit=${s.limit}&expand=${s.expand}` +
  `&filterOptions=${encodeURIComponent(JSON.stringify({ sort: s.sort }))}`;

async function served(s: Shape): Promise<string> {
  const response = await api('GET', url(s));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.body;
}

async function fromScratch(s: Shape): Promise<string> {
  const ctx = await getLocationContext(t.handle.db, L);
  const filter = parseGroupFilter(JSON.stringify({ sort: s.sort }));
  return JSON.stringify(await buildGroupsPage(t.handle.db, ctx, s.listId, { ...s, filter }));
}

async function expectEveryPageFresh(): Promise<void> {
  for (const s of [...shapes(kitchen.id), ...shapes(bar.id)]) expect(await served(s)).toBe(await fromScratch(s));
}

async function kitchenGroups(): Promise<GenericGroup[]> {
  return JSON.parse(await fromScratch(shapes(kitchen.id)[0])).data as GenericGroup[];
}

const pick = <T>(items: readonly T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);

/** A catalogue item linked in the kitchen list, by the n-th pick. */
async function linkedOffer(n: number): Promise<number | undefined> {
  const ids = (await kitchenGroups())
    .flatMap((g) => g.items!.filter((i) => !i.isCustomItem && !i.isSubRecipe))
    .map((i) => i.itemDistributorId!);
  return pick(ids, n);
}

const db = () => t.handle.db;

/** Each write the page can see, through the API where there is one, else through SQL as the app's other features write. */
const writes: Writes = {
  async countOnHand(n) {
    const groups = await kitchenGroups();
    const group = pick(groups, n)!;
    const item = pick(group.items!, n);
    if (!item) return;
    const kind = item.isCustomItem ? 'custom' : item.isSubRecipe ? 'subrecipe' : 'item';
    const id = kind === 'item' ? item.itemDistributorId : item.id;
    const response = await api(
      'PATCH',
      `comparison-views/${kitchen.id}/groups/${group.id}/${kind}/${id}`,
      { onHand: n % 7, onHandPack: n % 3 },
      chef,
    );
    expect(response.statusCode, response.body).toBe(200);
  },
  async renameGroup(n) {
    const group = pick(await kitchenGroups(), n)!;
    const response = await api('PATCH', `comparison-views/${kitchen.id}/groups/${group.id}`, {
      name: `Renamed ${n} ${Date.now()}`,
      parLevel: n % 40,
    });
    expect(response.statusCode, response.body).toBe(200);
  },
  async reorderGroups(n) {
    const ids = (await kitchenGroups()).map((g) => g.id);
    const at = n % ids.length;
    const response = await api('POST', `comparison-views/${kitchen.id}/reset-sorts`, {
      groups: [...ids.slice(at), ...ids.slice(0, at)],
    });
    expect(response.statusCode, response.body).toBe(200);
  },
  async linkItem(n) {
    const group = pick(await kitchenGroups(), n)!;
    const offer = await buildOffer(db(), { locationId: L });
    const response = await api('POST', `comparison-views/${kitchen.id}/groups/${group.id}/items`, {
      items: [offer.id],
      subrecipes: [],
    });
    expect(response.statusCode, response.body).toBe(200);
  },
  async unlinkItem(n) {
    const group = pick(
      (await kitchenGroups()).filter((g) => g.items!.some((i) => !i.isCustomItem && !i.isSubRecipe)),
      n,
    );
    if (!group) return;
    const item = pick(
      group.items!.filter((i) => !i.isCustomItem && !i.isSubRecipe),
      n,
    )!;
    const response = await api('DELETE', `comparison-views/${kitchen.id}/groups/${group.id}/item/${item.itemDistributorId}`);
    expect(response.statusCode, response.body).toBe(200);
  },
  async changePrice(n) {
    const id = await linkedOffer(n);
    if (id)
      await db().execute(
        sql`UPDATE location_items SET price = price + ${(n % 500) + 1} / 100.0 WHERE location_id = ${L} AND item_distributor_id = ${id}`,
      );
  },
  async endPriceYesterday(n) {
    const id = await linkedOffer(n);
    if (id)
      await db().execute(
        sql`UPDATE location_items SET end_date = current_date - 1 WHERE location_id = ${L} AND item_distributor_id = ${id}`,
      );
  },
  async punchOut(n) {
    const id = await linkedOffer(n);
    if (id)
      await db().execute(
        sql`UPDATE location_items SET is_punched_out = NOT is_punched_out WHERE location_id = ${L} AND item_distributor_id = ${id}`,
      );
  },
  async placeOrder(n) {
    const id = await linkedOffer(n);
    if (!id) return;
    const [offer] = await queryRows<{ distributorId: number; price: string; name: string }>(
      db(),
      sql`SELECT d.distributor_id AS "distributorId", li.price::text AS price, i.name FROM location_items li
          JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
          WHERE li.location_id = ${L} AND li.item_distributor_id = ${id}`,
    );
    // Some orders fall just inside and just outside the 30 days of the group spend.
    const daysAgo = [0, 28, 29, 30, 31][n % 5];
    await buildOrder(db(), {
      locationId: L,
      distributorId: offer.distributorId,
      lines: [
        {
          offer: {
            id,
            itemId: 0,
            distributorId: offer.distributorId,
            name: offer.name,
            din: '',
            packSize: '',
            price: offer.price,
          },
          quantity: (n % 4) + 1,
        },
      ],
      order: { createdAt: new Date(Date.now() - daysAgo * 86_400_000) },
    });
  },
  async cancelOrder(n) {
    await db().execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = (
      SELECT id FROM orders WHERE location_id = ${L} AND status <> 'cancelled' ORDER BY created_at DESC OFFSET ${n % 3} LIMIT 1)`);
  },
  async addCustomItem(n) {
    const group = pick(await kitchenGroups(), n)!;
    const response = await api('POST', `comparison-views/${kitchen.id}/groups/${group.id}/custom`, {
      description: `House item ${n}`,
      unitMeasure: 'CS',
      distributor: 'Restaurant Depot',
      price: (n % 90) + 1.25,
      packSize: { outerPack: 1, innerPack: (n % 10) + 1, uom: 'LB' },
      din: `H${n}`,
      brand: 'House',
    });
    expect(response.statusCode, response.body).toBe(201);
  },
  async editCustomItem(n) {
    await db().execute(sql`UPDATE inventory_group_items SET price = price + ${(n % 9) + 1}, description = description || '!'
      WHERE location_id = ${L} AND kind = 'custom' AND id = (
        SELECT id FROM inventory_group_items WHERE location_id = ${L} AND kind = 'custom' ORDER BY id OFFSET ${n % 2} LIMIT 1)`);
  },
  async changeSubRecipeCost(n) {
    // The sub-recipe's only ingredient is a catalogue case: its price is the batch cost.
    await db().execute(sql`UPDATE location_items SET price = price + ${(n % 300) + 1} / 100.0
      WHERE location_id = ${L} AND item_distributor_id = (
        SELECT item_distributor_id FROM recipe_ingredients WHERE location_id = ${L} AND recipe_id = ${subRecipeId} LIMIT 1)`);
  },
  async changeSubRecipeYield(n) {
    await db().execute(sql`UPDATE recipes SET sub_recipe_yield = ${String((n % 6) + 1)}, name = ${`Stock ${n}`}
      WHERE location_id = ${L} AND id = ${subRecipeId}`);
  },
  async changeCatalogue(n) {
    const id = await linkedOffer(n);
    if (!id) return;
    await db().execute(sql`UPDATE item_distributors SET brand = ${`Brand ${n}`}, rebate = ${n % 5} WHERE id = ${id}`);
    await db().execute(
      sql`UPDATE items SET name = name || '.' WHERE id = (SELECT item_id FROM item_distributors WHERE id = ${id})`,
    );
  },
  async toggleRebateDisplay() {
    await db().execute(sql`UPDATE locations SET display_rebate = NOT display_rebate WHERE id = ${L}`);
  },
  async moveGroupToBar(n) {
    const group = pick(await kitchenGroups(), n)!;
    const response = await api('PATCH', `comparison-views/${kitchen.id}/groups/${group.id}/move`, { name: bar.id });
    expect([200, 400]).toContain(response.statusCode);
  },
  async deleteGroup(n) {
    const groups = await kitchenGroups();
    if (groups.length < 4) return;
    const response = await api('DELETE', `comparison-views/${kitchen.id}/groups/${pick(groups, n)!.id}`);
    expect(response.statusCode, response.body).toBe(200);
  },
  async createGroup(n) {
    const response = await api('POST', `comparison-views/${kitchen.id}/groups`, {
      name: `New group ${n} ${Date.now()}`,
      new_sort: n % 5,
    });
    expect(response.statusCode, response.body).toBe(201);
  },
};

beforeAll(async () => {
  ({ t, owner, chef, kitchen, bar } = await openInventoryTestApp());
  // A sub-recipe (4 qt from one case of an offer) counted in the kitchen list's first group.
  const categories = (await api('GET', 'recipe-menu-category')).json().data as { value: number; label: string }[];
  const created = await api('POST', 'recipe', {
    name: 'Stock',
    recipe_menu_category_id: categories[0].value,
    is_sub_recipe: true,
    sub_recipe_yield: '4',
    sub_recipe_yield_uom: 'qt',
  });
  expect(created.statusCode, created.body).toBe(201);
  subRecipeId = created.json().data.id;
  const [offer] = await queryRows<{ id: number }>(
    db(),
    sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L} AND d.unit_measure = 'CS' AND NOT li.is_punched_out ORDER BY d.id LIMIT 1`,
  );
  const ingredient = await api('POST', `recipe/${subRecipeId}/ingredient`, {
    ingredient_type: 'item',
    ingredient_id: offer.id,
    recipe_amount_fraction: '1',
    recipe_pack_size_uom: 'case',
    conversion_pack_size_uom: 'case',
  });
  expect(ingredient.statusCode, ingredient.body).toBe(201);
  const first = (await kitchenGroups())[0];
  const linked = await api('POST', `comparison-views/${kitchen.id}/groups/${first.id}/items`, {
    items: [],
    subrecipes: [subRecipeId],
  });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the inventory view page from stored answers', () => {
  it('serves an unchanged page from its stored text, one per location, list and query shape', async () => {
    const [page] = shapes(kitchen.id);
    const first = await served(page);
    expect(first).toBe(await served(page));
    const [stored] = await queryRows<{ count: number; dirty: number }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM inventory_view_answers WHERE location_id = ${L} AND list_id = ${kitchen.id}) AS count,
                 (SELECT count(*)::int FROM inventory_view_dirty WHERE location_id = ${L}) AS dirty`,
    );
    expect(stored).toEqual({ count: 1, dirty: 0 });
    // The stored text is what a read answers: change it behind the view's back and the read shows it.
    const firstName = (JSON.parse(first) as { data: GenericGroup[] }).data[0].name;
    await db()
      .execute(sql`UPDATE inventory_view_answers SET body = replace(body, ${`"name":"${firstName}"`}, '"name":"Stored copy"'),
      generation = nextval('inventory_view_answer_generations') WHERE location_id = ${L} AND list_id = ${kitchen.id}`);
    expect((JSON.parse(await served(page)) as { data: GenericGroup[] }).data[0].name).toBe('Stored copy');
    // Filtered and analytics pages are never stored.
    await api('GET', `comparison-views/${kitchen.id}/groups?filters=${encodeURIComponent('{"name":"a"}')}`);
    await api('GET', `comparison-views/${kitchen.id}/groups?analytics=1`);
    const [after] = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM inventory_view_answers WHERE location_id = ${L}`,
    );
    expect(after.count).toBe(1);
    await db().execute(sql`DELETE FROM inventory_view_answers WHERE location_id = ${L}`);
  });

  it("does not serve a page stored on another day of the location (end dates, the spend's days)", async () => {
    const [page] = shapes(kitchen.id);
    const fresh = await served(page);
    await db()
      .execute(sql`UPDATE inventory_view_answers SET priced_on = priced_on - 1, body = replace(body, '"sort":', '"sort": '),
      generation = nextval('inventory_view_answer_generations') WHERE location_id = ${L}`);
    expect(await served(page)).toBe(fresh);
    const [row] = await queryRows<{ today: boolean }>(
      db(),
      sql`SELECT bool_and(a.priced_on = (now() AT TIME ZONE l.timezone)::date) AS today
          FROM inventory_view_answers a JOIN locations l ON l.id = a.location_id WHERE a.location_id = ${L}`,
    );
    expect(row.today).toBe(true);
  });

  it("serves a stored page only to a member of its location (the user's access is checked in the same statement)", async () => {
    const [page] = shapes(kitchen.id);
    const asChef = await api('GET', url(page), undefined, chef);
    expect(asChef.statusCode).toBe(200);
    const [membership] = await queryRows<{ userId: number }>(
      db(),
      sql`DELETE FROM user_locations WHERE location_id = ${L}
            AND user_id = (SELECT id FROM users WHERE email = 'chef@demo.test') RETURNING user_id AS "userId"`,
    );
    expect((await api('GET', url(page), undefined, chef)).statusCode).toBe(400);
    expect((await api('GET', url(page))).body).toBe(asChef.body);
    await db().execute(sql`INSERT INTO user_locations (user_id, location_id) VALUES (${membership.userId}, ${L})`);
  });

  it("the sweep takes every marked location's marks and pages; the next read recomputes the same page", async () => {
    const [page] = shapes(kitchen.id);
    await served(page);
    await writes.countOnHand(5);
    await writes.placeOrder(3);
    const swept = await sweepMarks(db());
    expect(swept).toBeGreaterThan(0);
    const [left] = await queryRows<{ marks: number; pages: number }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM inventory_view_dirty) AS marks,
                 (SELECT count(*)::int FROM inventory_view_answers WHERE location_id = ${L}) AS pages`,
    );
    expect(left).toEqual({ marks: 0, pages: 0 });
    expect(await served(page)).toBe(await fromScratch(page));
  });

  it('answers a 404 for a list deleted after its page was stored', async () => {
    const created = await api('POST', 'comparison-views', { name: 'Short-lived' });
    const id = created.json().data.id as number;
    expect((await api('GET', `comparison-views/${id}/groups?expand=items`)).statusCode).toBe(200);
    expect((await api('DELETE', `comparison-views/${id}`)).statusCode).toBe(200);
    expect((await api('GET', `comparison-views/${id}/groups?expand=items`)).statusCode).toBe(404);
  });

  it('after any sequence of writes, serves byte for byte the page computed from scratch', async () => {
    await checkAfterWriteSequences(writes, expectEveryPageFresh, { numRuns: 12, maxLength: 6, seed: 15 });
  }, 600_000);

  it('covers every write kind at least once', async () => {
    await checkEachWrite(writes, expectEveryPageFresh);
  }, 600_000);
});
