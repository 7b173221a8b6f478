import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { genericGroupSchema, pagedEnvelope, type GenericGroup, type InventoryList } from '@stockpot/domain';
import { openInventoryTestApp } from '../../test-support/inventory-lists';
import { bearer, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
let kitchen: InventoryList;
let bar: InventoryList;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = owner, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });

async function groupsOf(listId: number, query = 'expand=items'): Promise<GenericGroup[]> {
  const response = await api('GET', `comparison-views/${listId}/groups?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function createGroup(listId: number, name: string, newSort?: number): Promise<number> {
  const response = await api('POST', `comparison-views/${listId}/groups`, owner, { name, new_sort: newSort });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function freeOffer(): Promise<number> {
  return (await buildOffer(t.handle.db, { locationId: L.harborGrill })).id;
}

beforeAll(async () => {
  ({ t, owner, chef, kitchen, bar } = await openInventoryTestApp());
});
afterAll(async () => {
  await t?.close();
});

describe('inventory lists', () => {
  it("answers Harbor Grill's demo lists, paged with _meta", async () => {
    const response = await api('GET', 'comparison-views?page=1&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()._meta).toMatchObject({ currentPage: 1, pageCount: 2 });
    expect(response.json().data[0]).toMatchObject({ name: 'Kitchen', merchantId: L.harborGrill, onInventory: false });
    expect((await api('GET', `comparison-views/${bar.id}`)).json().data).toMatchObject({ id: bar.id, name: 'Bar' });
  });

  it('creates, renames and deletes a list; a taken name is a 400 with the server message', async () => {
    const created = await api('POST', 'comparison-views', owner, { name: 'Walk-in' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const duplicate = await api('POST', 'comparison-views', owner, { name: ' walk-in ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 'duplicate_list_name', message: expect.stringContaining('already exists') });
    const renamed = await api('PATCH', `comparison-views/${id}`, owner, { name: 'Walk-in cooler' });
    expect(renamed.json().data.name).toBe('Walk-in cooler');
    expect((await api('PATCH', `comparison-views/${id}`, owner, { onInventory: true })).json().data.onInventory).toBe(true);
    expect((await api('POST', 'comparison-views', owner, { name: '  ' })).statusCode).toBe(400);
    expect((await api('PATCH', `comparison-views/${id}`, owner, {})).statusCode).toBe(400);
    expect((await api('DELETE', `comparison-views/${id}`)).statusCode).toBe(200);
    expect((await api('GET', `comparison-views/${id}`)).statusCode).toBe(404);
  });

  it('refuses list changes without editComparisonView (the chef)', async () => {
    const response = await api('POST', 'comparison-views', chef, { name: 'Chef list' });
    expect(response.statusCode).toBe(403);
    expect((await api('DELETE', `comparison-views/${bar.id}`, chef)).statusCode).toBe(403);
    expect((await api('GET', 'comparison-views/all-views', chef)).statusCode).toBe(200);
  });

  it('answers 404 for an id that is not one of the location', async () => {
    expect((await api('GET', 'comparison-views/999999')).statusCode).toBe(404);
    expect((await api('GET', 'comparison-views/999999/groups')).statusCode).toBe(404);
    expect((await api('GET', 'comparison-views/abc')).statusCode).toBe(400);
  });
});

describe('generic groups', () => {
  it('reads the demo groups with items from several distributors, par, on hand and units', async () => {
    const groups = await groupsOf(kitchen.id);
    const chicken = groups.find((g) => g.name === 'Chicken breast')!;
    genericGroupSchema.strict().parse(chicken);
    expect(new Set(chicken.items!.map((i) => i.distributor)).size).toBeGreaterThan(1);
    expect(chicken.parLevel).toBe(80);
    expect(chicken.units.map((u) => u.name)).toEqual(expect.arrayContaining(['case', 'lb']));
    expect(chicken.totalOnHandAmount).toBeGreaterThan(0);
    expect(chicken.items!.filter((i) => i.isBestBuy)).toHaveLength(1);
    const onions = groups.find((g) => g.name === 'Yellow onions')!;
    expect(onions.items!.some((i) => i.isCustomItem && i.distributor === 'Restaurant Depot')).toBe(true);
  });

  it('writes the page exactly as its schema reads it: every field, none the schema lacks', async () => {
    // The route writes its built answer with JSON.stringify (platform/serializers.ts); parsing with
    // the schema drops unknown keys, so an equal copy means the answer holds no field beyond it.
    const response = await api(
      'GET',
      `comparison-views/${kitchen.id}/groups?page=1&limit=70&expand=items,purchased,onHandTotal,units&filterOptions=${encodeURIComponent('{"sort":"custom"}')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body: unknown = response.json();
    expect(pagedEnvelope(genericGroupSchema).parse(body)).toEqual(body);
    const analytics = await api('GET', `comparison-views/${kitchen.id}/groups?page=1&limit=200&analytics=1`);
    expect(pagedEnvelope(genericGroupSchema).parse(analytics.json())).toEqual(analytics.json());
  });

  it('orders items punched-out last, then by final unit price', async () => {
    for (const group of await groupsOf(kitchen.id)) {
      const items = group.items!;
      const firstPunched = items.findIndex((i) => i.isPunchedOut);
      if (firstPunched >= 0) expect(items.slice(firstPunched).every((i) => i.isPunchedOut)).toBe(true);
      const priced = items.filter((i) => !i.isPunchedOut && i.finalUnitPrice !== null).map((i) => i.finalUnitPrice!);
      expect(priced).toEqual([...priced].sort((a, b) => a - b));
    }
  });

  it('filters by name (like) and sorts A-Z, Z-A and custom', async () => {
    const like = await groupsOf(kitchen.id, `filters=${encodeURIComponent(JSON.stringify({ name: 'CREAM' }))}`);
    expect(like.map((g) => g.name)).toEqual(['Heavy cream']);
    const az = (await groupsOf(bar.id, `filterOptions=${encodeURIComponent('{"sort":"asc"}')}`)).map((g) => g.name);
    expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b)));
    const za = (await groupsOf(bar.id, `filterOptions=${encodeURIComponent('{"sort":"desc"}')}`)).map((g) => g.name);
    expect(za).toEqual([...az].reverse());
    expect((await api('GET', `comparison-views/${bar.id}/groups?filterOptions=nope`)).statusCode).toBe(400);
  });

  it("creates a group at a position; a duplicate is 'This generic item already exists', a short name a 400", async () => {
    const id = await createGroup(bar.id, 'Simple syrup', 0);
    expect((await groupsOf(bar.id))[0]).toMatchObject({ id, name: 'Simple syrup', sort: 0 });
    const duplicate = await api('POST', `comparison-views/${bar.id}/groups`, owner, { name: 'simple SYRUP' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('This generic item already exists');
    const short = await api('POST', `comparison-views/${bar.id}/groups`, owner, { name: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 3 characters');
    expect((await api('POST', `comparison-views/${bar.id}/groups`, chef, { name: 'Chef group' })).statusCode).toBe(403);
  });

  it('renames and sets par; a rename to a taken name is refused', async () => {
    const id = await createGroup(kitchen.id, 'Parsley');
    const renamed = await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}`, owner, {
      name: 'Flat parsley',
      parLevel: 2.5,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Flat parsley', parLevel: 2.5 });
    const taken = await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}`, owner, { name: 'Heavy cream' });
    expect(taken.json().message).toBe('This generic item already exists');
    expect((await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}`, owner, { parLevel: -1 })).statusCode).toBe(400);
    expect((await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}`, owner, { parLevel: 1.234 })).statusCode).toBe(400);
    expect((await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}`, chef, { parLevel: 3 })).statusCode).toBe(403);
  });

  it('saves the group order sent as a list of ids, and a move by new_sort', async () => {
    const before = (await groupsOf(kitchen.id, '')).map((g) => g.id);
    const wanted = [...before].reverse();
    const saved = await api('POST', `comparison-views/${kitchen.id}/reset-sorts`, owner, { groups: wanted });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await groupsOf(kitchen.id, '')).map((g) => g.id)).toEqual(wanted);
    await api('PATCH', `comparison-views/${kitchen.id}/groups/${wanted[0]}`, owner, { new_sort: 2, old_sort: 0 });
    const after = (await groupsOf(kitchen.id, '')).map((g) => g.id);
    expect(after.slice(0, 3)).toEqual([wanted[1], wanted[2], wanted[0]]);
    expect((await groupsOf(kitchen.id, '')).map((g) => g.sort)).toEqual(after.map((_, i) => i));
    const foreign = await api('POST', `comparison-views/${kitchen.id}/reset-sorts`, owner, { groups: [before[0], 999999] });
    expect(foreign.statusCode).toBe(404);
  });

  it('moves a group to another list and deletes one', async () => {
    const id = await createGroup(kitchen.id, 'Mint leaves');
    const moved = await api('PATCH', `comparison-views/${kitchen.id}/groups/${id}/move`, owner, { name: bar.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api('GET', `comparison-views/${bar.id}/groups/${id}`)).statusCode).toBe(200);
    expect((await api('GET', `comparison-views/${kitchen.id}/groups/${id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `comparison-views/${bar.id}/groups/${id}/move`, owner, { name: 999999 })).statusCode).toBe(404);
    expect((await api('DELETE', `comparison-views/${bar.id}/groups/${id}`)).statusCode).toBe(200);
    expect((await api('GET', `comparison-views/${bar.id}/groups/${id}`)).statusCode).toBe(404);
  });
});

