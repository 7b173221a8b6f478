/**
 * The order history as a kept read (issue 38, migration 0060): a kept page is sent again until a
 * write it reads marks the location, and what is sent is always what is computed from scratch.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { expectKeptRead, getBodies } from '../../test-support/kept-read-checks';
import { createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { listOrderHistory } from './order-history.service';

const GRILL = DEMO_IDS.locations.harborGrill;
/** The pages compared: the first 24 (the screen's) and the second page of 3. */
const PAGES = [
  { page: 1, limit: 24 },
  { page: 2, limit: 3 },
];

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('GET orders as a kept read', () => {
  it('is sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    const [newest] = await queryRows<{ id: number; distributorId: number }>(
      db,
      sql`SELECT id, distributor_id AS "distributorId" FROM orders WHERE location_id = ${GRILL}
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    const [{ timezone }] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${GRILL}`);
    const columns = await queryRows<{ name: string }>(
      db,
      sql`SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'orders' AND column_name <> 'id' ORDER BY ordinal_position`,
    );
    const copied = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
    try {
      await expectKeptRead({
        db,
        locationId: GRILL,
        served: () =>
          getBodies(
            t,
            owner,
            PAGES.map(({ page, limit }) => `orders?page=${page}&limit=${limit}`),
          ),
        fresh: async () => {
          const bodies: string[] = [];
          for (const { page, limit } of PAGES) bodies.push(JSON.stringify(await listOrderHistory(db, GRILL, page, limit)));
          return bodies;
        },
        unmarkedWrite: sql`UPDATE orders SET notes = notes || ' (probe)' WHERE id = ${newest.id}`,
        writes: [
          sql`UPDATE orders SET po_status = 'failed', po_status_at = now() WHERE id = ${newest.id}`,
          sql`UPDATE orders SET total = total + 1.25 WHERE id = ${newest.id}`,
          sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = ${newest.distributorId}`,
          // A new order (a copy of the newest, an hour later), then gone again.
          sql`INSERT INTO orders (${copied}) SELECT ${copied} FROM orders WHERE id = ${newest.id}`,
          sql`UPDATE orders SET created_at = created_at + interval '1 hour'
              WHERE id = (SELECT max(id) FROM orders WHERE location_id = ${GRILL})`,
          sql`DELETE FROM orders WHERE id = (SELECT max(id) FROM orders WHERE location_id = ${GRILL})`,
          // Dates are shown in the location's time zone (Kiritimati UTC+14 and Pago Pago UTC-11 never share one).
          sql`UPDATE locations SET timezone = 'Pacific/Kiritimati' WHERE id = ${GRILL}`,
          sql`UPDATE locations SET timezone = 'Pacific/Pago_Pago' WHERE id = ${GRILL}`,
        ],
      });
    } finally {
      await db.execute(sql`UPDATE locations SET timezone = ${timezone} WHERE id = ${GRILL}`);
    }
  });
});
