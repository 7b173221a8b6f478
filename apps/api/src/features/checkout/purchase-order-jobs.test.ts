import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import {
  addCartLine,
  findDate,
  findOrderableItems,
  findPurchaseOrderJob,
  getReviewedTotal,
  waitForPurchaseOrderJob,
} from './checkout-test-fixtures';

/**
 * The purchase order job (issue 13 "Order submission"; issue 14 defect 3): enqueued in the order's
 * transaction, retried with back-off, marked failed when it gives up, and run by the next process
 * when the one that placed the order stopped before it could.
 */

const GRILL = DEMO_IDS.locations.harborGrill;
const HARBORLINE = DEMO_IDS.distributors.harborline;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function startApp(overrides: Partial<Config>): Promise<{ t: TestApp; filesDir: string }> {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-jobs-'));
  const t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5, ...overrides });
  cleanups.push(() => rmSync(filesDir, { recursive: true, force: true }));
  cleanups.push(() => t.close());
  return { t, filesDir };
}

async function placeOrder(app: FastifyInstance, db: TestApp['handle']['db'], key: string) {
  const token = await signInAs(app, 'owner@demo.test');
  const items = await findOrderableItems(db, GRILL, HARBORLINE, 2);
  const ids: number[] = [];
  for (const item of items) ids.push(await addCartLine(db, GRILL, item, 2));
  const payload = {
    payment_token: null,
    paymentType: 'terms',
    requestedDeliveryDate: findDate([1, 3, 5]),
    requestedDeliveryTime: '',
    distributorId: HARBORLINE,
    itemList: ids.map((id) => ({ shoppingCartId: id, quantity: 2 })),
    notes: '',
    productPrice: await getReviewedTotal(db, GRILL, ids),
    isSameDayDeliveryFee: 0,
    skipOrderMinimum: 0,
    timezone: 'America/New_York',
  };
  const send = (server: FastifyInstance = app) =>
    server.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...bearer(token), 'idempotency-key': key }, payload });
  return { token, send, response: await send() };
}

async function getOrder(app: FastifyInstance, token: string, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as { documentsStatus: string; poStatus: string | null; purchaseOrderUrl: string | null };
}

/** A local port with nothing listening: every SMTP connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// Each test builds its own app (own settings) and loads the demo data in it: slow on a busy machine.
const TEST_TIMEOUT = 180_000;

describe('purchase order job', () => {
  it(
    'answers the order before its documents exist, and a crash before the job ran still sends it on restart',
    async () => {
      // A process that serves but runs no jobs stands for one that dies right after the commit.
      const { t, filesDir } = await startApp({ JOBS_WORK: false });
      const { token, response, send } = await placeOrder(t.app, t.handle.db, 'restart-key');
      expect(response.statusCode).toBe(201);
      const order = response.json().data;
      expect(order).toMatchObject({ documentsStatus: 'pending', purchaseOrderUrl: null, purchaseOrderUrlExcel: null });
      // The job was written with the order, in its transaction.
      expect(await findPurchaseOrderJob(t.handle.db, order.id)).toMatchObject({ state: 'created' });
      const early = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/purchase-order.pdf`,
        headers: bearer(token),
      });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'documents_pending' });

      // The process goes away with the job still queued; a new one on the same database runs it.
      await t.app.close();
      const config = loadConfig(
        {},
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5 },
      );
      const restarted = await buildApp({ config, db: t.handle.db, databaseKind: t.handle.kind });
      cleanups.push(() => restarted.close());
      await restarted.ready();
      await waitForPurchaseOrderJob(t.handle.db, order.id);

      expect(await getOrder(restarted, token, order.id)).toMatchObject({
        documentsStatus: 'ready',
        poStatus: 'queued',
        purchaseOrderUrl: `/api/v1/orders/${order.id}/purchase-order.pdf`,
      });
      const pdf = readFileSync(path.join(filesDir, 'purchase-orders', String(GRILL), `PO-${order.id}.pdf`));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const outbox = await queryRows<{ status: string; to_address: string }>(
        t.handle.db,
        sql`SELECT status, to_address FROM outbox_messages WHERE order_id = ${order.id}`,
      );
      expect(outbox).toEqual([{ status: 'queued', to_address: 'dana.morales@harborline-foodservice.example' }]);

      // A retry of the submit after the restart answers the same order and queues nothing more.
      const replay = await send(restarted);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.id).toBe(order.id);
      const jobs = await queryRows<{ count: number }>(
        t.handle.db,
        sql`SELECT count(*)::int AS count FROM pgboss.job WHERE (data->>'orderId')::int = ${order.id}`,
      );
      expect(jobs[0].count).toBe(1);
    },
    TEST_TIMEOUT,
  );

  it(
    'retries a refused e-mail with back-off, then marks it failed where the order shows it',
    async () => {
      const port = await closedPort();
      const { t } = await startApp({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        JOBS_RETRY_LIMIT: 2,
        JOBS_RETRY_DELAY_SECONDS: 1,
      });
      const { token, response } = await placeOrder(t.app, t.handle.db, 'failing-key');
      expect(response.statusCode).toBe(201);
      const order = response.json().data;

      await waitForPurchaseOrderJob(t.handle.db, order.id, 'failed');
      // Tried three times: the first attempt and two retries.
      expect(await findPurchaseOrderJob(t.handle.db, order.id)).toMatchObject({ state: 'failed', retry_count: 2 });
      // The dead-letter handler records the failure; wait for it the same way.
      await expect
        .poll(async () => (await getOrder(t.app, token, order.id)).poStatus, { timeout: 30_000, interval: 50 })
        .toBe('failed');
      // The documents were made all the same; the e-mail is kept, failed, with the reason.
      expect(await getOrder(t.app, token, order.id)).toMatchObject({ documentsStatus: 'ready', poStatus: 'failed' });
      const outbox = await queryRows<{ status: string; error: string | null }>(
        t.handle.db,
        sql`SELECT status, error FROM outbox_messages WHERE order_id = ${order.id}`,
      );
      expect(outbox).toHaveLength(1);
      expect(outbox[0].status).toBe('failed');
      expect(outbox[0].error).toMatch(/ECONNREFUSED|connect/i);
    },
    TEST_TIMEOUT,
  );
});
