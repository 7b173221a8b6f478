/**
 * Data that cannot happen in recipe costing (issue 34): two menu categories of one name, a recipe
 * copied where recipe costing is off, and POS answering where the sidebar would not show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { getMenuCategoryExistsMessage, type MenuCategory } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(owner), payload: payload as object });

const switchTo = (locationId: number) =>
  api('PUT', `users/${DEMO_IDS.users.owner}`, { id: DEMO_IDS.users.owner, active_location_id: locationId });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('menu category names', () => {
  it('refuses a second category of one name in any case, on create and on rename, with a clear message', async () => {
    const categories: MenuCategory[] = (await api('GET', 'recipe-menu-category')).json().data;
    const entrees = categories.find((c) => c.label === 'Entrees')!;
    const twin = await api('POST', 'recipe-menu-category', { name: ' ENTREES ' });
    expect(twin.statusCode, twin.body).toBe(400);
    expect(twin.json().message).toBe(getMenuCategoryExistsMessage('Entrees'));
    expect(twin.json().errors).toEqual([{ field: 'name', message: getMenuCategoryExistsMessage('Entrees') }]);

    const brunch = (await api('POST', 'recipe-menu-category', { name: 'Brunch' })).json().data as MenuCategory;
    const renamed = await api('PATCH', `recipe-menu-category/${brunch.value}`, { name: 'entrees' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(getMenuCategoryExistsMessage('Entrees'));
    // Its own name in another case is no clash.
    const recased = await api('PATCH', `recipe-menu-category/${brunch.value}`, { name: 'BRUNCH' });
    expect(recased.statusCode, recased.body).toBe(200);
    const after: MenuCategory[] = (await api('GET', 'recipe-menu-category')).json().data;
    expect(after.filter((c) => c.label.toLowerCase() === 'entrees').map((c) => c.value)).toEqual([entrees.value]);
  });

  it('creates only one of two simultaneous requests for a new name', async () => {
    const answers = await Promise.all([
      api('POST', 'recipe-menu-category', { name: 'Late Night' }),
      api('POST', 'recipe-menu-category', { name: 'late night' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('copy to a location', () => {
  it('refuses a location whose recipe costing is off, and copies nothing', async () => {
    const [recipe] = (await api('GET', 'recipe?limit=1')).json().data;
    const countAtExpress = async () =>
      (
        await queryRows<{ n: number }>(
          t.handle.db,
          sql`SELECT count(*)::int AS n FROM recipes WHERE location_id = ${L.harborGrillExpress}`,
        )
      )[0].n;
    const before = await countAtExpress();
    const refused = await api('POST', `recipe/${recipe.id}/copy-to-location/${L.harborGrillExpress}`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Recipe costing is not enabled for that location, so the recipe cannot be copied there.');
    expect(await countAtExpress()).toBe(before);
    // Harbor Catering has recipe costing: the copy still works there.
    expect((await api('POST', `recipe/${recipe.id}/copy-to-location/${L.harborCatering}`)).statusCode).toBe(201);
  });
});

describe('POS follows the one availability rule', () => {
  it('answers where recipe costing is on, and 403 with the reason on every route where it is off', async () => {
    expect((await api('GET', 'pos')).statusCode).toBe(200);
    expect((await switchTo(L.harborGrillExpress)).statusCode).toBe(200);
    try {
      for (const url of ['pos', 'pos/detail/2026-10-01', 'pos/food-cost?bgn_date=2026-10-01&end_date=2026-10-07']) {
        const answer = await api('GET', url);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json().message).toBe('Recipe costing is not enabled for this location.');
      }
    } finally {
      await switchTo(L.harborGrill);
    }
  });
});
