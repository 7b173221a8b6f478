import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { orderSummarySchema, pickOrderDownload } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let owner: string;
let filesDir: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-po-downloads-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function activate(locationId: number): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${DEMO_IDS.users.owner}`,
    headers: bearer(owner),
    payload: { id: DEMO_IDS.users.owner, active_location_id: locationId },
  });
  expect(response.statusCode).toBe(200);
}

/** Whether a body is the file its type says: a PDF, or an Excel workbook with the order's number in it. */
async function expectValidFile(body: Buffer, kind: 'pdf' | 'xlsx', orderId: number): Promise<void> {
  if (kind === 'pdf') {
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.subarray(-8).toString('latin1')).toContain('%%EOF');
    return;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  expect(workbook.getWorksheet('Purchase Order')?.getRow(1).getCell(2).value).toBe(String(orderId));
}

describe('downloads of past orders (issue 32)', () => {
  it("offers and serves a purchase order for every past order of each of the demo owner's locations", async () => {
    const locations = await queryRows<{ location_id: number }>(
      t.handle.db,
      sql`SELECT location_id FROM user_locations WHERE user_id = ${DEMO_IDS.users.owner} ORDER BY location_id`,
    );
    expect(locations.length).toBe(3);
    let checked = 0;
    for (const { location_id: locationId } of locations) {
      await activate(locationId);
      const orders = await queryRows<{ id: number }>(
        t.handle.db,
        sql`SELECT id FROM orders WHERE location_id = ${locationId} ORDER BY id`,
      );
      for (const { id } of orders) {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: bearer(owner) });
        expect(response.statusCode).toBe(200);
        const order = orderSummarySchema.parse(response.json().data);
        // The view's Download: the purchase order PDF, else its spreadsheet (doc 3 §4 "Order download").
        const target = pickOrderDownload({ ...order, invoiceUrl: null });
        expect(target, `order ${id} offers no purchase order`).not.toBeNull();
        const kind = target!.kind === 'xlsx' ? 'xlsx' : 'pdf';
        const file = await t.app.inject({ method: 'GET', url: target!.url, headers: bearer(owner) });
        expect(file.statusCode, `order ${id}: ${file.body.slice(0, 200)}`).toBe(200);
        expect(file.headers['content-type']).toContain(kind === 'pdf' ? 'application/pdf' : 'spreadsheetml');
        await expectValidFile(file.rawPayload, kind, id);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  }, 600_000);

  it('rebuilds a missing file from the order, in the other format too', async () => {
    const [order] = await queryRows<{ id: number; location_id: number }>(
      t.handle.db,
      sql`SELECT id, location_id FROM orders WHERE location_id = ${DEMO_IDS.locations.harborGrill} ORDER BY id DESC LIMIT 1`,
    );
    await activate(order.location_id);
    const xlsxPath = path.join(filesDir, 'purchase-orders', String(order.location_id), `PO-${order.id}.xlsx`);
    rmSync(xlsxPath, { force: true });
    const summary = orderSummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: bearer(owner) })).json().data,
    );
    expect(summary.purchaseOrderUrlExcel).toBe(`/api/v1/orders/${order.id}/purchase-order.xlsx`);
    const file = await t.app.inject({ method: 'GET', url: summary.purchaseOrderUrlExcel!, headers: bearer(owner) });
    expect(file.statusCode).toBe(200);
    await expectValidFile(file.rawPayload, 'xlsx', order.id);
    expect(existsSync(xlsxPath)).toBe(true);
  });
});
