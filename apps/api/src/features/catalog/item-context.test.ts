import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/**
 * GET items and its suggestions read the location's context with the session (requireAuth with
 * `config.locationContext`) instead of in a statement of their own. What that context decides must
 * hold as before: a read model with marked offers or another day's prices is refreshed before the
 * page is read, the context is the location the request works in, and never one the user does not
 * belong to.
 */
let t: TestApp;
let chef: string;
const L = DEMO_IDS.locations;

beforeAll(async () => {
  t = await createTestApp();
  chef = await signInAs(t.app, 'chef@demo.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const listUrl = `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify({ sort: 'a-z' }))}&limit=5&page=1`;

async function firstRows(locationId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: listUrl,
    headers: { ...bearer(chef), 'x-location-id': String(locationId) },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { itemDistributorId: number; price: number; merchantId: number }[] }).data;
}

describe('GET items with the context read with the session', () => {
  it('refreshes marked offers before reading the page', async () => {
    const [first] = await firstRows(L.harborGrill);
    // A price written without refreshing the read model: the trigger marks the offer.
    await t.handle.db.execute(
      sql`UPDATE location_items SET price = price + 1.25 WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${first.itemDistributorId}`,
    );
    const [after] = await firstRows(L.harborGrill);
    expect(after.itemDistributorId).toBe(first.itemDistributorId);
    expect(after.price).toBe(first.price + 125);
    const [{ marked }] = await queryRows<{ marked: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS marked FROM location_item_read_dirty WHERE location_id = ${L.harborGrill}`,
    );
    expect(marked).toBe(0);
  });

  it('re-prices a location whose day has turned before reading the page', async () => {
    await t.handle.db.execute(
      sql`UPDATE location_item_read_state SET priced_on = priced_on - 1 WHERE location_id = ${L.harborGrillExpress}`,
    );
    await firstRows(L.harborGrillExpress);
    const [{ stale }] = await queryRows<{ stale: boolean }>(
      t.handle.db,
      sql`SELECT s.priced_on <> (now() AT TIME ZONE l.timezone)::date AS stale
          FROM location_item_read_state s JOIN locations l ON l.id = s.location_id WHERE s.location_id = ${L.harborGrillExpress}`,
    );
    expect(stale).toBe(false);
  });

  it('reads the location the tab names, and refuses one the user does not belong to', async () => {
    expect((await firstRows(L.harborGrillExpress)).every((row) => row.merchantId === L.harborGrillExpress)).toBe(true);
    expect((await firstRows(L.harborGrill)).every((row) => row.merchantId === L.harborGrill)).toBe(true);
    const refused = await t.app.inject({
      method: 'GET',
      url: listUrl,
      headers: { ...bearer(chef), 'x-location-id': String(L.harborCatering) },
    });
    expect(refused.statusCode).toBe(400);
    const suggestions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/items/search-suggestions?search=chi',
      headers: { ...bearer(chef), 'x-location-id': String(L.harborCatering) },
    });
    expect(suggestions.statusCode).toBe(400);
  });
});
