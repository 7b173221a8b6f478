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
import { expectKeptRead, getBodies } from '../../test-support/kept-read-checks';
import { createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
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
    const queries: Record<string, string>[] = [
      { filter_type: 'YEARLY' },
      { filter_type: 'CUSTOM', start_date: line.day, end_date: line.day },
    ];
    await expectKeptRead({
      db,
      locationId: GRILL,
      served: () =>
        getBodies(
          t,
          owner,
          queries.map((q) => `analytics?${new URLSearchParams(q)}`),
        ),
      fresh: async () => {
        const bodies: string[] = [];
        for (const query of queries) {
          bodies.push(JSON.stringify({ data: await getAnalytics(db, GRILL, analyticsQuerySchema.parse(query)) }));
        }
        return bodies;
      },
      unmarkedWrite: sql`UPDATE order_items SET quantity = quantity + 1 WHERE id = ${line.id}`,
      writes: [
        // A line's cases (the category donut), then the order's total (the distributor donut and headline).
        sql`UPDATE order_items SET quantity = quantity + 2 WHERE id = ${line.id}`,
        sql`UPDATE orders SET total = total + 10 WHERE id = ${line.orderId}`,
        sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = ${line.distributorId}`,
        sql`DELETE FROM order_items WHERE id = ${line.id}`,
        sql`UPDATE orders SET status = 'cancelled' WHERE id = ${line.orderId}`,
      ],
    });
  });
});
