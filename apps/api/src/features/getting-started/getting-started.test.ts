import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIRECTORY_DISTRIBUTOR_IDS, migrationsFolder, queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import type { SignUpRequest } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SYSCO = DIRECTORY_DISTRIBUTOR_IDS.sysco;
const US_FOODS = DIRECTORY_DISTRIBUTOR_IDS.usFoods;
let nextAddress = 1;
const from = () => `10.31.0.${nextAddress++}`;

const rep = (id: number, nickname: string) => ({
  id,
  nickname,
  dcn: '',
  email: 'rep@distributor.test',
  phoneNumber: '',
  name: 'Pat Rep',
});

/** A Texas restaurant: Dallas (Central time) and El Paso (Mountain time). */
function texasSignUp(email: string): Omit<SignUpRequest, 'paymentMethod'> {
  return {
    companyId: '1',
    firstName: 'Rosa',
    lastName: 'Garza',
    title: 0,
    businessName: 'Garza Tex-Mex LLC',
    businessAddress: '100 Main Street',
    businessCity: 'Dallas',
    businessState: 'TX',
    businessPostcode: '75201',
    phoneNumber: '(214) 555-0100',
    email,
    password: 'secret12',
    passwordRepeat: 'secret12',
    totalReportingLocations: 2,
    locations: [
      {
        nickname: 'Garza Dallas',
        phoneNumber: '(214) 555-0101',
        address: '100 Main Street',
        city: 'Dallas',
        state: 'TX',
        zipcode: '75201',
        distributors: [rep(SYSCO, 'Sysco'), rep(US_FOODS, 'US Foods')],
      },
      {
        nickname: 'Garza El Paso',
        phoneNumber: '(915) 555-0102',
        address: '1 Mesa Street',
        city: 'El Paso',
        state: 'tx',
        zipcode: '79901',
        distributors: [],
      },
    ],
  };
}

