/**
 * Shared pieces of the crash suites (issue 14, issue 33): the server as a child process on either
 * engine, a load that is cut off by kill -9 once some of it was acknowledged, and the order checks
 * that must hold after the restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '@stockpot/db';
import { DEMO_IDS, DEMO_PASSWORD, seedDemo } from '@stockpot/db/seed';
import { addCartLine, buildOrderPayload, findOrderableItems } from '../features/checkout/checkout-test-fixtures';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { AUTH_SECRET } from '../test-support/test-app';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const GRILL = DEMO_IDS.locations.harborGrill;
export const HARBORLINE = DEMO_IDS.distributors.harborline;

/** What every crash suite's server runs with: no web build, quiet logs, a quick job poll, no cron. */
export function crashServerEnv(env: { DATA_DIR: string; DATABASE_URL?: string }): Record<string, string> {
  return {
    ...env,
    FILES_DIR: path.join(env.DATA_DIR, 'files'),
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    JOBS_POLL_SECONDS: '0.5',
    // The queue's own expiry, maintenance interval and retry delay (their defaults) decide how soon
    // a job the dead process held runs again: the pickup times the suites print are the real ones.
    READ_MODEL_REFRESH_CRON: 'off',
  };
}

/** Starts the server and says how long it took to answer /api/health (the restart time of a suite). */
export async function startTimed(env: Record<string, string>): Promise<{ server: ServerProcess; seconds: number }> {
  const started = Date.now();
  const server = await startServerProcess({ root: ROOT, env });
  return { server, seconds: (Date.now() - started) / 1000 };
}

/**
 * The embedded engine's data folder as `npm start` lays it out (DATA_DIR/pglite). A new one holds
 * the migrated demo data: loaded from the run's template when there is one, seeded otherwise.
 */
export async function openEmbeddedFolder(dataDir: string, { isNew = false } = {}): Promise<DatabaseHandle> {
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const template = isNew ? process.env.STOCKPOT_TEST_PGLITE_TEMPLATE : undefined;
  const handle = await openDatabase({ dataDir: folder, loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
  if (isNew && !template) {
    await handle.migrate();
    await seedDemo(handle.db);
  }
  return handle;
}

export async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD, company_id: '1', secret: AUTH_SECRET }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { authKey: string } }).data.authKey;
}

/** A JSON (or prepared multipart) request to the running server as the signed-in user. */
export function callApi(
  server: ServerProcess,
  token: string,
  method: string,
  route: string,
  body?: { json: unknown } | { payload: Buffer; headers: Record<string, string> },
  headers: Record<string, string> = {},
): Promise<Response> {
  const isJson = body && 'json' in body;
  return fetch(`${server.url}/api/v1/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(isJson ? { 'content-type': 'application/json' } : body ? body.headers : {}),
      ...headers,
    },
    body: isJson ? JSON.stringify(body.json) : body ? new Uint8Array(body.payload) : undefined,
  });
}

/**
 * Sends every request at once and kills the server (SIGKILL) once `answeredBeforeKill` of them have
 * answered, the rest still in flight. `send` answers whether its write was acknowledged; a request
 * cut off by the kill is not (the client does not know whether it landed).
 */
export async function loadUntilKilled(
  server: ServerProcess,
  sends: (() => Promise<boolean>)[],
  answeredBeforeKill: number,
): Promise<{ acknowledged: number; killedAt: Date }> {
  let answered = 0;
  let acknowledged = 0;
  let signalKill!: () => void;
  const killNow = new Promise<void>((resolve) => (signalKill = resolve));
  const inFlight = sends.map(async (send) => {
    try {
      if (await send()) acknowledged += 1;
    } catch {
      // Cut off by the kill.
    }
    answered += 1;
    if (answered >= answeredBeforeKill) signalKill();
  });
  await killNow;
  await server.kill();
  const killedAt = new Date();
  await Promise.all(inFlight);
  return { acknowledged, killedAt };
}

export interface OrderSubmission {
  key: string;
  payload: Record<string, unknown>;
  /** The order id of a 201/200 answer received before the kill. */
  acknowledged: number | null;
}

/** `count` orders of Harbor Grill from Harborline, two cart lines each, ready to submit with their own keys. */
export async function prepareOrders(db: Database, count: number): Promise<OrderSubmission[]> {
  const submissions: OrderSubmission[] = [];
  for (let n = 0; n < count; n += 1) {
    const lines: number[] = [];
    for (const item of await findOrderableItems(db, GRILL, HARBORLINE, 2, 0)) lines.push(await addCartLine(db, GRILL, item, 2));
    submissions.push({
      key: `crash-${n}-${randomBytes(4).toString('hex')}`,
      acknowledged: null,
      payload: await buildOrderPayload(db, GRILL, HARBORLINE, lines),
    });
  }
  return submissions;
}

export function submitOrder(server: ServerProcess, token: string, submission: OrderSubmission): Promise<Response> {
  return callApi(server, token, 'POST', 'orders', { json: submission.payload }, { 'idempotency-key': submission.key });
}

/** The load: every order submitted at once; an acknowledged one keeps its order id. */
export const orderSends = (server: ServerProcess, token: string, submissions: OrderSubmission[]) =>
  submissions.map((submission) => async () => {
    const response = await submitOrder(server, token, submission);
    if (response.status !== 201 && response.status !== 200) return false;
    submission.acknowledged = ((await response.json()) as { data: { id: number } }).data.id;
    return true;
  });

/** Every client retries with its key after the restart: the acknowledged ones must get their own order back. */
export async function retryOrders(server: ServerProcess, token: string, submissions: OrderSubmission[]): Promise<void> {
  for (const submission of submissions) {
    const response = await submitOrder(server, token, submission);
    const body = (await response.json()) as { data?: { id: number }; message?: string };
    if (submission.acknowledged !== null) {
      expect(response.status, submission.key).toBe(200);
      expect(body.data?.id).toBe(submission.acknowledged);
    } else {
      expect([200, 201], `${submission.key}: ${body.message}`).toContain(response.status);
    }
  }
}

/**
 * The orders of the submissions' keys: one per key, each with its two lines, acknowledged ones
 * with the id they were acknowledged with. Answers their ids.
 */
export async function expectEachOrderOnce(db: Database, submissions: OrderSubmission[]): Promise<number[]> {
  const orders = await queryRows<{ key: string; id: number; count: number; lines: number }>(
    db,
    sql`SELECT o.idempotency_key AS key, min(o.id)::int AS id, count(*)::int AS count,
               (SELECT count(*)::int FROM order_items i WHERE i.location_id = ${GRILL} AND i.order_id = min(o.id)) AS lines
        FROM orders o WHERE o.location_id = ${GRILL}
          AND o.idempotency_key IN (${sql.join(
            submissions.map((s) => sql`${s.key}`),
            sql`, `,
          )})
        GROUP BY o.idempotency_key`,
  );
  expect(orders.length, 'one order per submission').toBe(submissions.length);
  for (const order of orders) {
    expect(order.count, `${order.key}: orders`).toBe(1);
    expect(order.lines, `${order.key}: lines`).toBe(2);
    const acknowledged = submissions.find((s) => s.key === order.key)?.acknowledged;
    if (acknowledged != null) expect(order.id, `${order.key}: the acknowledged order`).toBe(acknowledged);
  }
  return orders.map((order) => order.id);
}
