import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import type { InvoiceBatch } from '@stockpot/domain';
import { multipartForm } from '../../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { buildOneLineOrder, invoiceOf, x12Of } from './invoice-test-fixtures';

/** Several hundred invoices at once (issue 36): a batch of files, each imported by its own job, with progress. */

const GRILL = DEMO_IDS.locations.harborGrill;
const CATERING = DEMO_IDS.locations.harborCatering;
let t: TestApp;
let owner: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: 0.5 });
  owner = await signInAs(t.app, 'owner@demo.test');
}, 120_000);
afterAll(() => t.close());

/** A submitted order of two cases and its 810 (PO number = the order id). */
async function orderAndEdi(number: string): Promise<{ orderId: number; edi: string }> {
  const { offer, order } = await buildOneLineOrder(db(), { quantity: 2, price: '12.50' });
  return { orderId: order.id, edi: x12Of(invoiceOf(number, `PO-${order.id}`, [[offer.din, null, '2', 125000]])) };
}

async function openBatch(body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1/invoices/import-batches', headers: bearer(owner), payload: body });
}

async function addFile(batchId: number, name: string, content: string | Buffer) {
  const form = multipartForm({}, { name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/invoices/import-batches/${batchId}/files`,
    headers: { ...bearer(owner), ...form.headers },
    payload: form.payload,
  });
}

async function progress(batchId: number) {
  return t.app.inject({ method: 'GET', url: `/api/v1/invoices/import-batches/${batchId}`, headers: bearer(owner) });
}

async function waitUntilDone(batchId: number): Promise<InvoiceBatch> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const batch = (await progress(batchId)).json().data as InvoiceBatch;
    if (batch.isDone) return batch;
    if (Date.now() > deadline) throw new Error(`the batch did not finish: ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('invoice batches (issue 36)', () => {
  it('imports each file in its own job: progress, an outcome per file, a repeat already imported, a bad file failed', async () => {
    const scenes = await Promise.all(['BAT-1', 'BAT-2', 'BAT-3'].map((number) => orderAndEdi(`${number}-${Date.now()}`)));
    const opened = await openBatch();
    expect(opened.statusCode, opened.body).toBe(201);
    const batchId = (opened.json().data as InvoiceBatch).id;

    for (const [index, scene] of scenes.entries()) {
      const added = await addFile(batchId, `invoice-${index}.edi`, scene.edi);
      expect(added.statusCode, added.body).toBe(202);
      expect(added.json().data).toMatchObject({ fileName: `invoice-${index}.edi`, status: 'queued' });
    }
    expect((await addFile(batchId, 'again.edi', scenes[0]!.edi)).statusCode).toBe(202);
    const noOrder = scenes[1]!.edi
      .replace(`PO-${scenes[1]!.orderId}`, 'PO-2000000000')
      .replace(/BIG\*(\d+)\*([^*]+)/, 'BIG*$1*NOPE-$2');
    expect((await addFile(batchId, 'no-order.edi', noOrder)).statusCode).toBe(202);

    const batch = await waitUntilDone(batchId);
    expect(batch).toMatchObject({ total: 5, queued: 0, imported: 3, alreadyImported: 1, failed: 1, isDone: true });
    expect(batch.files[0]).toMatchObject({ fileName: 'no-order.edi', status: 'failed' });
    expect(batch.files[0]!.error).toContain('matches no order');
    expect(batch.files.find((f) => f.fileName === 'invoice-2.edi')).toMatchObject({
      status: 'imported',
      orderId: scenes[2]!.orderId,
      matchedLines: 1,
      unmatchedLines: 0,
    });
    // One transaction per invoice: each order received once, and the bytes dropped once run.
    const rows = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM invoices WHERE location_id = ${GRILL} AND order_id = ANY(${`{${scenes.map((s) => s.orderId).join(',')}}`}::int[])`,
    );
    expect(rows[0]!.count).toBe(3);
    const kept = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM invoice_import_files WHERE batch_id = ${batchId} AND content IS NOT NULL`,
    );
    expect(kept[0]!.count).toBe(0);
  }, 90_000);

  it('refuses what is not an invoice file and a distributor the location does not buy from', async () => {
    const batchId = ((await openBatch()).json().data as InvoiceBatch).id;
    const binary = await addFile(batchId, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    expect(binary.statusCode).toBeGreaterThanOrEqual(400);
    expect(binary.statusCode).toBeLessThan(500);
    expect(binary.json().message).toContain('not an invoice');
    expect((await openBatch({ distributorId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await openBatch({ distributorId: 'seven' })).statusCode).toBe(400);
  });

  it("answers 404 for another location's batch", async () => {
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO invoice_import_batches (location_id) VALUES (${CATERING}) RETURNING id`,
    );
    expect((await progress(row!.id)).statusCode).toBe(404);
    expect((await addFile(row!.id, 'x.csv', 'a,b\n1,2\n')).statusCode).toBe(404);
  });
});
