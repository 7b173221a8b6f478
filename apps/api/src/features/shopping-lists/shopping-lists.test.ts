import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { shoppingListItemSchema, type ShoppingList, type ShoppingListItem } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getAllItems } from '../catalog/catalog.test-support';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
/** Orderable Harbor Grill items not on any demo list, by id. */
let freeItems: number[];
/** An item only Harbor Grill Express carries (a foreign id at Harbor Grill). */
let foreignItem: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload });

async function createList(name: string, itemList: number[] = [], token = owner): Promise<ShoppingList> {
  const response = await api('POST', 'shopping-lists', token, {
    name,
    itemList: itemList.map((itemDistributorId) => ({ itemDistributorId })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function listOrder(listId: number, token = owner): Promise<number[]> {
  const response = await api('GET', `shopping-lists/${listId}`, token);
  expect(response.statusCode).toBe(200);
  return (response.json().data as ShoppingList).itemList.map((item) => item.itemDistributorId);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  // This file's own items: twelve orderable ones at Harbor Grill on no list, and one only Harbor Grill Express carries.
  freeItems = [];
  for (let i = 0; i < 12; i += 1) freeItems.push((await buildOffer(t.handle.db, { locationId: L.harborGrill })).id);
  foreignItem = (await buildOffer(t.handle.db, { locationId: L.harborGrillExpress })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('authentication', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shopping-lists' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/shopping-lists', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET shopping-lists', () => {
  it("answers the location's demo lists by name with their counts", async () => {
    const response = await api('GET', 'shopping-lists', owner);
    expect(response.statusCode).toBe(200);
    const lists = response.json().data as { id: number; name: string; itemCount: number }[];
    expect(lists.map((list) => list.name)).toEqual(['Bar', 'Dry goods', 'Weekly produce']);
    expect(lists.every((list) => list.itemCount > 0)).toBe(true);
  });
});

describe('POST shopping-lists', () => {
  it('creates a list with items in the order sent', async () => {
    const list = await createList('Line prep', [freeItems[2], freeItems[0], freeItems[1]]);
    expect(list.name).toBe('Line prep');
    expect(list.itemCount).toBe(3);
    expect(list.itemList.map((item) => item.itemDistributorId)).toEqual([freeItems[2], freeItems[0], freeItems[1]]);
    for (const item of list.itemList) shoppingListItemSchema.strict().parse(item);
  });

  it("refuses a blank name with 'Name cannot be blank.'", async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const response = await api('POST', 'shopping-lists', owner, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(response.json().errors[0]).toEqual({ field: 'name', message: 'Name cannot be blank.' });
    }
  });

  it('refuses a name another list of the location has, ignoring case and spaces', async () => {
    const response = await api('POST', 'shopping-lists', owner, { name: ' bar ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'duplicate_list_name',
      message: 'A shopping list named "bar" already exists. Choose another name.',
    });
  });

  it('refuses bad item ids and items of another location', async () => {
    const bad = await api('POST', 'shopping-lists', owner, { name: 'Bad ids', itemList: [{ itemDistributorId: 'x' }] });
    expect(bad.statusCode).toBe(400);
    const foreign = await api('POST', 'shopping-lists', owner, {
      name: 'Foreign',
      itemList: [{ itemDistributorId: foreignItem }],
    });
    expect(foreign.statusCode).toBe(404);
    const names = (await api('GET', 'shopping-lists', owner)).json().data.map((list: { name: string }) => list.name);
    expect(names).not.toContain('Foreign');
  });
});

describe('GET shopping-lists/{id} and items', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await api('GET', 'shopping-lists/999999', owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Shopping list not found.');
    expect((await api('GET', 'shopping-lists/999999/items', owner)).statusCode).toBe(404);
    expect((await api('GET', 'shopping-lists/abc', owner)).statusCode).toBe(400);
  });

  it('pages the items with _meta, in list order, without overlap', async () => {
    const list = await createList('Paged', freeItems.slice(0, 7));
    const first = await api('GET', `shopping-lists/${list.id}/items?page=1&limit=3`, owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()._meta).toEqual({ pageCount: 3, currentPage: 1, totalCount: 7 });
    const pages: ShoppingListItem[] = [...first.json().data];
    for (const page of [2, 3])
      pages.push(...(await api('GET', `shopping-lists/${list.id}/items?page=${page}&limit=3`, owner)).json().data);
    expect(pages.map((item) => item.itemDistributorId)).toEqual(freeItems.slice(0, 7));
    const past = await api('GET', `shopping-lists/${list.id}/items?page=9&limit=3`, owner);
    expect(past.json()).toEqual({ data: [], _meta: { pageCount: 3, currentPage: 9, totalCount: 7 } });
    expect((await api('GET', `shopping-lists/${list.id}/items?limit=0`, owner)).statusCode).toBe(400);
    expect((await api('GET', `shopping-lists/${list.id}/items?page=x`, owner)).statusCode).toBe(400);
  });

  it('shows every item field of the list screen', async () => {
    const list = await createList('Fields', [freeItems[0]]);
    const [item] = list.itemList;
    expect(item).toMatchObject({ itemDistributorId: freeItems[0] });
    for (const field of ['name', 'brand', 'distributor', 'unitMeasure', 'packSize', 'imageUrl'] as const)
      expect(typeof item[field]).toBe('string');
    expect(Number.isInteger(item.price)).toBe(true);
  });
});

describe('PATCH shopping-lists/{id}', () => {
  it('renames, keeps its own name case-change, refuses blanks and duplicates', async () => {
    const list = await createList('Brunch');
    const renamed = await api('PATCH', `shopping-lists/${list.id}`, owner, { name: 'Sunday brunch' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id: list.id, name: 'Sunday brunch' });
    expect((await api('PATCH', `shopping-lists/${list.id}`, owner, { name: 'SUNDAY BRUNCH' })).statusCode).toBe(200);
    const blank = await api('PATCH', `shopping-lists/${list.id}`, owner, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].message).toBe('Name cannot be blank.');
    const duplicate = await api('PATCH', `shopping-lists/${list.id}`, owner, { name: 'Dry Goods' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().code).toBe('duplicate_list_name');
    expect((await api('PATCH', 'shopping-lists/999999', owner, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('POST shopping-lists/{id}/add-one and DELETE shopping-lists/{id}/{itemId}', () => {
  it('appends an item at the bottom, once', async () => {
    const list = await createList('Add one', [freeItems[0]]);
    const added = await api('POST', `shopping-lists/${list.id}/add-one`, owner, { itemDistributorId: freeItems[3] });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ isAdded: true, item: { itemDistributorId: freeItems[3] } });
    const again = await api('POST', `shopping-lists/${list.id}/add-one`, owner, { itemDistributorId: freeItems[3] });
    expect(again.json().data.isAdded).toBe(false);
    expect(await listOrder(list.id)).toEqual([freeItems[0], freeItems[3]]);
  });

  it('validates the body and refuses unknown lists and foreign items', async () => {
    const list = await createList('Add checks');
    const missing = await api('POST', `shopping-lists/${list.id}/add-one`, owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('itemDistributorId is required.');
    expect((await api('POST', `shopping-lists/${list.id}/add-one`, owner, { itemDistributorId: foreignItem })).statusCode).toBe(
      404,
    );
    expect((await api('POST', 'shopping-lists/999999/add-one', owner, { itemDistributorId: freeItems[0] })).statusCode).toBe(404);
  });

  it('removes an item and answers 404 when it is not on the list', async () => {
    const list = await createList('Remove', [freeItems[0], freeItems[1]]);
    const removed = await api('DELETE', `shopping-lists/${list.id}/${freeItems[0]}`, owner);
    expect(removed.statusCode).toBe(200);
    expect(await listOrder(list.id)).toEqual([freeItems[1]]);
    expect((await api('DELETE', `shopping-lists/${list.id}/${freeItems[0]}`, owner)).statusCode).toBe(404);
    expect((await api('DELETE', `shopping-lists/${list.id}/abc`, owner)).statusCode).toBe(400);
    expect((await api('DELETE', `shopping-lists/999999/${freeItems[1]}`, owner)).statusCode).toBe(404);
  });
});

describe('Reorder a list item (POST shopping-lists/reorder)', () => {
  const reorder = (body: object, token = owner) => api('POST', 'shopping-lists/reorder', token, body);

  it('moves to the top, the bottom and between neighbours, and the order persists', async () => {
    const [a, b, c, d] = freeItems;
    const list = await createList('Reorder', [a, b, c, d]);
    const top = await reorder({
      item_distributor_id: c,
      item_distributor_ids: [a],
      reference_sort_index: null,
      tag_id: list.id,
      special: 'top',
    });
    expect(top.statusCode, top.body).toBe(200);
    expect(await listOrder(list.id)).toEqual([c, a, b, d]);
    await reorder({
      item_distributor_id: c,
      item_distributor_ids: [d],
      reference_sort_index: 4096,
      tag_id: list.id,
      special: 'bottom',
    });
    expect(await listOrder(list.id)).toEqual([a, b, d, c]);
    await reorder({
      item_distributor_id: a,
      item_distributor_ids: [b, d],
      reference_sort_index: 2048,
      tag_id: list.id,
      special: null,
    });
    expect(await listOrder(list.id)).toEqual([b, a, d, c]);
    // The order is stored: a new session reads it the same way.
    expect(await listOrder(list.id, await signInAs(t.app, 'owner@demo.test'))).toEqual([b, a, d, c]);
  });

  it('renumbers when neighbours have no room left', async () => {
    const [a, b, c] = freeItems;
    const list = await createList('Crowded', [a, b, c]);
    // Many moves into the same gap halve it each time until it closes.
    for (let i = 0; i < 14; i += 1) {
      const moved = i % 2 === 0 ? c : b;
      const response = await reorder({ item_distributor_id: moved, item_distributor_ids: [a], tag_id: list.id });
      expect(response.statusCode).toBe(200);
    }
    expect(await listOrder(list.id)).toEqual([a, b, c]);
    const indexes = (await api('GET', `shopping-lists/${list.id}`, owner))
      .json()
      .data.itemList.map((i: ShoppingListItem) => i.sortIndex);
    expect(new Set(indexes).size).toBe(3);
  });

  it('validates the body and refuses items and lists it does not know', async () => {
    const list = await createList('Reorder checks', freeItems.slice(0, 2));
    expect((await reorder({ tag_id: list.id })).statusCode).toBe(400);
    expect((await reorder({ item_distributor_id: freeItems[0] })).statusCode).toBe(400);
    expect((await reorder({ item_distributor_id: freeItems[0], tag_id: list.id, special: 'middle' })).statusCode).toBe(400);
    const noNeighbour = await reorder({ item_distributor_id: freeItems[0], tag_id: list.id });
    expect(noNeighbour.statusCode).toBe(400);
    expect(noNeighbour.json().code).toBe('invalid_reorder');
    const self = await reorder({ item_distributor_id: freeItems[0], item_distributor_ids: [freeItems[0]], tag_id: list.id });
    expect(self.statusCode).toBe(400);
    expect(
      (await reorder({ item_distributor_id: freeItems[5], item_distributor_ids: [freeItems[0]], tag_id: list.id })).statusCode,
    ).toBe(404);
    expect(
      (await reorder({ item_distributor_id: freeItems[0], item_distributor_ids: [freeItems[5]], tag_id: list.id })).statusCode,
    ).toBe(404);
    expect((await reorder({ item_distributor_id: freeItems[0], tag_id: 999999, special: 'top' })).statusCode).toBe(404);
  });
});

describe('DELETE shopping-lists/{id}', () => {
  it("deletes the list and its rows but leaves the items' catalogue rows intact", async () => {
    const list = await createList('Temporary', freeItems.slice(0, 3));
    const catalogue = async () =>
      queryRows<{ count: number }>(
        t.handle.db,
        sql`SELECT count(*)::int AS count FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
            WHERE li.location_id = ${L.harborGrill} AND li.item_distributor_id = ANY(${`{${freeItems.slice(0, 3).join(',')}}`}::int[])`,
      );
    expect((await catalogue())[0].count).toBe(3);
    const response = await api('DELETE', `shopping-lists/${list.id}`, owner);
    expect(response.statusCode).toBe(200);
    expect((await api('GET', `shopping-lists/${list.id}`, owner)).statusCode).toBe(404);
    expect((await catalogue())[0].count).toBe(3);
    const [rows] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM shopping_list_items WHERE shopping_list_id = ${list.id}`,
    );
    expect(rows.count).toBe(0);
    expect((await api('DELETE', `shopping-lists/${list.id}`, owner)).statusCode).toBe(404);
  });
});

describe('location scope', () => {
  it("refuses another location's list with 404 on every call, and leaves it untouched", async () => {
    const grillList = await createList('Grill only', [freeItems[0], freeItems[1]]);
    // The chef's active location starts as Harbor Grill; switch the chef to Harbor Grill Express.
    const switched = await api('PUT', `users/${DEMO_IDS.users.chef}`, chef, {
      id: DEMO_IDS.users.chef,
      active_location_id: L.harborGrillExpress,
    });
    expect(switched.statusCode).toBe(200);
    const id = grillList.id;
    expect((await api('GET', `shopping-lists/${id}`, chef)).statusCode).toBe(404);
    expect((await api('GET', `shopping-lists/${id}/items`, chef)).statusCode).toBe(404);
    expect((await api('PATCH', `shopping-lists/${id}`, chef, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await api('POST', `shopping-lists/${id}/add-one`, chef, { itemDistributorId: foreignItem })).statusCode).toBe(404);
    expect((await api('DELETE', `shopping-lists/${id}/${freeItems[0]}`, chef)).statusCode).toBe(404);
    expect(
      (await api('POST', 'shopping-lists/reorder', chef, { item_distributor_id: freeItems[1], tag_id: id, special: 'top' }))
        .statusCode,
    ).toBe(404);
    expect((await api('DELETE', `shopping-lists/${id}`, chef)).statusCode).toBe(404);
    const names = (await api('GET', 'shopping-lists', chef)).json().data.map((list: { name: string }) => list.name);
    expect(names).not.toContain('Grill only');
    // A name is unique per location only: the same name is fine at another location.
    expect((await api('POST', 'shopping-lists', chef, { name: 'Grill only' })).statusCode).toBe(201);
    expect(await listOrder(id)).toEqual([freeItems[0], freeItems[1]]);
    expect((await api('GET', `shopping-lists/${id}`, owner)).json().data.name).toBe('Grill only');
  });
});

describe('GET items with filterOptions.shoppingIds (the filters modal)', () => {
  it("lists exactly the chosen lists' items", async () => {
    const one = await createList('Filter one', [freeItems[0], freeItems[1]]);
    const two = await createList('Filter two', [freeItems[1], freeItems[2]]);
    const rows = await getAllItems(t.app, owner, { shoppingIds: [one.id, two.id] });
    expect(rows.map((row) => row.itemDistributorId).sort((x, y) => x - y)).toEqual(freeItems.slice(0, 3));
    const single = await getAllItems(t.app, owner, { shoppingIds: [one.id] });
    expect(single.map((row) => row.itemDistributorId).sort((x, y) => x - y)).toEqual(freeItems.slice(0, 2));
  });
});
