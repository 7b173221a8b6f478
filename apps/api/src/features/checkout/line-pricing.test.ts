/**
 * Catch weight and market price through the cart, checkout, the order, its purchase order and
 * receiving (issue 32), on the real database with offers built by the factories.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildCart, buildDistributor, buildOffer, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  cartSchema,
  getOrderTotals,
  orderSummarySchema,
  toOrderLineForTotals,
  type CartLine,
  type OrderSummary,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { findDate, waitForPurchaseOrderJob } from './checkout-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;

let t: TestApp;
let token: string;
let filesDir: string;
const db = () => t.handle.db;
let keys = 0;

/** $15.32 a pound, about 31.5 lb a case. */
const catchWeight = (averageWeight: string | null) => ({
  isCatchWeight: true,
  unitMeasure: 'LB',
  packSize: '2/15 LB',
  unitQuantity: 2,
  unitSize: '15',
  packSizeUom: 'LB',
  price: '15.32',
  unitPrice: '15.3200',
  averageWeight,
});

let distributorId: number;
let ribeye: BuiltOffer;
let brisket: BuiltOffer;
let oysters: BuiltOffer;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  token = await signInAs(t.app, 'owner@demo.test');
  const distributor = await buildDistributor(db(), {
    locationId: GRILL,
    link: { minOrderAmount: '200.00', isMinOrderAmountRequired: true, deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7] },
  });
  distributorId = distributor.id;
  ribeye = await buildOffer(db(), {
    locationId: GRILL,
    distributorId,
    item: { name: 'Ribeye Lip-On' },
    offer: catchWeight('31.5'),
  });
  brisket = await buildOffer(db(), {
    locationId: GRILL,
    distributorId,
    item: { name: 'Brisket Packer' },
    offer: catchWeight(null),
  });
  oysters = await buildOffer(db(), {
    locationId: GRILL,
    distributorId,
    item: { name: 'Oysters Blue Point' },
    offer: { isMarketPrice: true, price: '226.79' },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function getCartLines(): Promise<CartLine[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return cartSchema.parse(response.json().data).shoppingCart.filter((line) => line.item?.distributorId === distributorId);
}

/** The review screen's totals of the distributor's lines, by the domain rule the web uses. */
const reviewTotals = (lines: CartLine[]) => getOrderTotals(lines.map(toOrderLineForTotals));

function submit(lines: CartLine[], productPrice: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...bearer(token), 'idempotency-key': `line-pricing-${Date.now()}-${(keys += 1)}` },
    payload: {
      payment_token: null,
      paymentType: 'terms',
      requestedDeliveryDate: findDate([1, 2, 3, 4, 5, 6, 7]),
      distributorId,
      itemList: JSON.stringify(lines.map((line) => ({ shoppingCartId: line.id, quantity: line.quantity }))),
      isSameDayDeliveryFee: 0,
      notes: '',
      productPrice,
      requestedDeliveryTime: '',
      skipOrderMinimum: 0,
      timezone: 'America/New_York',
    },
  });
}

