import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@stockpot/db/seed';
import { distributorListEntrySchema, orderingDistributorSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const D = DEMO_IDS.distributors;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  // Migrating and seeding a fresh database is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** Dates from today (New York) for 14 days that fall on the ISO weekdays given. */
function expectedDates(weekdays: number[]): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const dates: string[] = [];
  for (let offset = 0; offset < 14; offset += 1) {
    const date = new Date(`${today}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    if (weekdays.includes(weekday)) dates.push(date.toISOString().slice(0, 10));
  }
  return dates;
}

describe('GET distributors', () => {
  it("lists the active location's distributors with their ordering fields", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/distributors', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    const rows = orderingDistributorSchema.strict().array().parse(response.json().data);
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(D).sort());
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(D.northeastProvisions)).toMatchObject({
      nickname: 'Northeast Provisions',
      minOrderAmount: 25_000,
      isMinOrderAmountRequired: true,
      skipMinOrder: false,
      acceptCC: 2,
      isDelivery: 0,
      deliveryDates: expectedDates([2, 4]),
    });
    expect(byId.get(D.coastalProduce)).toMatchObject({ acceptCC: 0, deliveryDates: expectedDates([1, 2, 3, 4, 5, 6]) });
    expect(byId.get(D.stockpotDirect)).toMatchObject({ isDelivery: 1, minOrderAmount: 0 });
    expect(byId.get(D.primeCutMeats)).toMatchObject({ minOrderAmount: 20_000, isMinOrderAmountRequired: false });
    expect(rows.map((r) => r.nickname)).toEqual([...rows.map((r) => r.nickname)].sort());
  });

  it('lists only the distributors of the active location', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(owner),
      payload: { id: DEMO_IDS.users.owner, active_location_id: DEMO_IDS.locations.harborCatering },
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/distributors', headers: bearer(owner) });
    expect(
      response
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([D.northeastProvisions, D.primeCutMeats, D.baysideSeafood, D.stockpotDirect].sort());
  });
});

describe('GET distributors/list', () => {
  it("answers the active location's distributors as id and nickname, A–Z (not distributors/{id})", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/distributors/list', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    const rows = distributorListEntrySchema.strict().array().parse(response.json().data);
    const full = (await t.app.inject({ method: 'GET', url: '/api/v1/distributors', headers: bearer(owner) })).json().data as {
      id: number;
      nickname: string;
    }[];
    expect(rows).toEqual(full.map(({ id, nickname }) => ({ id, nickname })));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.nickname)).toEqual([...rows.map((r) => r.nickname)].sort());
  });

  it('answers 401 without a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/distributors/list' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET distributors/{id}', () => {
  let chef: string;
  beforeAll(async () => {
    chef = await signInAs(t.app, 'chef@demo.test');
  });

  it('answers one distributor of the active location with the list fields', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/distributors/${D.northeastProvisions}`,
      headers: bearer(chef),
    });
    expect(response.statusCode).toBe(200);
    const row = orderingDistributorSchema.strict().parse(response.json().data);
    expect(row).toMatchObject({
      id: D.northeastProvisions,
      nickname: 'Northeast Provisions',
      minOrderAmount: 25_000,
      acceptCC: 2,
    });
    expect(row.deliveryDates).toEqual(expectedDates([2, 4]));
  });

  it('starts the delivery dates from today in the timezone given', async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its today is often New York's tomorrow.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/distributors/${D.coastalProduce}?timezone=${encodeURIComponent(zone)}`,
      headers: bearer(chef),
    });
    expect(response.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const dates: string[] = response.json().data.deliveryDates;
    expect(dates.length).toBeGreaterThan(0);
    expect(dates[0] >= today).toBe(true);
    const last = new Date(`${today}T12:00:00Z`);
    last.setUTCDate(last.getUTCDate() + 13);
    expect(dates.at(-1)! <= last.toISOString().slice(0, 10)).toBe(true);
  });

  it('refuses a time zone that is not a name, and an id that is not a number', async () => {
    for (const zone of ['Mars/Olympus', '+05:00', "x'; DROP TABLE orders; --"]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/distributors/${D.coastalProduce}?timezone=${encodeURIComponent(zone)}`,
        headers: bearer(chef),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/timezone must be a time zone name/);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/distributors/abc', headers: bearer(chef) });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another location's distributor and an unknown id, 401 without a key", async () => {
    // The owner's active location is Harbor Catering since the test above; Coastal Produce is not its distributor.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/distributors/${D.coastalProduce}`,
      headers: bearer(owner),
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/distributors/999999', headers: bearer(chef) });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/distributors/${D.coastalProduce}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