async function signUpTexas(email: string): Promise<{ userId: number; locationIds: number[] }> {
  const card = await t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    remoteAddress: from(),
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', address_zip: '75201' },
  });
  const paymentMethod = { token: card.json().id, cardId: card.json().card.id };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sign-up',
    remoteAddress: from(),
    payload: { ...texasSignUp(email), paymentMethod },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function getGettingStarted(token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/getting-started', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const doneKeys = (data: { steps: { key: string; isDone: boolean }[] }) => data.steps.filter((s) => s.isDone).map((s) => s.key);

describe('sign-up and the first run (issue 31)', () => {
  it("sets each location's time zone from its address and names the restaurant's business", async () => {
    const { locationIds } = await signUpTexas('rosa@garza.test');
    const zones = await queryRows<{ id: number; timezone: string; state: string }>(
      t.handle.db,
      sql`SELECT id, timezone, state FROM locations WHERE id IN (${sql.join(locationIds, sql`, `)}) ORDER BY id`,
    );
    expect(zones).toEqual([
      { id: locationIds[0], timezone: 'America/Chicago', state: 'TX' },
      { id: locationIds[1], timezone: 'America/Denver', state: 'TX' },
    ]);

    const token = await signInAs(t.app, 'rosa@garza.test', 'secret12');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    const user = me.json().data;
    expect(user.activeLocation).toMatchObject({
      nickname: 'Garza Dallas',
      businessName: 'Garza Tex-Mex LLC',
      timezone: 'America/Chicago',
    });
    expect(user.locations.map((l: { businessName: string }) => l.businessName)).toEqual([
      'Garza Tex-Mex LLC',
      'Garza Tex-Mex LLC',
    ]);
    // The demo's locations were not signed up: they keep the company's name.
    const owner = await signInAs(t.app, 'owner@demo.test');
    const demo = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(owner) });
    expect(demo.json().data.activeLocation.businessName).toBe('Stockpot Demo Co.');
  });

  it("answers the caller's active location's checklist, ticking itself off from its data", async () => {
    const { userId, locationIds } = await signUpTexas('luis@garza.test');
    const token = await signInAs(t.app, 'luis@garza.test', 'secret12');

    const first = await getGettingStarted(token);
    expect(first.isFirstRun).toBe(true);
    expect(first.hasOrders).toBe(false);
    // Sign-up's ordering terms start Monday to Friday, so delivery days are set from the start.
    expect(first.distributors).toEqual([
      { id: SYSCO, nickname: 'Sysco', hasOrderGuide: false, hasDeliveryDays: true },
      { id: US_FOODS, nickname: 'US Foods', hasOrderGuide: false, hasDeliveryDays: true },
    ]);
    expect(doneKeys(first)).toEqual(['distributors', 'delivery-days']);

    await t.handle.db.execute(
      sql`UPDATE location_distributors SET delivery_weekdays = '{}' WHERE location_id = ${locationIds[0]} AND distributor_id = ${US_FOODS}`,
    );
    const withoutDays = await getGettingStarted(token);
    expect(withoutDays.distributors.map((d: { hasDeliveryDays: boolean }) => d.hasDeliveryDays)).toEqual([true, false]);
    expect(doneKeys(withoutDays)).toEqual(['distributors']);

    await t.handle.db.execute(
      sql`UPDATE location_distributors SET delivery_weekdays = '{1,3,5}' WHERE location_id = ${locationIds[0]}`,
    );
    await t.handle.db.execute(
      sql`INSERT INTO order_guides (location_id, distributor_id, start_date, end_date, item_count)
          VALUES (${locationIds[0]}, ${SYSCO}, '2026-01-01', '2026-01-08', 0),
                 (${locationIds[0]}, ${US_FOODS}, '2026-01-01', '2026-01-08', 0)`,
    );
    const later = await getGettingStarted(token);
    expect(later.isFirstRun).toBe(false);
    expect(doneKeys(later)).toEqual(['distributors', 'order-guides', 'delivery-days']);

    // The other location of the same owner has its own, empty checklist.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      headers: bearer(token),
      payload: { id: userId, active_location_id: locationIds[1] },
    });
    expect(moved.statusCode).toBe(200);
    const elPaso = await getGettingStarted(token);
    expect(elPaso.distributors).toEqual([]);
    expect(doneKeys(elPaso)).toEqual([]);

    // The demo restaurant, which has guides and orders, is not on a first run; nothing of Garza's shows.
    const demo = await getGettingStarted(await signInAs(t.app, 'owner@demo.test'));
    expect(demo.isFirstRun).toBe(false);
    expect(demo.hasOrders).toBe(true);
    expect(demo.distributors.map((d: { nickname: string }) => d.nickname)).not.toContain('Garza');
  });

  it("migration 0033 moves signed-up locations left on the default zone to their state's, and only those", async () => {
    const { locationIds } = await signUpTexas('ana@garza.test');
    const grill = DEMO_IDS.locations.harborGrill;
    await t.handle.db.execute(
      sql`UPDATE locations SET timezone = 'America/New_York' WHERE id IN (${sql.join(locationIds, sql`, `)})`,
    );
    await t.handle.db.execute(sql`UPDATE locations SET state = 'TX' WHERE id = ${grill}`);
    const migration = readFileSync(path.join(migrationsFolder, '0033_location_time_zones.sql'), 'utf8');
    await t.handle.db.execute(sql.raw(migration));
    const rows = await queryRows<{ id: number; timezone: string }>(
      t.handle.db,
      sql`SELECT id, timezone FROM locations WHERE id IN (${sql.join([...locationIds, grill], sql`, `)}) ORDER BY id`,
    );
    // SQL has no zip table: El Paso gets Texas's main zone; the demo's location is not a sign-up's.
    expect(rows).toEqual(
      [
        { id: grill, timezone: 'America/New_York' },
        { id: locationIds[0], timezone: 'America/Chicago' },
        { id: locationIds[1], timezone: 'America/Chicago' },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/getting-started' });
    expect(response.statusCode).toBe(401);
  });
});