async function getOrder(id: number): Promise<OrderSummary> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}?expand=items`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return orderSummarySchema.parse(response.json().data);
}

describe('catch weight and market price from the cart to receiving', () => {
  it('refuses an order whose only catch-weight line has no average weight: the minimum cannot count it', async () => {
    await buildCart(db(), { locationId: GRILL, lines: [{ itemDistributorId: brisket.id, quantity: 2 }] });
    const lines = await getCartLines();
    expect(lines[0].item).toMatchObject({ isCatchWeight: true, unitMeasure: 'LB', averageWeight: null, price: 1532 });
    expect(reviewTotals(lines)).toMatchObject({ subtotal: 0, uncountedIndexes: [0] });
    const response = await submit(lines, 0);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'below_minimum_order',
      message: 'Minimum price required for placing order is $200.00 !',
    });
    await db().execute(sql`DELETE FROM cart_items WHERE id = ${lines[0].id}`);
  });

  it('totals the catch-weight estimate, leaves the market price unknown, and settles both at receiving', async () => {
    await buildCart(db(), {
      locationId: GRILL,
      lines: [
        { itemDistributorId: ribeye.id, quantity: 1 },
        { itemDistributorId: oysters.id, quantity: 3 },
      ],
    });
    const lines = await getCartLines();
    expect(lines.map((l) => l.item?.averageWeight)).toEqual(['31.5000', null]);
    // 31.5 lb × $15.32 = $482.58, over the $200.00 minimum; the oysters are unknown, not $680.37 nor $0.
    expect(reviewTotals(lines)).toMatchObject({ subtotal: 48_258, isEstimate: true, marketPriceLines: 1 });

    // The old reading (a pound's price as the case's) is refused: the server totals by the same rule.
    expect((await submit(lines, 1532)).json()).toMatchObject({ code: 'prices_changed' });
    const placed = await submit(lines, 48_258);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.id as number;

    const order = await getOrder(orderId);
    expect(order.total).toBe(48_258);
    const [ribeyeLine, oysterLine] = order.items;
    expect(ribeyeLine).toMatchObject({ isCatchWeight: 1, averageWeight: '31.5000', receivedWeight: null, lineItemTotal: 48_258 });
    expect(oysterLine).toMatchObject({ isMarketPrice: 1, price: 0, lineItemTotal: 0 });

    // The purchase order says so too.
    await waitForPurchaseOrderJob(db(), orderId);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/purchase-order.xlsx`,
      headers: bearer(token),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const rowOf = (name: string) => rows.find((row) => row[1] === name);
    expect(rowOf('Ribeye Lip-On')?.slice(4)).toEqual([1, 'LB', 15.32, '≈ $482.58, about 31.5 lb']);
    expect(rowOf('Oysters Blue Point')?.slice(4)).toEqual([3, 'CS', 'Market price', 'Market price']);

    // Receiving: Order Checked wants the oysters' price; the ribeye arrives at 30.85 lb.
    const itemList = order.items.map((item) => ({ id: item.oi_id, status: 'accepted', qtyReduction: 0 }));
    const unpriced = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${orderId}`,
      headers: bearer(token),
      payload: { itemList },
    });
    expect(unpriced.json()).toMatchObject({ code: 'missing_prices' });
    const badWeight = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${orderId}`,
      headers: bearer(token),
      payload: { itemList, items: [{ order_item_id: ribeyeLine.oi_id, received_weight: '0' }] },
    });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json().message).toContain('Enter the weight received in pounds, like 30.85.');

    const received = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${orderId}`,
      headers: bearer(token),
      payload: {
        itemList,
        items: [
          { order_item_id: ribeyeLine.oi_id, received_weight: '30.85' },
          { order_item_id: oysterLine.oi_id, merchant_price: 21_450 },
        ],
      },
    });
    expect(received.statusCode).toBe(200);
    const settled = await getOrder(orderId);
    // 30.85 lb × $15.32 = $472.622 → $472.62; 3 × $214.50 = $643.50; exact now.
    expect(settled.items.map((item) => item.lineItemTotal)).toEqual([47_262, 64_350]);
    expect(settled.total).toBe(47_262 + 64_350);
  });

  it('credits a rejected catch-weight case at its estimate, and settles at the weight of the cases kept', async () => {
    await buildCart(db(), { locationId: GRILL, lines: [{ itemDistributorId: ribeye.id, quantity: 3 }] });
    const lines = await getCartLines();
    // 3 cases × 31.5 lb = 94.5 lb × $15.32 = $1,447.74
    const placed = await submit(lines, 144_774);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.id as number;
    const [line] = (await getOrder(orderId)).items;
    const itemList = [{ id: line.oi_id, status: 'rejected', qtyReduction: 1, rejectReason: 'Bad or damaged' }];

    // One case goes back unweighed: its credit is one case's estimate, 31.5 lb × $15.32 = $482.58 (not $15.32).
    const preRejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/pre-reject/${orderId}`,
      headers: bearer(token),
      payload: { itemList },
    });
    expect(preRejected.statusCode).toBe(200);
    expect(preRejected.json().data).toMatchObject({
      original_total_price: 144_774,
      credit_refusal: 48_258,
      new_total_price: 144_774 - 48_258,
    });

    // The two cases kept weigh 60.2 lb: order-complete, history and the order all say $922.26, no credit on top.
    const weighed = { itemList, items: [{ order_item_id: line.oi_id, received_weight: '60.2' }] };
    const preWeighed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/pre-reject/${orderId}`,
      headers: bearer(token),
      payload: weighed,
    });
    // 60.2 lb × $15.32 = $922.264 → $922.26
    expect(preWeighed.json().data).toMatchObject({ original_total_price: 92_226, credit_refusal: 0, new_total_price: 92_226 });
    const received = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${orderId}`,
      headers: bearer(token),
      payload: weighed,
    });
    expect(received.statusCode).toBe(200);
    const settled = await getOrder(orderId);
    expect(settled).toMatchObject({ total: 92_226, orderedTotal: 92_226, creditRefusal: 0 });
    expect(settled.items[0].lineItemTotal).toBe(92_226);
  });
});
