import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIRECTORY_DISTRIBUTOR_IDS, queryRows } from '@stockpot/db';
import { NEW_DISTRIBUTOR_ID } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { fromAddress, signUpWithNewDistributor } from './directory-test-fixtures';

const SYSCO = DIRECTORY_DISTRIBUTOR_IDS.sysco;
let t: TestApp;
const signUpRestaurant = (slug: string, newName: string) =>
  signUpWithNewDistributor(t, slug, [
    { id: SYSCO, nickname: 'Sysco' },
    { id: NEW_DISTRIBUTOR_ID, nickname: `  ${newName} ` },
  ]);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (authKey: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(authKey) });

describe('sign-up with a directory distributor and a new one', () => {
  let first: { authKey: string; locationId: number };
  let addedId: number;

  it('links Sysco and creates the new distributor for that restaurant, both deliverable Monday to Friday', async () => {
    first = await signUpRestaurant('garza', 'Hill Country Produce');
    const list = (await get(first.authKey, '/api/v1/distributors')).json().data as {
      id: number;
      nickname: string;
      deliveryDates: string[];
    }[];
    expect(list.map((d) => d.nickname)).toEqual(['Hill Country Produce', 'Sysco']);
    for (const d of list) expect(d.deliveryDates.length).toBeGreaterThanOrEqual(9);
    addedId = list[0].id;
    const [row] = await queryRows<{
      in_directory: boolean;
      owner_location_id: number;
      has_restaurant: boolean;
      weekdays: number[];
    }>(
      t.handle.db,
      sql`SELECT d.in_directory, d.owner_location_id, d.owner_restaurant_id IS NOT NULL AS has_restaurant, ld.delivery_weekdays::int[] AS weekdays
          FROM distributors d JOIN location_distributors ld ON ld.distributor_id = d.id WHERE d.id = ${addedId}`,
    );
    expect(row).toEqual({
      in_directory: false,
      owner_location_id: first.locationId,
      has_restaurant: true,
      weekdays: [1, 2, 3, 4, 5],
    });
    const directory = (await get(first.authKey, '/api/v1/distributors/directory?search=hill')).json().data;
    expect(directory).toEqual([
      { id: addedId, nickname: 'Hill Country Produce', website: '', orderGuideLayout: '', isPrivate: 1, isAdded: 1 },
    ]);
    const sysco = (await get(first.authKey, '/api/v1/distributors/directory?search=sysco')).json().data;
    expect(sysco).toEqual([
      { id: SYSCO, nickname: 'Sysco', website: 'https://www.sysco.com', orderGuideLayout: 'sysco-csv', isPrivate: 0, isAdded: 1 },
    ]);
  });

  it('refuses a typed name that is a directory entry already chosen at the location, writing nothing', async () => {
    const [before] = await queryRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM distributors`);
    await expect(
      signUpWithNewDistributor(t, 'twice', [
        { id: SYSCO, nickname: 'Sysco' },
        { id: NEW_DISTRIBUTOR_ID, nickname: 'SYSCO' },
      ]),
    ).rejects.toThrow(/Distributor SYSCO is added twice for twice Downtown/);
    const [after] = await queryRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM distributors`);
    expect(after.n).toBe(before.n);
  });

  it('keeps the new distributor invisible to another company', async () => {
    const other = await signUpRestaurant('other', 'Gulf Coast Seafood');
    expect((await get(other.authKey, `/api/v1/distributors/${addedId}`)).statusCode).toBe(404);
    expect((await get(other.authKey, `/api/v1/distributors/${addedId}/ordering-terms`)).statusCode).toBe(404);
    expect((await get(other.authKey, '/api/v1/distributors/directory?search=hill')).json().data).toEqual([]);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sign-up/distributors?search=hill',
      remoteAddress: fromAddress(),
    });
    expect(search.json().data).toEqual([]);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/distributors',
      headers: bearer(other.authKey),
      payload: { id: addedId },
    });
    expect(add.statusCode).toBe(404);
    // The demo company does not see it either, and sign-up data never shows the demo distributors.
    const demo = await signInAs(t.app, 'owner@demo.test');
    expect((await get(demo, '/api/v1/distributors/directory?search=hill')).json().data).toEqual([]);
    expect((await get(other.authKey, '/api/v1/distributors/directory?search=harbor')).json().data).toEqual([]);
  });

  it('adds from the Distributor page by id or by name; a second add of the same is refused', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/distributors', headers: bearer(first.authKey), payload });
    const usFoods = await post({ id: DIRECTORY_DISTRIBUTOR_IDS.usFoods, dcn: 'USF-1' });
    expect(usFoods.statusCode).toBe(201);
    expect(usFoods.json().data).toEqual({ id: DIRECTORY_DISTRIBUTOR_IDS.usFoods, nickname: 'US Foods', isPrivate: 0 });
    // A typed name that is in the directory uses that entry.
    const typed = await post({ nickname: 'baldor specialty foods' });
    expect(typed.json().data).toEqual({ id: DIRECTORY_DISTRIBUTOR_IDS.baldor, nickname: 'Baldor Specialty Foods', isPrivate: 0 });
    const fresh = await post({ nickname: 'Austin Bakehouse' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data).toMatchObject({ nickname: 'Austin Bakehouse', isPrivate: 1 });
    const again = await post({ nickname: 'AUSTIN BAKEHOUSE' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Austin Bakehouse is already one of this location's distributors.");
    expect((await post({ nickname: ' ' })).statusCode).toBe(400);
    expect((await post({ nickname: 'X' })).json().message).toBe('Distributor name must be 2 to 100 characters');
    const terms = (await get(first.authKey, `/api/v1/distributors/${fresh.json().data.id}/ordering-terms`)).json().data;
    expect(terms).toMatchObject({ deliveryWeekdays: [1, 2, 3, 4, 5], minOrderAmount: 0, isMinOrderAmountRequired: false });
  });
});
