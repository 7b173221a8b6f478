import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildInventoryGroup, buildInventoryList, buildOffer, buildOrder, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { chainSummarySchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { countSharedNameListings } from './chain-stock-names';
import { countStockPageReads } from './chain-stock.service';
import { countSummarySums } from './chain.service';
import { listMemberLocations, listMemberLocationsStamped, memberIdsSql } from './chain.repo';
import { countMembershipReads, getMemberLocations, readMembership } from './chain-members';
import {
  checkedStockVersion,
  checkedVarianceVersion,
  readRollupVersion,
  readStockVersion,
  readVarianceVersion,
  versionColumns,
} from './chain-versions';

/**
 * The chain view's kept answers (issue 39 at chain scale): the stock page's shared names, its pages
 * and the summary's sums are kept per set of locations and served while the versions they were read
 * under hold. A kept answer must never hide a change: a rename, a new group or a removed one, a
 * count, a par, a pack and a new order each show on the next request.
 */
let t: TestApp;
let owner: string;
let offer: BuiltOffer;
const L = DEMO_IDS.locations;
const groupIds = new Map<string, number>();

interface StockRow {
  name: string;
  locations: { locationId: number; onHandValue: number; isBelowPar: boolean }[];
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

describe('GET chain/stock: kept pages', () => {
  it('serves an unchanged page without reading it, and reads it again after a count, a par or a pack change', async () => {
    await group(L.harborGrill, 'Kept Name Onions');
    await group(L.harborCatering, 'kept name onions');
    const onions = async () => (await stock()).find((row) => row.name.toLowerCase() === 'kept name onions')!;
    await onions();
    const reads = countStockPageReads();
    const listed = countSharedNameListings();
    await onions();
    expect(countStockPageReads()).toBe(reads);

    const grillGroup = groupIds.get(`${L.harborGrill} Kept Name Onions`)!;
    await t.handle.db.execute(
      sql`UPDATE inventory_group_items SET total_on_hand = 3, total_on_hand_amount = 5.05 WHERE group_id = ${grillGroup}`,
    );
    expect((await onions()).locations.find((l) => l.locationId === L.harborGrill)?.onHandValue).toBe(505);
    expect(countStockPageReads()).toBe(reads + 1);

    await t.handle.db.execute(sql`UPDATE inventory_groups SET par_level = 100000 WHERE id = ${grillGroup}`);
    const belowPar = await onions();
    expect(belowPar.locations.find((l) => l.locationId === L.harborGrill)).toMatchObject({ isBelowPar: true });
    expect(countStockPageReads()).toBe(reads + 2);

    await t.handle.db.execute(sql`UPDATE item_distributors SET pack_size = '2/5 LB' WHERE id = ${offer.id}`);
    await onions();
    expect(countStockPageReads()).toBe(reads + 3);
    // Counts and packs leave the kept names alone; a par moves the groups' version (0053), so once more.
    expect(countSharedNameListings()).toBe(listed + 1);
  });
});

describe('GET chain/summary: kept sums', () => {
  it('serves a repeated range without summing again, and shows a new order on the next request', async () => {
    const url = '/api/v1/chain/summary?filter_type=CUSTOM&start_date=2031-06-01&end_date=2031-06-30';
    const summary = async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
      expect(response.statusCode).toBe(200);
      return chainSummarySchema.parse(response.json().data);
    };
    const before = await summary();
    const sums = countSummarySums();
    expect(await summary()).toEqual(before);
    expect(countSummarySums()).toBe(sums);

    await buildOrder(t.handle.db, {
      locationId: L.harborCatering,
      distributorId: offer.distributorId,
      lines: [],
      order: { total: '14.50', subtotal: '14.50', createdAt: new Date('2031-06-12T15:00:00Z'), lineItems: 1 },
    });
    const after = await summary();
    expect(countSummarySums()).toBe(sums + 1);
    const catering = (s: typeof before) => s.locations.find((l) => l.locationId === L.harborCatering)!;
    expect(catering(after).totalPurchases).toBe(catering(before).totalPurchases + 1450);
    expect(catering(after).totalOrders).toBe(catering(before).totalOrders + 1);
    expect(after.totals.totalPurchases).toBe(before.totals.totalPurchases + 1450);
  });
});

describe('the versions read with the membership', () => {
  it('are the sums the version readers read, in a full read and a kept one, and move with them', async () => {
    const [user] = await queryRows<{ id: number }>(t.handle.db, sql`SELECT id FROM users WHERE email = 'owner@demo.test'`);
    const db = t.handle.db;
    const compare = async () => {
      const members = await listMemberLocations(db, user.id);
      // The kept membership's locations are the membership read in full.
      expect(await getMemberLocations(db, user.id, 'rollups')).toEqual(members);
      expect(await getMemberLocations(db, user.id, 'stock')).toEqual(members);
      const ids = members.map((m) => m.locationId);
      const full = async (kind: 'rollups' | 'stock') =>
        (await listMemberLocationsStamped(db, user.id, versionColumns(kind, memberIdsSql(user.id)))).versions;
      const rollups = (await readMembership(db, user.id, 'rollups')).check;
      const stock = (await readMembership(db, user.id, 'stock')).check;
      const versionsOf = ({ stamp: _stamp, stale: _stale, ...versions }: typeof rollups) => versions;
      expect(await full('rollups')).toEqual(versionsOf(rollups));
      expect(await full('stock')).toEqual(versionsOf(stock));
      expect(rollups.rollups).toBe(await readRollupVersion(db, ids));
      expect(checkedVarianceVersion(rollups)).toBe(await readVarianceVersion(db, ids));
      const read = await readStockVersion(db, ids);
      expect(checkedStockVersion(stock)).toBe(`${read.groups}|${read.counts}`);
      return { rollups: rollups.rollups, ...read };
    };
    const before = await compare();
    // The earlier cases wrote counts, groups and an order: real versions, not only the zeros of no row.
    expect(Number(before.counts.split('/')[1])).toBeGreaterThan(0);
    await db.execute(
      sql`UPDATE inventory_group_items SET total_on_hand = total_on_hand + 1 WHERE group_id = ${groupIds.get(`${L.harborGrill} Kept Name Onions`)!}`,
    );
    const after = await compare();
    expect(BigInt(after.counts.split('/')[1])).toBeGreaterThan(BigInt(before.counts.split('/')[1]));
    expect(after.groups).toBe(before.groups);
    expect(after.rollups).toBe(before.rollups);
  });
});

describe('the membership kept per user', () => {
  const url = '/api/v1/chain/summary?filter_type=YEARLY';
  const summaryOf = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return chainSummarySchema.parse(response.json().data);
  };
  const idsOf = (summary: Awaited<ReturnType<typeof summaryOf>>) =>
    summary.locations.map((l) => l.locationId).sort((a, b) => a - b);

  it('is served without reading it again, and a membership removed, restored, a rename or a time zone shows on the next request', async () => {
    const [user] = await queryRows<{ id: number }>(t.handle.db, sql`SELECT id FROM users WHERE email = 'owner@demo.test'`);
    const first = await summaryOf(owner);
    const reads = countMembershipReads();
    expect(await summaryOf(owner)).toEqual(first);
    expect(countMembershipReads()).toBe(reads);

    await t.handle.db.execute(sql`DELETE FROM user_locations WHERE user_id = ${user.id} AND location_id = ${L.harborCatering}`);
    const without = await summaryOf(owner);
    expect(idsOf(without)).toEqual(idsOf(first).filter((id) => id !== L.harborCatering));
    expect(without.totals.totalPurchases).toBe(without.locations.reduce((sum, l) => sum + l.totalPurchases, 0));
    expect(countMembershipReads()).toBe(reads + 1);

    await t.handle.db.execute(sql`INSERT INTO user_locations (user_id, location_id) VALUES (${user.id}, ${L.harborCatering})`);
    expect(idsOf(await summaryOf(owner))).toEqual(idsOf(first));

    await t.handle.db.execute(sql`UPDATE locations SET nickname = 'Harbor Catering (renamed)' WHERE id = ${L.harborCatering}`);
    const renamed = await summaryOf(owner);
    expect(renamed.locations.find((l) => l.locationId === L.harborCatering)?.name).toBe('Harbor Catering (renamed)');
    const name = first.locations.find((l) => l.locationId === L.harborCatering)!.name;
    await t.handle.db.execute(sql`UPDATE locations SET nickname = ${name} WHERE id = ${L.harborCatering}`);
    expect(await summaryOf(owner)).toEqual(first);

    // A time zone far enough east is already in another year on the first days of January; any zone
    // change must reach the ranges, which the kept rows carry.
    const [{ timezone }] = await queryRows<{ timezone: string }>(
      t.handle.db,
      sql`SELECT timezone FROM locations WHERE id = ${L.harborCatering}`,
    );
    await t.handle.db.execute(sql`UPDATE locations SET timezone = 'Pacific/Kiritimati' WHERE id = ${L.harborCatering}`);
    const members = await getMemberLocations(t.handle.db, user.id, 'rollups');
    expect(members.find((l) => l.locationId === L.harborCatering)?.timezone).toBe('Pacific/Kiritimati');
    await t.handle.db.execute(sql`UPDATE locations SET timezone = ${timezone} WHERE id = ${L.harborCatering}`);
    expect(
      (await getMemberLocations(t.handle.db, user.id, 'rollups')).find((l) => l.locationId === L.harborCatering)?.timezone,
    ).toBe(timezone);
  });

  it('never serves one user the membership kept for another', async () => {
    const chef = await signInAs(t.app, 'chef@demo.test');
    const chefs = await summaryOf(chef);
    const owners = await summaryOf(owner);
    expect(idsOf(chefs).length).toBeLessThan(idsOf(owners).length);
    expect(idsOf(await summaryOf(chef))).toEqual(idsOf(chefs));
  });
});
