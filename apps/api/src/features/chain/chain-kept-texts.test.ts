import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { buildInventoryGroup, buildInventoryList, buildOffer, buildOrder, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { chainVarianceQuerySchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { countChainTextBuilds, rollupsSignature, stockSignature } from './chain-kept-texts';
import type { Membership } from './chain-members';
import { getChainSummary, listPriceVariance } from './chain.service';
import { listChainStock } from './chain-stock.service';

/**
 * The chain view's answers kept as sent (chain-kept-texts.ts): a repeated request is served without
 * building it, and each answer served after a write is the answer the services build from the
 * database at that moment (they read the data, not the kept text).
 */
let t: TestApp;
let owner: string;
let ownerId: number;
let offer: BuiltOffer;
let groupId: number;
const L = DEMO_IDS.locations;

const SUMMARY = '/api/v1/chain/summary?filter_type=CUSTOM&start_date=2032-03-01&end_date=2032-03-31';
const VARIANCE = '/api/v1/chain/price-variance?filter_type=CUSTOM&start_date=2032-03-01&end_date=2032-03-31';
const STOCK = '/api/v1/chain/stock?page=1&limit=50';

async function served(url: string, token = owner): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What the services answer now, from the database (the same parameters as the three URLs). */
async function built() {
  const range = { filter_type: 'CUSTOM' as const, start_date: '2032-03-01', end_date: '2032-03-31' };
  return [
    { data: await getChainSummary(t.handle.db, ownerId, range) },
    await listPriceVariance(t.handle.db, ownerId, chainVarianceQuerySchema.parse(range)),
    await listChainStock(t.handle.db, ownerId, { page: 1, limit: 50 }),
  ];
}

const servedAll = async (token = owner) => [
  await served(SUMMARY, token),
  await served(VARIANCE, token),
  await served(STOCK, token),
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  [{ id: ownerId }] = await queryRows<{ id: number }>(t.handle.db, sql`SELECT id FROM users WHERE email = 'owner@demo.test'`);
  offer = await buildOffer(t.handle.db, { locationId: L.harborGrill, item: { name: 'Kept Texts Leeks' } });
  for (const locationId of [L.harborGrill, L.harborCatering]) {
    const list = await buildInventoryList(t.handle.db, { locationId, name: `Kept Texts ${locationId}` });
    const group = await buildInventoryGroup(t.handle.db, {
      locationId,
      listId: list.id,
      itemDistributorIds: [offer.id],
      group: { name: 'Kept Texts Leeks' },
    });
    groupId = group.id;
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('chain answers kept as sent', () => {
  it('serves a repeated request without building it, and every write on the next request', async () => {
    const expected = JSON.parse(JSON.stringify(await built())) as unknown[];
    expect(await servedAll()).toEqual(expected);
    const builds = countChainTextBuilds();
    expect(await servedAll()).toEqual(expected);
    expect(countChainTextBuilds()).toBe(builds);

    // A count moves the stock page's versions: that one is built again, the other two are served.
    await t.handle.db.execute(
      sql`UPDATE inventory_group_items SET total_on_hand = 4, total_on_hand_amount = 7.77 WHERE group_id = ${groupId}`,
    );
    const afterCount = await servedAll();
    expect(afterCount).toEqual(JSON.parse(JSON.stringify(await built())));
    expect(countChainTextBuilds()).toBe(builds + 1);

    // An order in the range marks days to refresh: the summary and the variance are built again.
    await buildOrder(t.handle.db, {
      locationId: L.harborCatering,
      distributorId: offer.distributorId,
      lines: [{ offer, quantity: 3 }],
      order: { createdAt: new Date('2032-03-10T15:00:00Z') },
    });
    const afterOrder = await servedAll();
    expect(afterOrder[0]).not.toEqual(afterCount[0]);
    expect(afterOrder).toEqual(JSON.parse(JSON.stringify(await built())));

    // A rename moves the membership's stamp: every answer naming the location is built again.
    await t.handle.db.execute(sql`UPDATE locations SET nickname = 'Harbor Catering (kept texts)' WHERE id = ${L.harborCatering}`);
    const renamed = JSON.stringify(await servedAll());
    expect(renamed).toContain('Harbor Catering (kept texts)');
    expect(JSON.parse(renamed)).toEqual(JSON.parse(JSON.stringify(await built())));
  });

  it('never serves one user the text kept for another', async () => {
    const chef = await signInAs(t.app, 'chef@demo.test');
    const owners = (await served(SUMMARY)) as { data: { locations: unknown[] } };
    const chefs = (await served(SUMMARY, chef)) as { data: { locations: unknown[] } };
    expect(chefs.data.locations.length).toBeLessThan(owners.data.locations.length);
    expect(await served(SUMMARY, chef)).toEqual(chefs);
    expect(await served(SUMMARY)).toEqual(owners);
  });
});

describe('the signatures', () => {
  const membership = (check: Partial<Membership['check']>, zones = ['America/New_York', 'Pacific/Kiritimati']): Membership => ({
    stamp: '7',
    check: {
      stamp: '7',
      rollups: '1,2',
      groups: '3,4',
      counts: '5,6',
      chainCatalog: '9',
      suggestionCatalog: '8',
      stale: [],
      ...check,
    },
    ids: [1, 2],
    idsKey: '1,2',
    zones,
    locations: () => [],
  });

  it("move with a zone's day, the rollups and the catalogue, and are not given while days wait for a refresh", () => {
    const evening = new Date('2032-03-10T09:30:00Z'); // 23:30 in Kiritimati (UTC+14)
    const later = new Date('2032-03-10T10:30:00Z'); // 00:30 the next day there, still the 10th in New York
    const base = rollupsSignature(membership({}), evening);
    expect(rollupsSignature(membership({}), new Date('2032-03-10T09:45:00Z'))).toBe(base);
    expect(rollupsSignature(membership({}), later)).not.toBe(base);
    expect(rollupsSignature(membership({}, ['America/New_York']), evening)).toBe(
      rollupsSignature(membership({}, ['America/New_York']), later),
    );
    expect(rollupsSignature(membership({ rollups: '1,3' }), evening)).not.toBe(base);
    expect(rollupsSignature(membership({ chainCatalog: '10' }), evening)).not.toBe(base);
    expect(rollupsSignature(membership({ stale: [2] }), evening)).toBeUndefined();
  });

  it('of a stock page move with its groups, counts and the catalogue', () => {
    const base = stockSignature(membership({}));
    expect(stockSignature(membership({ counts: '5,7' }))).not.toBe(base);
    expect(stockSignature(membership({ groups: '3,5' }))).not.toBe(base);
    expect(stockSignature(membership({ suggestionCatalog: '11' }))).not.toBe(base);
    expect(stockSignature({ ...membership({}), stamp: '8' })).not.toBe(base);
  });
});
