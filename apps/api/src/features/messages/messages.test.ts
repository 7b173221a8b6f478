import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let chef: string;
let owner: string;
let grillMessage: number;
let cateringMessage: number;
let broadcast: number;
const L = DEMO_IDS.locations;

async function insertReturningId(statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.handle.db, statement);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  chef = await signInAs(t.app, 'chef@demo.test');
  owner = await signInAs(t.app, 'owner@demo.test');
  grillMessage = await insertReturningId(
    sql`insert into location_messages (location_id, message) values (${L.harborGrill}, 'Sysco delivers Friday this week.') returning id`,
  );
  cateringMessage = await insertReturningId(
    sql`insert into location_messages (location_id, message) values (${L.harborCatering}, 'Catering only') returning id`,
  );
  broadcast = await insertReturningId(
    sql`insert into broadcast_messages (message) values ('Stockpot is down Sunday 2-3 am.') returning id`,
  );
  // Seeding a fresh database takes minutes when the machine is busy.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = chef) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
const post = (url: string, payload: unknown, token = chef) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object, headers: bearer(token) });

describe('location messages', () => {
  it('shows a message until the user marks it read, per user', async () => {
    const first = await get(`users/get-message?merchant_id=${L.harborGrill}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual([{ id: grillMessage, message: 'Sysco delivers Friday this week.' }]);
    expect((await post('users/read-message', { ids: [grillMessage] })).statusCode).toBe(200);
    expect((await get(`users/get-message?merchant_id=${L.harborGrill}`)).json().data).toEqual([]);
    // Reading again is harmless; the owner still has it to read.
    expect((await post('users/read-message', { ids: [grillMessage] })).statusCode).toBe(200);
    expect((await get(`users/get-message?merchant_id=${L.harborGrill}`, owner)).json().data).toHaveLength(1);
  });

  it("answers 404 for another location's messages and writes nothing", async () => {
    expect((await get(`users/get-message?merchant_id=${L.harborCatering}`)).statusCode).toBe(404);
    expect((await post('users/read-message', { ids: [cateringMessage] })).statusCode).toBe(404);
    expect((await post('users/read-message', { ids: [grillMessage, cateringMessage] })).statusCode).toBe(404);
    const [count] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from location_message_reads where message_id = ${cateringMessage}`,
    );
    expect(count.n).toBe(0);
  });

  it('answers 400 to bad input', async () => {
    expect((await get('users/get-message')).statusCode).toBe(400);
    expect((await get('users/get-message?merchant_id=abc')).statusCode).toBe(400);
    expect((await post('users/read-message', { ids: [] })).statusCode).toBe(400);
    expect((await post('users/read-message', { ids: 'x' })).statusCode).toBe(400);
    expect((await post('users/read-message', {})).statusCode).toBe(400);
  });
});

describe('broadcast messages', () => {
  it('shows the broadcast once per user', async () => {
    const first = await get(`users/get-broadcast-message?merchant_id=${L.harborGrill}`);
    expect(first.json().data).toEqual([{ id: broadcast, broadcast_message: 'Stockpot is down Sunday 2-3 am.' }]);
    expect((await post('users/read-broadcast-message', { id: broadcast })).statusCode).toBe(200);
    expect((await get(`users/get-broadcast-message?merchant_id=${L.harborGrill}`)).json().data).toEqual([]);
    expect((await get(`users/get-broadcast-message?merchant_id=${L.harborGrill}`, owner)).json().data).toHaveLength(1);
  });

  it('answers 404 for an unknown broadcast or a foreign location, 400 for bad input', async () => {
    expect((await post('users/read-broadcast-message', { id: 999999 })).statusCode).toBe(404);
    expect((await get(`users/get-broadcast-message?merchant_id=${L.harborCatering}`)).statusCode).toBe(404);
    expect((await post('users/read-broadcast-message', {})).statusCode).toBe(400);
  });
});
