import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { LINKED_ITEM_REMOVED_MESSAGE, linkedItemsSchema, type ListItem } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getItemsPage } from './catalog.test-support';

const GRILL = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const getLinked = (id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/items/${id}/linked-items`, headers: bearer(owner) });

interface GroupRow {
  groupId: number;
  name: string;
  itemIds: number[];
  customCount: number;
}

/** A seeded group of Harbor Grill with at least two catalogue items and a custom item (the Kitchen list's). */
async function findGroup(): Promise<GroupRow> {
  const [group] = await queryRows<GroupRow>(
    t.handle.db,
    sql`SELECT g.id AS "groupId", g.name,
               array_agg(gi.item_distributor_id ORDER BY gi.sort_index, gi.id) FILTER (WHERE gi.kind = 'item') AS "itemIds",
               count(*) FILTER (WHERE gi.kind = 'custom')::int AS "customCount"
        FROM inventory_groups g JOIN inventory_group_items gi ON gi.location_id = g.location_id AND gi.group_id = g.id
        WHERE g.location_id = ${GRILL}
        GROUP BY g.id, g.name
        HAVING count(*) FILTER (WHERE gi.kind = 'item') >= 2 AND count(*) FILTER (WHERE gi.kind = 'custom') > 0
        ORDER BY g.id LIMIT 1`,
  );
  expect(group).toBeDefined();
  return group;
}

describe('GET items/{id}/linked-items (doc 1 §7 item-distributor groups for linked items)', () => {
  it("answers the item's groups with their catalogue items as list rows, custom items left out", async () => {
    const group = await findGroup();
    const [itemId] = group.itemIds;
    const response = await getLinked(itemId);
    expect(response.statusCode).toBe(200);
    const answer = linkedItemsSchema.parse(response.json().data);
    expect(answer.itemDistributorId).toBe(itemId);
    const found = answer.groups.find((g) => g.id === group.groupId);
    expect(found).toMatchObject({ name: group.name, inventoryListName: 'Kitchen' });
    expect(found!.items.map((i) => i.itemDistributorId)).toEqual(group.itemIds);
    expect(found!.items.every((i) => i.belongsToGroup && !i.isCustomItem && !i.isPunchedOut)).toBe(true);

    // The place-order list marks linked items, so it can offer the modal.
    const list: ListItem[] = (await getItemsPage(t.app, owner, { sort: 'a-z', search: found!.items[0].din })).data;
    expect(list.find((i) => i.itemDistributorId === itemId)?.belongsToGroup).toBe(true);
  });

  it('leaves punched-out items out of the answer', async () => {
    const group = await findGroup();
    const [itemId, other] = group.itemIds;
    await t.handle.db.execute(
      sql`UPDATE location_items SET is_punched_out = true WHERE location_id = ${GRILL} AND item_distributor_id = ${other}`,
    );
    try {
      const answer = linkedItemsSchema.parse((await getLinked(itemId)).json().data);
      const ids = answer.groups.find((g) => g.id === group.groupId)!.items.map((i) => i.itemDistributorId);
      expect(ids).not.toContain(other);
      expect(ids).toEqual(group.itemIds.filter((id) => id !== other));
    } finally {
      await t.handle.db.execute(
        sql`UPDATE location_items SET is_punched_out = false WHERE location_id = ${GRILL} AND item_distributor_id = ${other}`,
      );
    }
  });

  it("answers 409 with doc 1 §8's message for an item removed from its group, and 404 for ids not the location's", async () => {
    const [loose] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          WHERE li.location_id = ${GRILL} AND NOT li.is_punched_out
            AND NOT EXISTS (SELECT 1 FROM inventory_group_items gi WHERE gi.location_id = li.location_id
                            AND gi.item_distributor_id = li.item_distributor_id)
          ORDER BY li.item_distributor_id LIMIT 1`,
    );
    const removed = await getLinked(loose.id);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ message: LINKED_ITEM_REMOVED_MESSAGE, code: 'removed_from_group' });

    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          WHERE li.location_id = ${DEMO_IDS.locations.harborCatering}
            AND NOT EXISTS (SELECT 1 FROM location_items g WHERE g.location_id = ${GRILL} AND g.item_distributor_id = li.item_distributor_id)
          ORDER BY li.item_distributor_id LIMIT 1`,
    );
    expect((await getLinked(foreign.id)).statusCode).toBe(404);
    expect((await getLinked(2_000_000_000)).statusCode).toBe(404);
    expect((await getLinked('abc')).statusCode).toBe(400);
  });
});
