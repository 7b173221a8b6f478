import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { applyOrderGuide, DEMO_IDS } from '@stockpot/db/seed';
import { priceChangesSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getPriceChanges } from './price-changes.service';

const D = DEMO_IDS.distributors;
const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
const ids: Record<string, number> = {};

/** A catalogue offer of its own, so the test knows every pack and price. */
async function offer(key: string, distributorId: number, packSize: string, unitQuantity: number, unitSize: string, uom: string) {
  const [item] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO items (name, description, category, generic_name) VALUES (${`Probe ${key}`}, '', 'Meat', 'Probe') RETURNING id`,
  );
  const [row] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO item_distributors (item_id, distributor_id, din, brand, description, pack_size, unit_quantity, unit_size,
                                       pack_size_uom, unit_measure, price, unit_price)
        VALUES (${item.id}, ${distributorId}, ${`PC-${key}`}, 'Probe', ${`Probe ${key}`}, ${packSize}, ${unitQuantity}, ${unitSize},
                ${uom}, 'CS', '10.00', '1.0000')
        RETURNING id`,
  );
  ids[key] = row.id;
}

const guide = (locationId: number, distributorId: number, lines: [string, string][], startDate: string) =>
  applyOrderGuide(t.handle.db, {
    locationId,
    distributorId,
    startDate,
    endDate: '2099-01-01',
    lines: lines.map(([key, price]) => ({ itemDistributorId: ids[key], price })),
  });

