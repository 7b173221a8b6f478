import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  analyticsResponseSchema,
  orderHistoryRowSchema,
  orderSummarySchema,
  preRejectResultSchema,
  type OrderHistoryRow,
  type OrderSummary,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let owner: string;
let filesDir: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-order-totals-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner) });

async function getOrder(id: number): Promise<OrderSummary> {
  const response = await get(`/orders/${id}?expand=items`);
  expect(response.statusCode).toBe(200);
  return orderSummarySchema.parse(response.json().data);
}

/** Every order of the active location, through GET /orders page by page. */
async function listHistory(): Promise<OrderHistoryRow[]> {
  const rows: OrderHistoryRow[] = [];
  for (let page = 1; ; page += 1) {
    const response = await get(`/orders?limit=100&page=${page}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: unknown[]; _meta: { pageCount: number } };
    rows.push(...body.data.map((row) => orderHistoryRowSchema.parse(row)));
    if (page >= body._meta.pageCount) return rows;
  }
}

/** The history spreadsheet's Ordered, Credit and Total of every order, in cents, by order number. */
async function readHistorySheet(): Promise<Map<number, { ordered: number; credit: number; total: number }>> {
  const response = await get('/orders/order-history.xlsx');
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Order History')!;
  const headings = (sheet.getRow(1).values as unknown[]).map(String);
  const column = (name: string) => headings.indexOf(name);
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  const rows = new Map<number, { ordered: number; credit: number; total: number }>();
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    rows.set(Number(row.getCell(column('Order No')).value), {
      ordered: cents(row.getCell(column('Ordered')).value),
      credit: cents(row.getCell(column('Credit')).value),
      total: cents(row.getCell(column('Total')).value),
    });
  });
  return rows;
}

/** Analytics for one calendar day: total purchases and the total orders list's amounts by order. */
async function readAnalyticsDay(day: string): Promise<{ purchases: number; amounts: Map<number, number> }> {
  const range = `filter_type=CUSTOM&start_date=${day}&end_date=${day}`;
  const summary = await get(`/analytics?${range}`);
  expect(summary.statusCode).toBe(200);
  const detail = await get(`/analytics/detail?${range}&section=order&limit=100`);
  expect(detail.statusCode).toBe(200);
  const rows = detail.json().data as { order_id: number; tot_amount: number }[];
  return {
    purchases: analyticsResponseSchema.parse(summary.json().data).total_purchases.total,
    amounts: new Map(rows.map((row) => [row.order_id, row.tot_amount])),
  };
}

describe('one total per order (issue 32)', () => {
  it('shows the same ordered total, credit and total in history, the view, the spreadsheet and analytics after a reject', async () => {
    // A demo order on its way whose lines are all priced, with a line of two cases or more to reject one of.
    const [picked] = await queryRows<{ id: number; day: string }>(
      t.handle.db,
      sql`SELECT o.id, to_char(o.created_at AT TIME ZONE l.timezone, 'YYYY-MM-DD') AS day
          FROM orders o JOIN locations l ON l.id = o.location_id
          WHERE o.location_id = ${GRILL} AND o.status = 'submitted'
            AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id
                            AND (oi.is_market_price OR oi.is_special OR oi.price <= 0))
            AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.quantity >= 2)
          ORDER BY o.id LIMIT 1`,
    );
    expect(picked).toBeDefined();
    const before = await getOrder(picked.id);
    const analyticsBefore = await readAnalyticsDay(picked.day);
    const rejected = before.items.find((item) => item.quantity >= 2)!;
    const itemList = before.items.map((item) =>
      item.oi_id === rejected.oi_id
        ? { id: item.oi_id, status: 'rejected', qtyReduction: 1, rejectReason: 'Bad or damaged' }
        : { id: item.oi_id, status: 'accepted' },
    );

    const preReject = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/pre-reject/${picked.id}`,
      headers: bearer(owner),
      payload: { itemList },
    });
    expect(preReject.statusCode).toBe(200);
    const complete = preRejectResultSchema.parse(preReject.json().data);
    expect(complete.original_total_price).toBe(before.total);
    expect(complete.credit_refusal).toBe(rejected.price);
    expect(complete.new_total_price).toBe(before.total - rejected.price);

    const received = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${picked.id}`,
      headers: bearer(owner),
      payload: { customInvoiceId: 'INV-32', itemList },
    });
    expect(received.statusCode).toBe(200);

    const expected = {
      ordered: complete.original_total_price,
      credit: complete.credit_refusal,
      total: complete.new_total_price,
    };
    const row = (await listHistory()).find((order) => order.id === picked.id)!;
    expect({ ordered: row.orderedTotal, credit: row.credit, total: row.total }).toEqual(expected);
    const view = await getOrder(picked.id);
    expect({ ordered: view.orderedTotal, credit: view.creditRefusal, total: view.total }).toEqual(expected);
    expect((await readHistorySheet()).get(picked.id)).toEqual(expected);

    const analytics = await readAnalyticsDay(picked.day);
    expect(analytics.amounts.get(picked.id)).toBe(expected.total);
    // Total purchases counts what was paid: the day's figure fell by exactly the credit ...
    expect(analytics.purchases).toBe(analyticsBefore.purchases - expected.credit);
    // ... and it is the sum of the totals order history shows for the day's orders.
    const dayOrders = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT o.id FROM orders o JOIN locations l ON l.id = o.location_id
          WHERE o.location_id = ${GRILL} AND o.status <> 'cancelled'
            AND to_char(o.created_at AT TIME ZONE l.timezone, 'YYYY-MM-DD') = ${picked.day}`,
    );
    const historyTotals = await Promise.all(dayOrders.map(async ({ id }) => (await getOrder(id)).total));
    expect(analytics.purchases).toBe(historyTotals.reduce((sum, total) => sum + total, 0));
  });

  it("agrees across history, the spreadsheet and the analytics list for every demo order, the seed's credits among them", async () => {
    const [history, sheet] = await Promise.all([listHistory(), readHistorySheet()]);
    const credited = history.filter((row) => row.credit > 0);
    expect(credited.length).toBeGreaterThan(0);
    for (const row of history) {
      expect(row.total).toBe(row.orderedTotal - row.credit);
      expect(sheet.get(row.id)).toEqual({ ordered: row.orderedTotal, credit: row.credit, total: row.total });
    }
    const [sample] = credited;
    const [month, date, year] = sample.createTimeDisplay.split('/');
    const analytics = await readAnalyticsDay(`${year}-${month}-${date}`);
    expect(analytics.amounts.get(sample.id)).toBe(sample.total);
    for (const [orderId, amount] of analytics.amounts) {
      expect(amount).toBe(history.find((row) => row.id === orderId)!.total);
    }
  });
});
