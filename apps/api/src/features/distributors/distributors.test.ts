import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@stockpot/db/seed';
import { orderingDistributorSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const D = DEMO_IDS.distributors;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
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
