/**
 * The order history as a kept read (issue 38, migration 0060): a kept page is sent again until a
 * write it reads marks the location, and what is sent is always what is computed from scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { listOrderHistory } from './order-history.service';

const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The pages compared: the first 24 (the screen's) and the second page of 3. */
const pages = [
  { page: 1, limit: 24 },
  { page: 2, limit: 3 },
];

async function served(): Promise<string[]> {
  const bodies: string[] = [];
  for (const { page, limit } of pages) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?page=${page}&limit=${limit}`,
      headers: bearer(owner),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    bodies.push(response.body);
  }
  return bodies;
}

async function fresh(): Promise<string[]> {
  const bodies: string[] = [];
  for (const { page, limit } of pages) bodies.push(JSON.stringify(await listOrderHistory(t.handle.db, GRILL, page, limit)));
  return bodies;
}

describe('GET orders as a kept read', () => {
  it('is sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    const [newest] = await queryRows<{ id: number; distributorId: number }>(
      db,
      sql`SELECT id, distributor_id AS "distributorId" FROM orders WHERE location_id = ${GRILL}
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    const [{ timezone }] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${GRILL}`);
    const columns = (
      await queryRows<{ name: string }>(
        db,
        sql`SELECT column_name AS name FROM information_schema.columns
            WHERE table_name = 'orders' AND column_name <> 'id' ORDER BY ordinal_position`,
      )
    ).map((c) => `"${c.name}"`);
    const copied = sql.raw(columns.join(', '));
    const first = await served();
    expect(first).toEqual(await fresh());

    // A change whose mark is taken away behind the read's back: the kept pages are still sent.
    await db.execute(sql`UPDATE orders SET notes = notes || ' (probe)' WHERE id = ${newest.id}`);
    await db.execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${GRILL}`);
    expect(await served()).toEqual(first);
    await db.execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${GRILL})`);

    const writes = [
      sql`UPDATE orders SET po_status = 'failed', po_status_at = now() WHERE id = ${newest.id}`,
      sql`UPDATE orders SET total = total + 1.25 WHERE id = ${newest.id}`,
      sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = ${newest.distributorId}`,
      // A new order (a copy of the newest, an hour later), then gone again.
      sql`INSERT INTO orders (${copied}) SELECT ${copied} FROM orders WHERE id = ${newest.id}`,
      sql`UPDATE orders SET created_at = created_at + interval '1 hour'
          WHERE id = (SELECT max(id) FROM orders WHERE location_id = ${GRILL})`,
      sql`DELETE FROM orders WHERE id = (SELECT max(id) FROM orders WHERE location_id = ${GRILL})`,
      // The dates are shown in the location's time zone (Kiritimati UTC+14 and Pago Pago UTC-11 never share one).
      sql`UPDATE locations SET timezone = 'Pacific/Kiritimati' WHERE id = ${GRILL}`,
      sql`UPDATE locations SET timezone = 'Pacific/Pago_Pago' WHERE id = ${GRILL}`,
    ];
    try {
      for (const [index, write] of writes.entries()) {
        const before = await served();
        await db.execute(write);
        const after = await served();
        expect(after, `write ${index}`).toEqual(await fresh());
        expect(after, `write ${index} changes the answer`).not.toEqual(before);
      }
    } finally {
      await db.execute(sql`UPDATE locations SET timezone = ${timezone} WHERE id = ${GRILL}`);
    }
  });
});
