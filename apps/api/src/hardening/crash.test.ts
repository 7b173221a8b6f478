/**
 * Crash safety on real PostgreSQL (issue 14 "Suites"): the server is killed with SIGKILL while
 * orders are being submitted. After a restart, and after the clients retry with their idempotency
 * keys as the web app does, every acknowledged order exists exactly once with all its lines, no
 * key has two orders, and every order's purchase order is dispatched (its job completes).
 * The embedded engine's crash suites are crash-embedded.test.ts and crash-imports.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@stockpot/db';
import { waitForPurchaseOrderJob } from '../features/checkout/checkout-test-fixtures';
import { createServerDatabase } from '../test-support/test-app';
import {
  crashServerEnv,
  expectEachOrderOnce,
  loadUntilKilled,
  orderSends,
  prepareOrders,
  retryOrders,
  signIn,
  startTimed,
} from './crash-support';
import { byProfile, SUITE_TIMEOUT } from './hardening-support';

const serverUrl = process.env.TEST_DATABASE_URL;
/** Orders submitted at once, and how many must be answered before the kill. */
const ORDERS = byProfile(8, 40);
const ANSWERED_BEFORE_KILL = byProfile(2, 10);

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const database = await createServerDatabase(serverUrl!, 'stockpot_crash');
  try {
    return await run(database.url);
  } finally {
    await database.drop();
  }
}

describe.skipIf(!serverUrl)('crash safety: kill -9 of the server under order load (PostgreSQL)', () => {
  it(
    'keeps every acknowledged order once, none half-written, and dispatches every purchase order after the restart',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stockpot-crash-'));
      await withDatabase(async (databaseUrl) => {
        const env = crashServerEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
        let { server } = await startTimed(env);
        let handle: DatabaseHandle | null = null;
        try {
          // The first start migrated and loaded the demo data (for today's date, as `npm start` does).
          handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
          const db = handle.db;
          const submissions = await prepareOrders(db, ORDERS);

          // Everything at once; the kill comes once a few answers are in and the rest are in flight.
          const { acknowledged, killedAt } = await loadUntilKilled(
            server,
            orderSends(server, await signIn(server), submissions),
            ANSWERED_BEFORE_KILL,
          );
          expect(acknowledged).toBeGreaterThanOrEqual(1);
          expect(acknowledged, 'the kill cut submissions off in flight').toBeLessThan(ORDERS);

          ({ server } = await startTimed(env));
          await retryOrders(server, await signIn(server), submissions);
          const orderIds = await expectEachOrderOnce(db, submissions);
          // A purchase order the dead process was rendering or mailing stays 'active' until its
          // 30 s expiry passes; maintenance (every 10 s) then retries it after 5-10 s (issue 33
          // defect 7: it took over 6 minutes with the 300 s expiry). Bounded at 2 minutes, not timed.
          for (const id of orderIds) await waitForPurchaseOrderJob(db, id, 'completed', 120_000);
          const [pickup] = await queryRows<{ seconds: number | null; retried: number }>(
            db,
            // Held by the dead process: created before the kill and retried (each fetch resets started_on).
            sql`SELECT extract(epoch FROM max(completed_on) - ${killedAt.toISOString()}::timestamptz)::float AS seconds,
                       count(*)::int AS retried
                FROM pgboss.job WHERE name = 'purchase-order' AND created_on < ${killedAt.toISOString()}::timestamptz
                  AND retry_count > 0`,
          );
          console.info(
            `crash: ${pickup.retried} purchase order job(s) held by the killed process, last one done ${pickup.seconds?.toFixed(1)} s after the kill`,
          );
        } finally {
          await server.stop();
          await handle?.close();
          rmSync(dataDir, { recursive: true, force: true });
        }
      });
    },
    byProfile(240_000, SUITE_TIMEOUT),
  );
});