describe('group items and totals', () => {
  it('links items, counts on hand and answers new totals', async () => {
    const groupId = await createGroup(kitchen.id, 'Test flour');
    const [a, b] = [await freeOffer(), await freeOffer()];
    const linked = await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { items: [a, b, a] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      linked
        .json()
        .data.items.map((i: { itemDistributorId: number }) => i.itemDistributorId)
        .sort(),
    ).toEqual([a, b].sort());
    const before = (await api('GET', `comparison-views/${kitchen.id}/groups/${groupId}/totals`)).json().data;
    expect(before.totalOnHandAmount).toBe(0);

    const patched = await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/item/${a}`, owner, {
      onHand: 2,
      onHandPack: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.totalOnHand).toBeGreaterThan(2);
    const item = (await api('GET', `comparison-views/${kitchen.id}/groups/${groupId}`))
      .json()
      .data.items.find((i: { itemDistributorId: number }) => i.itemDistributorId === a);
    expect(item).toMatchObject({
      onHand: 2,
      onHandPack: 1,
      onHandUom: 0,
      totalOnHandAmount: patched.json().data.totalOnHandAmount,
    });
    const after = (await api('GET', `comparison-views/${kitchen.id}/groups/${groupId}/totals`)).json().data;
    expect(after.totalOnHandAmount).toBe(patched.json().data.totalOnHandAmount);
    expect(after.comparisonViewTotalOnHandAmount - before.comparisonViewTotalOnHandAmount).toBe(after.totalOnHandAmount);
    expect(after.allComparisonViewTotalOnHandAmount).toBeGreaterThanOrEqual(after.comparisonViewTotalOnHandAmount);

    // The chef may count on hand (doc 2 §5 locks only structure) but not link.
    expect(
      (await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/item/${a}`, chef, { onHandUom: 1 })).statusCode,
    ).toBe(200);
    expect((await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, chef, { items: [a] })).statusCode).toBe(
      403,
    );
    for (const bad of [{ onHand: -1 }, { onHand: 1.234 }, { onHandPack: 'x' }]) {
      expect((await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/item/${a}`, owner, bad)).statusCode).toBe(400);
    }
    expect(
      (await api('PATCH', `comparison-views/${kitchen.id}/groups/${groupId}/item/999999`, owner, { onHand: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { items: [999999] })).statusCode,
    ).toBe(404);

    const removed = await api('DELETE', `comparison-views/${kitchen.id}/groups/${groupId}/item/${b}`);
    expect(removed.statusCode).toBe(200);
    expect((await api('GET', `comparison-views/${kitchen.id}/groups/${groupId}`)).json().data.items).toHaveLength(1);
  });

  it('changes the pack size an item is counted in, recomputes its totals, and goes back to the default', async () => {
    const groupId = await createGroup(kitchen.id, 'Test pack sizes');
    const offer = (
      await buildOffer(t.handle.db, {
        locationId: L.harborGrill,
        offer: { packSize: '4/5 LB', price: '40.00', unitMeasure: 'CS' },
      })
    ).id;
    const weighed = (
      await buildOffer(t.handle.db, { locationId: L.harborGrill, offer: { isCatchWeight: true, unitMeasure: 'LB' } })
    ).id;
    await api('POST', `comparison-views/${kitchen.id}/groups/${groupId}/items`, owner, { items: [offer, weighed] });
    const itemPath = `comparison-views/${kitchen.id}/groups/${groupId}/item`;
    // 1 case and 2 of its 4 packs: 1.5 cases at $40.00.
    const counted = await api('PATCH', `${itemPath}/${offer}`, owner, { onHand: 1, onHandPack: 2 });
    expect(counted.json().data.totalOnHandAmount).toBe(6000);

    // Counted as 2 packs of 10 LB a case, the same 2 packs are a whole case: 2 cases, $80.00.
    const edited = await api('PATCH', `${itemPath}/${offer}/pack-size`, owner, {
      packSizeVal: { outerPack: 2, innerPack: 10, uom: 'LB' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      itemDistributorId: offer,
      packSize: '4/5 LB',
      customPackSize: '2/10 LB',
      isCustomPackSize: true,
      onHand: 1,
      onHandPack: 2,
      totalOnHand: 2,
      totalOnHandAmount: 8000,
    });
    const [group] = (
      await groupsOf(kitchen.id, 'expand=items,onHandTotal&filters=' + encodeURIComponent('{"name":"Test pack sizes"}'))
    ).filter((g) => g.id === groupId);
    expect(group.items!.find((i) => i.itemDistributorId === offer)).toMatchObject({
      customPackSize: '2/10 LB',
      totalOnHandAmount: 8000,
    });
    expect((await api('PATCH', `${itemPath}/${offer}/pack-size`, owner, { packSize: '3/2 KG' })).json().data.customPackSize).toBe(
      '3/2 KG',
    );

    // Bad input: a 400 a person can act on, and nothing written.
    const zero = await api('PATCH', `${itemPath}/${offer}/pack-size`, owner, { packSize: '0/2 LB' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain("'outer/inner UOM'");
    expect((await api('PATCH', `${itemPath}/${offer}/pack-size`, owner, {})).statusCode).toBe(400);
    const catchWeight = await api('PATCH', `${itemPath}/${weighed}/pack-size`, owner, { packSize: '2/10 LB' });
    expect(catchWeight.statusCode).toBe(400);
    expect(catchWeight.json().message).toContain('catch-weight');
    expect((await api('PATCH', `${itemPath}/${offer}/pack-size`, chef, { packSize: '1/1 LB' })).statusCode).toBe(403);
    expect((await api('PATCH', `${itemPath}/999999/pack-size`, owner, { packSize: '1/1 LB' })).statusCode).toBe(404);
    const [row] = await queryRows<{ customPackSize: string }>(
      t.handle.db,
      sql`SELECT custom_pack_size AS "customPackSize" FROM inventory_group_items WHERE group_id = ${groupId} AND item_distributor_id = ${offer}`,
    );
    expect(row.customPackSize).toBe('3/2 KG');

    // Default Packsize: the catalogue's pack again, and its totals.
    const reset = await api('PATCH', `${itemPath}/${offer}/pack-size`, owner, { packSize: null });
    expect(reset.json().data).toMatchObject({ customPackSize: null, isCustomPackSize: false, totalOnHandAmount: 6000 });
  });

  it('adds a custom item under the §5 rules and counts it', async () => {
    const groupId = await createGroup(bar.id, 'Cocktail cherries');
    const body = {
      description: 'Luxardo cherries',
      unitMeasure: 'CS',
      distributor: 'Liquor Barn',
      price: '24.50',
      packSize: { outerPack: 6, innerPack: 400, uom: 'G' },
    };
    const created = await api('POST', `comparison-views/${bar.id}/groups/${groupId}/custom`, owner, body);
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ isCustomItem: true, price: 2450, packSize: '6/400 G', genericCustomItemId: item.id });
    for (const bad of [
      { ...body, description: 'L' },
      { ...body, distributor: 'X' },
      { ...body, price: 'abc' },
      { ...body, packSize: { outerPack: -1, innerPack: 1, uom: 'G' } },
    ]) {
      expect((await api('POST', `comparison-views/${bar.id}/groups/${groupId}/custom`, owner, bad)).statusCode).toBe(400);
    }
    const counted = await api('PATCH', `comparison-views/${bar.id}/groups/${groupId}/custom/${item.id}`, owner, {
      onHand: 1,
      onHandPack: 3,
    });
    expect(counted.json().data).toMatchObject({
      totalOnHand: 1.5,
      totalOnHandAmount: 3675,
      collectiveOnHand: 3600,
      collectiveOnHandUom: 'G',
    });
    expect((await api('DELETE', `comparison-views/${bar.id}/groups/${groupId}/custom/${item.id}`)).statusCode).toBe(200);
  });

  it('toggles the preferred heart', async () => {
    const [group] = await groupsOf(kitchen.id, `expand=items&filters=${encodeURIComponent('{"name":"Heavy cream"}')}`);
    const id = group.items![0].id;
    const first = await api('POST', `generic-item/toggle-is-preferred/${id}`);
    expect(first.json().data.is_preferred).toBe(!group.items![0].isPreferred);
    expect((await api('POST', `generic-item/toggle-is-preferred/${id}`)).json().data.is_preferred).toBe(
      group.items![0].isPreferred,
    );
    expect((await api('POST', `generic-item/toggle-is-preferred/${id}`, chef)).statusCode).toBe(403);
    expect((await api('POST', 'generic-item/toggle-is-preferred/999999')).statusCode).toBe(404);
  });

  it('sets the group unit when its items convert, and refuses one they do not', async () => {
    const [group] = await groupsOf(kitchen.id, `filters=${encodeURIComponent('{"name":"Chicken breast"}')}`);
    const oz = await api('POST', 'comparison-views/group-unit', owner, [{ groupId: group.id, unitId: 23 }]);
    expect(oz.statusCode, oz.body).toBe(200);
    expect(oz.json().data[0].totalOnHand).toBeCloseTo(
      group.unitId === 24 ? group.totalOnHand * 16 : oz.json().data[0].totalOnHand,
      0,
    );
    const litre = await api('POST', 'comparison-views/group-unit', owner, [{ groupId: group.id, unitId: 11 }]);
    expect(litre.statusCode).toBe(400);
    expect(litre.json().message).toBe('We are not able to convert the packsize for you selection');
    await api('POST', 'comparison-views/group-unit', owner, [{ groupId: group.id, unitId: 24 }]);
  });

  it('offers order to par with the preferred (else cheapest) item in whole cases', async () => {
    const [group] = await groupsOf(kitchen.id, `expand=items&filters=${encodeURIComponent('{"name":"Chicken breast"}')}`);
    expect(group.totalOnHand).toBeLessThan(group.parLevel);
    expect(group.orderToPar).not.toBeNull();
    const preferred = group.items!.find((i) => i.isPreferred && !i.isPunchedOut && !i.isUnpurchasable);
    if (preferred) expect(group.orderToPar!.itemDistributorId).toBe(preferred.itemDistributorId);
    expect(Number.isInteger(group.orderToPar!.quantity)).toBe(true);
  });

  it('counts order to par in the group unit, converting to the chosen item’s cases (units core)', async () => {
    const filter = `expand=items&filters=${encodeURIComponent('{"name":"Chicken breast"}')}`;
    const [inLb] = await groupsOf(kitchen.id, filter);
    expect(inLb.unitId).toBe(24);
    const toPar = inLb.orderToPar!;
    const chosen = inLb.items!.find((i) => i.itemDistributorId === toPar.itemDistributorId)!;
    // the demo's chicken comes in pound cases, e.g. "4/10 LB": pounds in one case
    const [, outer, inner] = /^(\d+)\/([\d.]+) LB$/.exec(chosen.customPackSize ?? chosen.packSize)!;
    const pounds = Number(outer) * Number(inner);
    const short = inLb.parLevel - inLb.totalOnHand;
    // the least whole cases that reach par, not par read as a number of cases
    expect(toPar.quantity).toBe(Math.ceil(short / pounds - 1e-9));
    expect(toPar.quantity).toBeLessThan(inLb.parLevel);

    // the same par counted in ounces orders the same cases
    const group = `comparison-views/${kitchen.id}/groups/${inLb.id}`;
    expect((await api('POST', 'comparison-views/group-unit', owner, [{ groupId: inLb.id, unitId: 23 }])).statusCode).toBe(200);
    expect((await api('PATCH', group, owner, { parLevel: inLb.parLevel * 16 })).statusCode).toBe(200);
    const [inOz] = await groupsOf(kitchen.id, filter);
    expect(inOz.orderToPar).toEqual(toPar);
    await api('PATCH', group, owner, { parLevel: inLb.parLevel });
    await api('POST', 'comparison-views/group-unit', owner, [{ groupId: inLb.id, unitId: 24 }]);
  });

  it('searches the catalogue for the Add/Link dialog, 30 a page, marking linked items', async () => {
    const [group] = await groupsOf(kitchen.id, `expand=items&filters=${encodeURIComponent('{"name":"Heavy cream"}')}`);
    const response = await api('GET', `comparison-views/${kitchen.id}/groups/${group.id}/search-items?search=cream`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { itemDistributorId: number; isLinked: boolean }[];
    expect(rows.length).toBeLessThanOrEqual(30);
    const linked = new Set(group.items!.map((i) => i.itemDistributorId));
    for (const row of rows) expect(row.isLinked).toBe(linked.has(row.itemDistributorId));
    expect((await api('GET', `comparison-views/${kitchen.id}/groups/${group.id}/search-items?limit=31`)).statusCode).toBe(400);
  });

  it('filters the Add/Link search by distributor, past order and purchases, like the shared Filters modal', async () => {
    const [group] = await groupsOf(kitchen.id, `expand=items&filters=${encodeURIComponent('{"name":"Heavy cream"}')}`);
    const search = async (query: string) => {
      const response = await api('GET', `comparison-views/${kitchen.id}/groups/${group.id}/search-items?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { itemDistributorId: number }[];
    };
    const [order] = await queryRows<{ id: number; distributorId: number }>(
      t.handle.db,
      sql`SELECT id, distributor_id AS "distributorId" FROM orders WHERE location_id = ${L.harborGrill} ORDER BY id LIMIT 1`,
    );
    const lines = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT DISTINCT oi.item_distributor_id AS id FROM order_items oi JOIN location_items li
            ON li.location_id = oi.location_id AND li.item_distributor_id = oi.item_distributor_id
          WHERE oi.order_id = ${order.id} AND oi.item_distributor_id IS NOT NULL`,
    );
    expect(lines.length).toBeGreaterThan(0);
    // A past order: exactly its lines the location still carries (fewer than a page).
    const fromOrder = await search(`past_order_ids=${order.id}&limit=30`);
    expect(fromOrder.map((r) => r.itemDistributorId).sort((a, b) => a - b)).toEqual(lines.map((l) => l.id).sort((a, b) => a - b));
    // A distributor: only its offers.
    const byDistributor = await search(`distributor_ids=${order.distributorId}`);
    expect(byDistributor.length).toBeGreaterThan(0);
    const [{ others }] = await queryRows<{ others: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS others FROM item_distributors
          WHERE id = ANY(${`{${byDistributor.map((r) => r.itemDistributorId).join(',')}}`}::int[]) AND distributor_id <> ${order.distributorId}`,
    );
    expect(others).toBe(0);
    // Purchased only: every result was ordered by the location.
    const purchased = await search('purchased_only=1&search=cream');
    for (const row of purchased) {
      const [{ n }] = await queryRows<{ n: number }>(
        t.handle.db,
        sql`SELECT count(*)::int AS n FROM order_items WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${row.itemDistributorId}`,
      );
      expect(n).toBeGreaterThan(0);
    }
    const bad = await api('GET', `comparison-views/${kitchen.id}/groups/${group.id}/search-items?distributor_ids=3;7`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/ids separated by commas/);
  });

  it('lists groups across lists (all-groups by name, groups-search) and the lists and groups holding an item', async () => {
    const all = await api('GET', `comparison-views/all-groups?filters=${encodeURIComponent('{"name":"CREAM"}')}`);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as { id: number; name: string; comparisonViewId: number; comparisonViewName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.name.toLowerCase()).toContain('cream');
    const [expected] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM inventory_groups WHERE location_id = ${L.harborGrill} AND name ILIKE '%cream%'`,
    );
    expect(all.json()._meta.totalCount).toBe(expected.count);
    expect(rows.map((r) => r.comparisonViewName)).toContain('Kitchen');
    const searched = await api('GET', 'comparison-views/groups-search?search=cream');
    expect(searched.json().data).toEqual(rows);
    expect((await api('GET', `comparison-views/all-groups?filters=${encodeURIComponent('{oops')}`)).statusCode).toBe(400);

    const [group] = await groupsOf(kitchen.id, `expand=items&filters=${encodeURIComponent('{"name":"Heavy cream"}')}`);
    const offer = group.items!.find((i) => i.itemDistributorId !== null)!.itemDistributorId!;
    const plain = await api('GET', `comparison-views/from-item-distributor?id=${offer}`);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toContainEqual({ id: kitchen.id, name: 'Kitchen' });
    const expanded = await api('GET', `comparison-views/from-item-distributor?id=${offer}&expand=groups&showItems=1`);
    const kitchenEntry = (expanded.json().data as { id: number; groups: { id: number; itemIds: number[] }[] }[]).find(
      (list) => list.id === kitchen.id,
    )!;
    const entry = kitchenEntry.groups.find((g) => g.id === group.id)!;
    // In the order of the group's cards (issue 34), not only the same ids.
    expect(entry.itemIds).toEqual(
      group.items!.flatMap((i) => (i.itemDistributorId === null || i.isCustomItem || i.isSubRecipe ? [] : [i.itemDistributorId])),
    );
    expect(entry.itemIds.length).toBeGreaterThan(1);
    expect((await api('GET', 'comparison-views/from-item-distributor?id=abc')).statusCode).toBe(400);
    expect((await api('GET', 'comparison-views/from-item-distributor?id=99999999')).json().data).toEqual([]);
  });

  it('keeps every inventory row inside the location', async () => {
    const [row] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM inventory_group_items gi JOIN inventory_groups g ON g.id = gi.group_id
          WHERE gi.location_id <> g.location_id`,
    );
    expect(row.count).toBe(0);
  });
});
