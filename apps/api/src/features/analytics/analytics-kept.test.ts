/**
 * GET analytics as a kept read (issue 38, migration 0060): a kept answer is sent again until a write
 * it reads marks the location, and what is sent is always what is computed from scratch (the daily
 * aggregate refreshed first, as the read does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { analyticsQuerySchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getAnalytics } from './analytics.service';

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

describe('GET analytics as a kept read', () => {
  it('is sent again until a write it reads marks the location, then answered as computed from scratch', async () => {
    const db = t.handle.db;
    // The location's latest priced line of an order that counts (not cancelled), and the range around it.
    const [line] = await queryRows<{ id: number; orderId: number; distributorId: number; day: string }>(
      db,
      sql`SELECT oi.id, o.id AS "orderId", o.distributor_id AS "distributorId",
                 to_char((o.created_at AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS day
          FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN locations l ON l.id = o.location_id
          WHERE o.location_id = ${GRILL} AND o.status <> 'cancelled' AND oi.price > 0 AND oi.item_distributor_id IS NOT NULL
          ORDER BY o.created_at DESC, oi.id LIMIT 1`,
    );
    expect(line).toBeTruthy();
    const queries = [{ filter_type: 'YEARLY' }, { filter_type: 'CUSTOM', start_date: line.day, end_date: line.day }].map((q) =>
      analyticsQuerySchema.parse(q),
    );
    const served = async () => {
      const bodies: string[] = [];
      for (const query of queries) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/analytics?${new URLSearchParams(query as Record<string, string>)}`,
          headers: bearer(owner),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        bodies.push(response.body);
      }
      return bodies;
    };
    const fresh = async () => {
      const bodies: string[] = [];
      for (const query of queries) bodies.push(JSON.stringify({ data: await getAnalytics(db, GRILL, query) }));
      return bodies;
    };
    const first = await served();
    expect(first).toEqual(await fresh());

    // A change whose mark is taken away behind the read's back: the kept answers are still sent.
    await db.execute(sql`UPDATE order_items SET quantity = quantity + 1 WHERE id = ${line.id}`);
    await db.execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${GRILL}`);
    expect(await served()).toEqual(first);
    await db.execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${GRILL})`);

    const writes = [
      // A line's cases (the category donut), then the order's total (the distributor donut and headline).
      sql`UPDATE order_items SET quantity = quantity + 2 WHERE id = ${line.id}`,
      sql`UPDATE orders SET total = total + 10 WHERE id = ${line.orderId}`,
      sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = ${line.distributorId}`,
      sql`DELETE FROM order_items WHERE id = ${line.id}`,
      sql`UPDATE orders SET status = 'cancelled' WHERE id = ${line.orderId}`,
    ];
    for (const [index, write] of writes.entries()) {
      const before = await served();
      await db.execute(write);
      const after = await served();
      expect(after, `write ${index}`).toEqual(await fresh());
      expect(after, `write ${index} changes the answer`).not.toEqual(before);
    }
  });
});
