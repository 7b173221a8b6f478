import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { pastOrderOptionSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const getOptions = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders/past-options', headers: bearer(owner) });
  expect(response.statusCode).toBe(200);
  return pastOrderOptionSchema.array().parse(response.json().data);
};

describe('GET orders/past-options', () => {
  it("lists the active location's 50 latest orders, newest first, dated in its time zone", async () => {
    const expected = await queryRows<{ id: number; day: string; distributor: string }>(
      t.handle.db,
      sql`SELECT o.id, to_char(o.created_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS day, d.nickname AS distributor
          FROM orders o JOIN distributors d ON d.id = o.distributor_id
          WHERE o.location_id = ${DEMO_IDS.locations.harborGrill} ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
    );
    const options = await getOptions();
    expect(options).toHaveLength(50);
    expect(options).toEqual(
      expected.map((e) => {
        const [year, month, day] = e.day.split('-');
        return { id: e.id, createTimeDisplay: `${month}/${day}/${year}`, distributor: e.distributor };
      }),
    );
  });

  it('uses the local date of an order placed late in the evening', async () => {
    const [latest] = await getOptions();
    // 03:30 UTC is still the evening before in New York.
    await t.handle.db.execute(sql`UPDATE orders SET created_at = '2030-01-02T03:30:00Z' WHERE id = ${latest.id}`);
    const [first] = await getOptions();
    expect(first).toMatchObject({ id: latest.id, createTimeDisplay: '01/01/2030' });
  });

  it('needs a session and shows another location only once it is active', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders/past-options' })).statusCode).toBe(401);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(owner),
      payload: { id: DEMO_IDS.users.owner, active_location_id: DEMO_IDS.locations.harborCatering },
    });
    const catering = await getOptions();
    const ids = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM orders WHERE location_id = ${DEMO_IDS.locations.harborCatering}`,
    );
    expect(catering.every((o) => ids.some((row) => row.id === o.id))).toBe(true);
  });
});
