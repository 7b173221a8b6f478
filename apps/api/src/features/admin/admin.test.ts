import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { signedInUserSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t.app, 'admin@demo.test');
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const L = DEMO_IDS.locations;
const U = DEMO_IDS.users;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
const loginAs = (payload: unknown, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/merchant-login', payload: payload as object, headers: bearer(token) });
const filters = (value: string) => encodeURIComponent(JSON.stringify([{ field: 'nickname', operator: 'like', value }]));

describe('GET locations/all and locations/users/{id}', () => {
  it('lists every location, searchable by nickname, paged', async () => {
    const all = await get('locations/all');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((l: { nickname: string }) => l.nickname)).toEqual(
      expect.arrayContaining(['Harbor Grill', 'Harbor Grill Express', 'Harbor Catering']),
    );
    expect(all.json()._meta).toMatchObject({ currentPage: 1 });
    const search = await get(`locations/all?filters=${filters('cATer')}`);
    expect(search.json().data).toEqual([{ id: L.harborCatering, nickname: 'Harbor Catering' }]);
    // LIKE wildcards in the search are taken literally.
    expect((await get(`locations/all?filters=${filters('%')}`)).json().data).toEqual([]);
  });

  it('lists the members of a location, never the administrator', async () => {
    const users = await get(`locations/users/${L.harborCatering}`);
    expect(users.statusCode).toBe(200);
    expect(users.json().data.map((u: { email: string }) => u.email)).toEqual(['owner@demo.test']);
    const grill = (await get(`locations/users/${L.harborGrill}`)).json().data.map((u: { email: string }) => u.email);
    expect(grill.sort()).toEqual(['chef@demo.test', 'owner@demo.test']);
    expect((await get('locations/users/999999')).statusCode).toBe(404);
  });

  it('answers 400 to bad filters and pages', async () => {
    expect((await get('locations/all?filters=not-json')).statusCode).toBe(400);
    expect(
      (await get(`locations/all?filters=${encodeURIComponent('[{"field":"id","operator":"like","value":"1"}]')}`)).statusCode,
    ).toBe(400);
    expect((await get('locations/all?page=0')).statusCode).toBe(400);
    expect((await get('locations/users/abc')).statusCode).toBe(400);
  });

  it('refuses members with 403', async () => {
    expect((await get('locations/all', owner)).statusCode).toBe(403);
    expect((await get(`locations/users/${L.harborGrill}`, owner)).statusCode).toBe(403);
  });
});

describe('POST users/merchant-login', () => {
  it("opens a session as the user in the chosen location and audits the administrator's id", async () => {
    const response = await loginAs({ user_id: U.chef, merchant_id: L.harborGrillExpress }, admin);
    expect(response.statusCode).toBe(200);
    const user = signedInUserSchema.parse(response.json().data);
    expect(user.email).toBe('chef@demo.test');
    expect(user.activeLocation?.id).toBe(L.harborGrillExpress);
    const me = await get('users/current-user', user.authKey);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.activeLocation.id).toBe(L.harborGrillExpress);

    const audits = await queryRows<{ admin_user_id: number; user_id: number; location_id: number; session_id: number | null }>(
      t.handle.db,
      sql`select admin_user_id, user_id, location_id, session_id from admin_login_audits`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ admin_user_id: U.admin, user_id: U.chef, location_id: L.harborGrillExpress });
    expect(audits[0].session_id).not.toBeNull();
  });

  it('is for administrators only, and writes no audit row otherwise', async () => {
    const response = await loginAs({ user_id: U.chef, merchant_id: L.harborGrill }, owner);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_an_administrator');
    const [count] = await queryRows<{ n: number }>(t.handle.db, sql`select count(*)::int as n from admin_login_audits`);
    expect(count.n).toBe(1);
  });

  it('answers 404 for a user who is not a member of the location, 400 for missing choices', async () => {
    expect((await loginAs({ user_id: U.chef, merchant_id: L.harborCatering })).statusCode).toBe(404);
    expect((await loginAs({ user_id: U.admin, merchant_id: L.harborGrill })).statusCode).toBe(404);
    const missing = await loginAs({ user_id: U.chef });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain('merchant_id');
    expect((await loginAs({})).statusCode).toBe(400);
  });
});
