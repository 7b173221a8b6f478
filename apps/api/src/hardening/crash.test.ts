/**
 * Crash safety on real PostgreSQL (issue 14 "Suites"): the server is killed with SIGKILL while
 * orders are being submitted. After a restart, and after the clients retry with their idempotency
 * keys as the web app does, every acknowledged order exists exactly once with all its lines, no
 * key has two orders, and every order's purchase order is dispatched (its job completes).
 * PostgreSQL only: the embedded engine is one process's folder and has no server to survive a crash.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@stockpot/db';
import { DEMO_IDS, DEMO_PASSWORD } from '@stockpot/db/seed';
import {
  addCartLine,
  buildOrderPayload,
  findOrderableItems,
  waitForPurchaseOrderJob,
} from '../features/checkout/checkout-test-fixtures';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { AUTH_SECRET, createServerDatabase } from '../test-support/test-app';
import { byProfile, SUITE_TIMEOUT } from './hardening-support';

const serverUrl = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const GRILL = DEMO_IDS.locations.harborGrill;
const HARBORLINE = DEMO_IDS.distributors.harborline;
/** Orders submitted at once, and how many must be acknowledged before the kill. */
const ORDERS = byProfile(8, 40);
const ACKNOWLEDGED_BEFORE_KILL = byProfile(2, 10);

interface Submission {
  key: string;
  payload: Record<string, unknown>;
  /** The order id of a 201/200 answer received before the kill. */
  acknowledged: number | null;
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD, company_id: '1', secret: AUTH_SECRET }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { authKey: string } }).data.authKey;
}

async function submit(server: ServerProcess, token: string, submission: Submission): Promise<Response> {
  return fetch(`${server.url}/api/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': submission.key },
    body: JSON.stringify(submission.payload),
  });
}

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
      const filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-crash-'));
      await withDatabase(async (databaseUrl) => {
        const env = {
          DATABASE_URL: databaseUrl,
          DATA_DIR: filesDir,
          FILES_DIR: filesDir,
          WEB_DIST: '/nonexistent',
          LOG_LEVEL: 'warn',
          JOBS_POLL_SECONDS: '0.5',
          // The queue's own expiry, maintenance interval and retry delay (their defaults) decide how
          // soon a job the dead process held runs again: the pickup time below is the real one.
          READ_MODEL_REFRESH_CRON: 'off',
        };
        let server = await startServerProcess({ root: ROOT, env });
        let handle: DatabaseHandle | null = null;
        try {
          // The first start migrated and loaded the demo data (for today's date, as `npm start` does).
          handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
          const db = handle.db;
          const token = await signIn(server);
          const submissions: Submission[] = [];
          for (let n = 0; n < ORDERS; n += 1) {
            const lines: number[] = [];
            for (const item of await findOrderableItems(db, GRILL, HARBORLINE, 2, 0))
              lines.push(await addCartLine(db, GRILL, item, 2));
            submissions.push({
              key: `crash-${n}-${randomBytes(4).toString('hex')}`,
              acknowledged: null,
              payload: await buildOrderPayload(db, GRILL, HARBORLINE, lines),
            });
          }

          // Everything at once; the kill comes once a few answers are in and the rest are in flight.
          let answered = 0;
          let signalKill!: () => void;
          const killNow = new Promise<void>((resolve) => (signalKill = resolve));
          const inFlight = submissions.map(async (submission) => {
            try {
              const response = await submit(server, token, submission);
              if (response.status === 201 || response.status === 200) {
                submission.acknowledged = ((await response.json()) as { data: { id: number } }).data.id;
              }
            } catch {
              // Cut off by the kill: the client does not know whether the order was placed.
            }
            answered += 1;
            if (answered >= ACKNOWLEDGED_BEFORE_KILL) signalKill();
          });
          await killNow;
          await server.kill();
          const killedAt = new Date();
          await Promise.all(inFlight);
          const acknowledged = submissions.filter((s) => s.acknowledged !== null);
          expect(acknowledged.length).toBeGreaterThanOrEqual(1);
          expect(acknowledged.length, 'the kill cut submissions off in flight').toBeLessThan(ORDERS);

          server = await startServerProcess({ root: ROOT, env });
          const retryToken = await signIn(server);
          // Every client retries with its key: the acknowledged ones must get their own order back.
          for (const submission of submissions) {
            const response = await submit(server, retryToken, submission);
            const body = (await response.json()) as { data?: { id: number }; message?: string };
            if (submission.acknowledged !== null) {
              expect(response.status, submission.key).toBe(200);
              expect(body.data?.id).toBe(submission.acknowledged);
            } else {
              expect([200, 201], `${submission.key}: ${body.message}`).toContain(response.status);
            }
          }

          const orders = await queryRows<{ key: string; id: number; count: number; lines: number }>(
            db,
            sql`SELECT o.idempotency_key AS key, min(o.id)::int AS id, count(*)::int AS count,
                       (SELECT count(*)::int FROM order_items i WHERE i.order_id = min(o.id)) AS lines
                FROM orders o WHERE o.location_id = ${GRILL}
                  AND o.idempotency_key IN (${sql.join(
                    submissions.map((s) => sql`${s.key}`),
                    sql`, `,
                  )})
                GROUP BY o.idempotency_key`,
          );
          expect(orders.length, 'one order per submission').toBe(ORDERS);
          for (const order of orders) {
            expect(order.count, `${order.key}: orders`).toBe(1);
            expect(order.lines, `${order.key}: lines`).toBe(2);
          }
          // A purchase order the dead process was rendering or mailing stays 'active' until its
          // 30 s expiry passes; maintenance (every 10 s) then retries it after 5-10 s (issue 33
          // defect 7: it took over 6 minutes with the 300 s expiry). Bounded at 2 minutes, not timed.
          for (const order of orders) await waitForPurchaseOrderJob(db, order.id, 'completed', 120_000);
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
          rmSync(filesDir, { recursive: true, force: true });
        }
      });
    },
    byProfile(240_000, SUITE_TIMEOUT),
  );
});
