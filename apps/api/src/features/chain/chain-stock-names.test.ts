import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildInventoryGroup, buildInventoryList, buildOffer, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { countSharedNameListings } from './chain-stock-names';

/**
 * The chain stock page's shared names are kept per set of locations and served while no location's
 * groups changed (issue 39 at chain scale). A kept list must never hide a change: a rename, a new
 * group or a removed one shows on the next request; counting (on-hand figures) is read fresh.
 */
let t: TestApp;
let owner: string;
let offer: BuiltOffer;
const L = DEMO_IDS.locations;
const groupIds = new Map<string, number>();

interface StockRow {
  name: string;
  locations: { locationId: number; onHandValue: number }[];
}

async function stock(): Promise<StockRow[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/chain/stock?limit=100', headers: bearer(owner) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: StockRow[] }).data.filter((row) => /^kept name /i.test(row.name));
}

async function group(locationId: number, name: string): Promise<number> {
  const list = await buildInventoryList(t.handle.db, { locationId, name: `Kept Names ${locationId} ${name}` });
  const built = await buildInventoryGroup(t.handle.db, {
    locationId,
    listId: list.id,
    itemDistributorIds: [offer.id],
    group: { name },
  });
  groupIds.set(`${locationId} ${name}`, built.id);
  return built.id;
}

const namesOf = (rows: StockRow[]) => rows.map((row) => row.name.toLowerCase()).sort();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  offer = await buildOffer(t.handle.db, { locationId: L.harborGrill, item: { name: 'Kept Names Beets' } });
  await group(L.harborGrill, 'Kept Name Beets');
  await group(L.harborGrillExpress, 'kept name beets ');
  await group(L.harborCatering, 'Kept Name Carrots');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET chain/stock: the shared names kept between requests', () => {
  it('serves an unchanged list without listing it again, and counts read fresh', async () => {
    expect(namesOf(await stock())).toEqual(['kept name beets']);
    const listed = countSharedNameListings();
    expect(namesOf(await stock())).toEqual(['kept name beets']);
    expect(countSharedNameListings()).toBe(listed);

    // A count changes on-hand figures, not names: still served, with the new value.
    await t.handle.db.execute(
      sql`UPDATE inventory_group_items SET total_on_hand = 2, total_on_hand_amount = 12.34
          WHERE group_id = ${groupIds.get(`${L.harborGrill} Kept Name Beets`)!}`,
    );
    const [beets] = await stock();
    expect(beets.locations.find((l) => l.locationId === L.harborGrill)?.onHandValue).toBe(1234);
    expect(countSharedNameListings()).toBe(listed);
  });

  it('shows a rename, a new group and a removed one on the next request', async () => {
    await t.handle.db.execute(
      sql`UPDATE inventory_groups SET name = 'Kept Name Carrots' WHERE id = ${groupIds.get(`${L.harborGrillExpress} kept name beets `)!}`,
    );
    const listed = countSharedNameListings();
    expect(namesOf(await stock())).toEqual(['kept name carrots']);
    expect(countSharedNameListings()).toBe(listed + 1);

    await group(L.harborGrill, 'KEPT NAME CARROTS');
    const [carrots] = await stock();
    expect(carrots.locations.map((l) => l.locationId).sort((a, b) => a - b)).toEqual(
      [L.harborGrill, L.harborGrillExpress, L.harborCatering].sort((a, b) => a - b),
    );

    await t.handle.db.execute(
      sql`DELETE FROM inventory_groups WHERE id IN (${groupIds.get(`${L.harborCatering} Kept Name Carrots`)!},
                                                    ${groupIds.get(`${L.harborGrill} KEPT NAME CARROTS`)!})`,
    );
    expect(namesOf(await stock())).toEqual([]);
  });
});