const get = (guideId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/order-guides/${guideId}/price-changes`, headers: bearer(owner) });

let firstGuide: number;
let secondGuide: number;
let expressGuide: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  await offer('wings', D.harborline, '4/5 LB', 4, '5', 'LB');
  await offer('breast', D.harborline, '2/10 LB', 2, '10', 'LB');
  await offer('thigh', D.harborline, '1/40 LB', 1, '40', 'LB');
  await offer('fries', D.harborline, '6/5 LB', 6, '5', 'LB');
  await offer('other', D.northeastProvisions, '4/10 LB', 4, '10', 'LB');
  // The other distributor's option: $2.10/LB, bought before and after this test's guides.
  await guide(L.harborGrill, D.northeastProvisions, [['other', '84.00']], '2026-01-01');
  firstGuide = (
    await guide(
      L.harborGrill,
      D.harborline,
      [
        ['wings', '40.00'], // $2.00/LB
        ['breast', '50.00'], // $2.50/LB
        ['thigh', '90.00'],
        ['fries', '30.00'],
      ],
      '2026-01-05',
    )
  ).orderGuideId;
  secondGuide = (
    await guide(
      L.harborGrill,
      D.harborline,
      [
        ['wings', '46.00'], // up $6.00: now $2.30/LB, dearer than the other distributor's $2.10
        ['breast', '38.00'], // down $12.00: $1.90/LB
        ['thigh', '90.00'], // unchanged
        // fries: no longer on the guide
      ],
      '2026-01-12',
    )
  ).orderGuideId;
  expressGuide = (await guide(L.harborGrillExpress, D.harborline, [['wings', '41.00']], '2026-01-12')).orderGuideId;

  // A generic group holding wings (preferred) and the other distributor's item; another holding breast and thigh.
  const [list] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO inventory_lists (location_id, name) VALUES (${L.harborGrill}, 'Probe list') RETURNING id`,
  );
  const group = async (name: string, members: [string, boolean][]) => {
    const [row] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort) VALUES (${L.harborGrill}, ${list.id}, ${name}, 0) RETURNING id`,
    );
    for (const [key, preferred] of members) {
      await t.handle.db.execute(
        sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, is_preferred)
            VALUES (${L.harborGrill}, ${row.id}, 'item', ${ids[key]}, ${preferred})`,
      );
    }
    return row.id;
  };
  ids.wingsGroup = await group('Probe wings', [
    ['wings', true],
    ['other', false],
  ]);
  ids.thighGroup = await group('Probe chicken', [
    ['thigh', true], // $2.25/LB, unchanged; breast dropped to $1.90/LB
    ['breast', false],
  ]);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('GET order-guides/{id}/price-changes', () => {
  it('lists the rises and drops against the previous guide, biggest first, and the groups with a cheaper option now', async () => {
    const response = await get(secondGuide);
    expect(response.statusCode).toBe(200);
    const body = priceChangesSchema.parse(response.json().data);
    expect(body.guide).toEqual({ id: secondGuide, distributorId: D.harborline, startDate: '2026-01-12' });
    expect(body.previousGuide).toEqual({ id: firstGuide, startDate: '2026-01-05' });
    expect(body.summary).toEqual({ up: 1, down: 1, added: 0, removed: 1 });
    expect(
      body.changes.map((c) => [c.name, c.direction, c.beforeCents, c.afterCents, c.changeCents, c.changeBasisPoints, c.packSize]),
    ).toEqual([
      ['Probe breast', 'down', 5000, 3800, -1200, -2400, '2/10 LB'],
      ['Probe wings', 'up', 4000, 4600, 600, 1500, '4/5 LB'],
    ]);
    expect(
      body.cheaperGroups.map((g) => [
        g.name,
        g.current.name,
        g.current.unitPriceE4,
        g.cheaper.name,
        g.cheaper.distributorName,
        g.cheaper.unitPriceE4,
      ]),
    ).toEqual([
      ['Probe chicken', 'Probe thigh', 22_500, 'Probe breast', 'Harborline Foodservice', 19_000],
      ['Probe wings', 'Probe wings', 23_000, 'Probe other', expect.any(String), 21_000],
    ]);
  });

  it("reports the location's first guide from a distributor as all added, with no changes or alerts", async () => {
    const [first] = await queryRows<{ id: number; itemCount: number }>(
      t.handle.db,
      sql`SELECT id, item_count AS "itemCount" FROM order_guides WHERE location_id = ${L.harborGrill} AND distributor_id = ${D.harborline}
          ORDER BY created_at, id LIMIT 1`,
    );
    const body = priceChangesSchema.parse((await get(first.id)).json().data);
    expect(body.previousGuide).toBeNull();
    expect(body.summary).toEqual({ up: 0, down: 0, added: first.itemCount, removed: 0 });
    expect(body.changes).toEqual([]);
    expect(body.cheaperGroups).toEqual([]);
  });

  it("answers 404 for another location's guide and 400 for an id that is not one", async () => {
    const foreign = await get(expressGuide);
    expect(foreign.statusCode).toBe(404);
    const bad = await get('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/i);
  });

  it('is a kept read: sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    const fresh = async () => JSON.stringify({ data: await getPriceChanges(db, L.harborGrill, secondGuide) });
    const served = async () => {
      const response = await get(secondGuide);
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const first = await served();
    expect(first).toBe(await fresh());
    // A rename whose mark is taken away behind the read's back: the kept answer is still sent.
    await db.execute(sql`UPDATE inventory_groups SET name = 'Probe wings, renamed' WHERE id = ${ids.wingsGroup}`);
    await db.execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${L.harborGrill}`);
    expect((await served()) === first).toBe(true);
    await db.execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${L.harborGrill})`);
    const writes = [
      sql`UPDATE order_guide_items SET price = price + 3 WHERE order_guide_id = ${secondGuide} AND item_distributor_id = ${ids.wings}`,
      sql`UPDATE inventory_group_items SET is_preferred = NOT is_preferred WHERE group_id = ${ids.thighGroup}`,
      sql`UPDATE location_items SET price = price - 0.5 WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${ids.other}`,
      // The name shown is the offer's description, else its item's name.
      sql`WITH d AS (UPDATE item_distributors SET description = '' WHERE id = ${ids.breast} RETURNING item_id)
          UPDATE items SET name = name || '.' WHERE id IN (SELECT item_id FROM d)`,
      sql`UPDATE distributors SET nickname = 'Northeast Provisions Co.' WHERE id = ${D.northeastProvisions}`,
      sql`UPDATE location_items SET is_punched_out = true WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${ids.other}`,
      sql`UPDATE item_distributors SET pack_size = '4/6 LB', unit_size = '6' WHERE id = ${ids.wings}`,
      sql`DELETE FROM order_guide_items WHERE order_guide_id = ${firstGuide} AND item_distributor_id = ${ids.fries}`,
    ];
    const expectEachToChange = async (list: typeof writes) => {
      for (const [index, write] of list.entries()) {
        const before = await served();
        await db.execute(write);
        const after = await served();
        expect(after).toBe(await fresh());
        expect(after === before, `write ${index} changes the answer`).toBe(false);
      }
    };
    await expectEachToChange(writes);
    // An offer on both guides that the location no longer lists (migration 0062 marks through the
    // guides' lines too): its item's and its offer's catalogue changes still reach the kept answer.
    await db.execute(
      sql`DELETE FROM location_items WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${ids.breast}`,
    );
    expect(JSON.parse(await served()).data.changes.map((line: { name: string }) => line.name)).toContain('Probe breast.');
    await expectEachToChange([
      sql`UPDATE items SET name = 'Probe breast, skinless' WHERE id = (SELECT item_id FROM item_distributors WHERE id = ${ids.breast})`,
      sql`UPDATE item_distributors SET description = 'Probe breast, boneless' WHERE id = ${ids.breast}`,
    ]);
  });
});
