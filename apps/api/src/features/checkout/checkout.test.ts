import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { orderHistoryRowSchema, orderSummarySchema, type OrderSummary } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import {
  addCartLine,
  addSpecialLine,
  countRows,
  findDate,
  findOrderableItems,
  getReviewedTotal,
  locationToday,
  waitForPurchaseOrderJob,
} from './checkout-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;
const EXPRESS = DEMO_IDS.locations.harborGrillExpress;
const D = DEMO_IDS.distributors;
/** Delivery weekdays of Harbor Grill's accounts (demo data). */
const WEEKDAYS: Record<number, number[]> = {
  [D.harborline]: [1, 3, 5],
  [D.northeastProvisions]: [2, 4],
  [D.coastalProduce]: [1, 2, 3, 4, 5, 6],
  [D.stockpotDirect]: [1, 2, 3, 4, 5],
};

let t: TestApp;
let token: string;
let filesDir: string;
const db = () => t.handle.db;
let keySequence = 0;
const newKey = () => `test-key-${Date.now()}-${(keySequence += 1)}`;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  token = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

interface Submit {
  distributorId: number;
  cartIds: number[];
  quantities?: number[];
  paymentType?: 'terms' | 'card';
  payment_token?: string;
  requestedDeliveryDate?: string;
  requestedDeliveryTime?: string;
  productPrice?: number;
  notes?: string;
  skipOrderMinimum?: 0 | 1;
  key?: string | null;
  authKey?: string;
}

async function payloadFor(s: Submit) {
  const quantities =
    s.quantities ??
    (
      await queryRows<{ id: number; quantity: number }>(
        db(),
        sql`SELECT id, quantity FROM cart_items WHERE id IN (${sql.join(
          s.cartIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    )
      .sort((a, b) => s.cartIds.indexOf(a.id) - s.cartIds.indexOf(b.id))
      .map((r) => r.quantity);
  return {
    payment_token: s.payment_token ?? null,
    paymentType: s.paymentType ?? 'terms',
    requestedDeliveryDate: s.requestedDeliveryDate ?? findDate(WEEKDAYS[s.distributorId] ?? [1, 2, 3, 4, 5]),
    distributorId: s.distributorId,
    itemList: JSON.stringify(s.cartIds.map((id, i) => ({ shoppingCartId: id, quantity: quantities[i] }))),
    isSameDayDeliveryFee: 0,
    notes: s.notes ?? 'Back door, please.',
    productPrice: s.productPrice ?? (await getReviewedTotal(db(), GRILL, s.cartIds)),
    requestedDeliveryTime: s.requestedDeliveryTime ?? '',
    skipOrderMinimum: s.skipOrderMinimum ?? 0,
    timezone: 'America/New_York',
  };
}

async function submit(s: Submit) {
  const headers: Record<string, string> = bearer(s.authKey ?? token);
  if (s.key !== null) headers['idempotency-key'] = s.key ?? newKey();
  return t.app.inject({ method: 'POST', url: '/api/v1/orders', headers, payload: await payloadFor(s) });
}

const cartIdsOf = async (locationId: number) =>
  (await queryRows<{ id: number }>(db(), sql`SELECT id FROM cart_items WHERE location_id = ${locationId} ORDER BY id`)).map(
    (r) => r.id,
  );
const orderCount = () => countRows(db(), sql`SELECT count(*)::int AS count FROM orders`);
const cartVersion = async () =>
  (
    await queryRows<{ v: string | null }>(
      db(),
      sql`SELECT (SELECT last_modified::text FROM carts WHERE location_id = ${GRILL}) AS v`,
    )
  )[0].v;

async function addLines(distributorId: number, count: number, quantity = 2, locationId: number = GRILL): Promise<number[]> {
  const ids: number[] = [];
  for (const item of await findOrderableItems(db(), locationId, distributorId, count))
    ids.push(await addCartLine(db(), locationId, item, quantity));
  return ids;
}

async function tokenizeCard(number: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    payload: { number, exp_month: 12, exp_year: 2034, cvc: '123', address_zip: '02110' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
}

async function saveCard(locationId: number, number: string): Promise<string> {
  const cardToken = await tokenizeCard(number);
  await db().execute(
    sql`INSERT INTO payment_methods (location_id, gateway, token, card_type, last4, exp_month, exp_year, address1, city, state, zip)
        VALUES (${locationId}, 'test', ${cardToken}, 'visa', ${number.slice(-4)}, 12, 2034, '140 Atlantic Avenue', 'Boston', 'MA', '02110')`,
  );
  return cardToken;
}

describe('POST /api/v1/orders', () => {
  it('places the order: lines copied, cart emptied of them, purchases recorded; its job files and mails the purchase order', async () => {
    const ordered = await addLines(D.harborline, 3, 2);
    const special = await addSpecialLine(db(), GRILL, D.harborline, 'Whole turbot, about 4 lb', 2);
    const [kept] = await addLines(D.harborline, 1, 5);
    const items = await queryRows<{ id: number; item_distributor_id: number }>(
      db(),
      sql`SELECT id, item_distributor_id FROM cart_items WHERE id IN (${ordered[0]}, ${ordered[1]}, ${ordered[2]})`,
    );
    const statsBefore = await queryRows<{ item_distributor_id: number; purchased_quantity: number }>(
      db(),
      sql`SELECT item_distributor_id, purchased_quantity FROM location_items
          WHERE location_id = ${GRILL} AND item_distributor_id IN (${sql.join(
            items.map((i) => sql`${i.item_distributor_id}`),
            sql`, `,
          )})`,
    );
    const versionBefore = await cartVersion();
    const expectedTotal = await getReviewedTotal(db(), GRILL, ordered);
    // What the review screen adds up from GET shopping-carts is what the order checks against.
    const cart = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(token) });
    const cartLines = cart.json().data.shoppingCart as {
      id: number;
      quantity: number;
      item: { price: number; isMarketPrice: boolean } | null;
    }[];
    const clientTotal = cartLines
      .filter((l) => ordered.includes(l.id) && l.item && !l.item.isMarketPrice)
      .reduce((sum, l) => sum + l.quantity * (l.item?.price ?? 0), 0);
    expect(clientTotal).toBe(expectedTotal);
    const deliveryDate = findDate(WEEKDAYS[D.harborline]);

    const response = await submit({
      distributorId: D.harborline,
      cartIds: [...ordered, special],
      requestedDeliveryDate: deliveryDate,
    });
    expect(response.statusCode).toBe(201);
    const order = orderSummarySchema.strict().parse(response.json().data);
    expect(order).toMatchObject({
      distributorId: D.harborline,
      distributor: 'Harborline Foodservice',
      lineItems: 4,
      itemCount: 8,
      totalItemsPrice: expectedTotal,
      subtotal: expectedTotal,
      total: expectedTotal,
      totalPrice: expectedTotal,
      requestedDeliveryDate: deliveryDate,
      requestedDeliveryTime: null,
      notes: 'Back door, please.',
      paymentType: 'terms',
      status: 'submitted',
      poStatus: 'queued',
      // The answer comes before the files: the job in the order's transaction makes them.
      documentsStatus: 'pending',
      purchaseOrderUrl: null,
      purchaseOrderUrlExcel: null,
    });
    expect(order.createTimeDisplay).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(order.items).toHaveLength(4);
    // Written in the order submitted (the lines' ids follow it), each with its offer, kind and quantity.
    const written = await queryRows<{ item_distributor_id: number | null; is_special: boolean; quantity: number }>(
      db(),
      sql`SELECT item_distributor_id, is_special, quantity FROM order_items WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(written.map((w) => [w.item_distributor_id, w.is_special, w.quantity])).toEqual([
      ...ordered.map((id) => [items.find((i) => i.id === id)?.item_distributor_id, false, 2]),
      [null, true, 2],
    ]);
    const specialItem = order.items.find((i) => i.isSpecial === 1);
    expect(specialItem).toMatchObject({
      item: 'Whole turbot, about 4 lb',
      quantity: 2,
      price: 0,
      lineItemTotal: 0,
      unit_measure: 'case',
    });
    expect(
      order.items.filter((i) => i.isSpecial === 0).every((i) => i.lineItemTotal === i.price * i.quantity && i.price > 0),
    ).toBe(true);

    // The ordered lines left the cart; the other line stayed; the cart's version moved on.
    expect(await cartIdsOf(GRILL)).toEqual([kept]);
    expect(await cartVersion()).not.toBe(versionBefore);
    const statsAfter = await queryRows<{
      item_distributor_id: number;
      purchased_quantity: number;
      last_purchased_qty: number;
      d: string;
    }>(
      db(),
      sql`SELECT item_distributor_id, purchased_quantity, last_purchased_qty, last_purchased_date::text AS d FROM location_items
          WHERE location_id = ${GRILL} AND item_distributor_id IN (${sql.join(
            items.map((i) => sql`${i.item_distributor_id}`),
            sql`, `,
          )})`,
    );
    for (const after of statsAfter) {
      const before = statsBefore.find((b) => b.item_distributor_id === after.item_distributor_id);
      expect(after.purchased_quantity).toBe((before?.purchased_quantity ?? 0) + 2);
      expect(after).toMatchObject({ last_purchased_qty: 2, d: locationToday() });
    }

    // After the job: the order shows its files, they are on disk, and the e-mail to the primary rep is in the outbox.
    await waitForPurchaseOrderJob(db(), order.id);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: bearer(token) });
    expect(after.json().data).toMatchObject({
      documentsStatus: 'ready',
      poStatus: 'queued',
      purchaseOrderUrl: `/api/v1/orders/${order.id}/purchase-order.pdf`,
      purchaseOrderUrlExcel: `/api/v1/orders/${order.id}/purchase-order.xlsx`,
    });
    const pdfPath = path.join(filesDir, 'purchase-orders', String(GRILL), `PO-${order.id}.pdf`);
    const xlsxPath = path.join(filesDir, 'purchase-orders', String(GRILL), `PO-${order.id}.xlsx`);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readFileSync(xlsxPath).subarray(0, 2).toString()).toBe('PK');
    const outbox = await queryRows<{ to_address: string; status: string; subject: string; attachments: string[]; body: string }>(
      db(),
      sql`SELECT to_address, status, subject, attachments, body FROM outbox_messages WHERE order_id = ${order.id}`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to_address: 'dana.morales@harborline-foodservice.example',
      status: 'queued',
      subject: `Purchase order ${order.id} from Harbor Grill`,
      attachments: [`purchase-orders/${GRILL}/PO-${order.id}.pdf`, `purchase-orders/${GRILL}/PO-${order.id}.xlsx`],
    });
    expect(outbox[0].body).toContain('Whole turbot, about 4 lb');
  });

  it('serves the purchase order files to the location only, and rebuilds a missing one', async () => {
    const [order] = await queryRows<{ id: number }>(db(), sql`SELECT max(id) AS id FROM orders WHERE location_id = ${GRILL}`);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/purchase-order.pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    rmSync(path.join(filesDir, 'purchase-orders', String(GRILL), `PO-${order.id}.xlsx`));
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/purchase-order.xlsx`,
      headers: bearer(token),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(existsSync(path.join(filesDir, 'purchase-orders', String(GRILL), `PO-${order.id}.xlsx`))).toBe(true);

    const chef = await signInAs(t.app, 'chef@demo.test');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: EXPRESS },
    });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/purchase-order.pdf`,
      headers: bearer(chef),
    });
    expect(foreign.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/purchase-order.pdf` });
    expect(none.statusCode).toBe(401);
  });

  it('requires an Idempotency-Key, and a retry with it answers the same order and does nothing else', async () => {
    const lines = await addLines(D.harborline, 2, 1);
    const missing = await submit({ distributorId: D.harborline, cartIds: lines, key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'An Idempotency-Key header is required to place an order.',
      code: 'idempotency_key_required',
    });

    const key = newKey();
    const payload = await payloadFor({ distributorId: D.harborline, cartIds: lines });
    const send = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: body,
      });
    const first = await send(payload);
    expect(first.statusCode).toBe(201);
    await waitForPurchaseOrderJob(db(), first.json().data.id);
    const ordersAfterFirst = await orderCount();
    const versionAfterFirst = await cartVersion();
    const retry = await send(payload);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await orderCount()).toBe(ordersAfterFirst);
    expect(await cartVersion()).toBe(versionAfterFirst);
    expect(
      await countRows(db(), sql`SELECT count(*)::int AS count FROM outbox_messages WHERE order_id = ${first.json().data.id}`),
    ).toBe(1);

    const reused = await send({ ...payload, notes: 'Something else' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');
  });

  it('creates one order from concurrent duplicate submits', async () => {
    const lines = await addLines(D.harborline, 2, 1);
    const key = newKey();
    const payload = await payloadFor({ distributorId: D.harborline, cartIds: lines });
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...bearer(token), 'idempotency-key': key }, payload }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    expect(await countRows(db(), sql`SELECT count(*)::int AS count FROM orders WHERE idempotency_key = ${key}`)).toBe(1);
    expect(
      await countRows(db(), sql`SELECT count(*)::int AS count FROM order_items WHERE order_id = ${responses[0].json().data.id}`),
    ).toBe(2);
  });

  it('writes everything or nothing when the transaction fails half-way', async () => {
    const lines = await addLines(D.harborline, 2, 1);
    await db().execute(sql`
      CREATE FUNCTION fail_order_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'order item refused for the test'; END $$`);
    await db().execute(
      sql`CREATE TRIGGER fail_order_item BEFORE INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION fail_order_item()`,
    );
    const ordersBefore = await orderCount();
    const versionBefore = await cartVersion();
    const stats = () =>
      queryRows<{ s: number }>(
        db(),
        sql`SELECT sum(purchased_quantity)::int AS s FROM location_items WHERE location_id = ${GRILL}`,
      );
    const statsBefore = await stats();
    try {
      const response = await submit({ distributorId: D.harborline, cartIds: lines });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER fail_order_item ON order_items`);
      await db().execute(sql`DROP FUNCTION fail_order_item()`);
    }
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartVersion()).toBe(versionBefore);
    expect(await stats()).toEqual(statsBefore);
    expect((await cartIdsOf(GRILL)).filter((id) => lines.includes(id))).toEqual(lines);

    // The same lines order fine once nothing stands in the way.
    expect((await submit({ distributorId: D.harborline, cartIds: lines })).statusCode).toBe(201);
  });

  it("refuses another location's cart line with 404 and an unknown line without writing anything", async () => {
    const [expressLine] = await addLines(D.harborline, 1, 1, EXPRESS);
    const [ours] = await addLines(D.harborline, 1, 1);
    const ordersBefore = await orderCount();
    const foreign = await submit({
      distributorId: D.harborline,
      cartIds: [ours, expressLine],
      quantities: [1, 1],
      productPrice: 0,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Cart item not found.');
    const unknown = await submit({
      distributorId: D.harborline,
      cartIds: [ours, 99_999_999],
      quantities: [1, 1],
      productPrice: 0,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartIdsOf(GRILL)).toContain(ours);
  });

  it('refuses a total that no longer matches the prices, and a quantity changed since the review', async () => {
    const lines = await cartIdsOf(GRILL);
    const total = await getReviewedTotal(db(), GRILL, lines);
    const changed = await submit({ distributorId: D.harborline, cartIds: lines, productPrice: total + 1 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('Prices have changed since you reviewed your cart. Please review your order again.');
    const quantity = await submit({ distributorId: D.harborline, cartIds: lines, quantities: lines.map(() => 7) });
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().code).toBe('cart_changed');
    const wrongDistributor = await submit({ distributorId: D.northeastProvisions, cartIds: lines });
    expect(wrongDistributor.statusCode).toBe(400);
    expect(wrongDistributor.json().message).toBe('Every item of an order must come from the chosen distributor.');
  });

  it('refuses a call-in item', async () => {
    const [callIn] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} AND d.is_unpurchasable AND NOT li.is_punched_out
            AND d.distributor_id IN (${D.harborline}, ${D.northeastProvisions}, ${D.coastalProduce})
          ORDER BY d.id LIMIT 1`,
    );
    const [distributor] = await queryRows<{ distributor_id: number }>(
      db(),
      sql`SELECT distributor_id FROM item_distributors WHERE id = ${callIn.id}`,
    );
    const line = await addCartLine(db(), GRILL, callIn.id, 1);
    const response = await submit({ distributorId: distributor.distributor_id, cartIds: [line] });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('item_not_orderable');
    expect(response.json().message).toMatch(/is a call-in item/);
    await db().execute(sql`DELETE FROM cart_items WHERE id = ${line}`);
  });

  it('refuses an order under a required minimum with the exact text', async () => {
    const [line] = await addLines(D.northeastProvisions, 1, 1);
    const response = await submit({ distributorId: D.northeastProvisions, cartIds: [line], skipOrderMinimum: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Minimum price required for placing order is $250.00 !',
      code: 'below_minimum_order',
    });
  });

  it('checks the delivery date and time', async () => {
    const [line] = await addLines(D.stockpotDirect, 1, 1);
    const base = { distributorId: D.stockpotDirect, cartIds: [line] };
    const message = async (s: Partial<Submit>) => (await submit({ ...base, ...s })).json().message as string;
    const [missing] = await Promise.all([message({ requestedDeliveryDate: '' })]);
    expect(missing).toBe('Please choose a delivery date.');
    expect(await message({ requestedDeliveryDate: '2020-01-06' })).toBe('The delivery date cannot be in the past.');
    const saturday = findDate([6]);
    expect(await message({ requestedDeliveryDate: saturday })).toBe(
      `Stockpot Direct does not deliver on ${saturday.slice(5, 7)}/${saturday.slice(8, 10)}/${saturday.slice(0, 4)}. Please choose another delivery date.`,
    );
    // Stockpot delivers itself: a later date needs a time, and only one of the date's slots.
    const weekday = findDate(WEEKDAYS[D.stockpotDirect]);
    expect(await message({ requestedDeliveryDate: weekday })).toBe('Please choose a delivery time.');
    expect(await message({ requestedDeliveryDate: weekday, requestedDeliveryTime: '9am-1pm' })).toBe(
      'Please choose one of the delivery times offered for that date.',
    );
    const placed = await submit({ ...base, requestedDeliveryDate: weekday, requestedDeliveryTime: '11am-2pm' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ requestedDeliveryDate: weekday, requestedDeliveryTime: '11am-2pm' });
    // The outbox goes to Stockpot Direct's primary rep, once the order's job has run.
    await waitForPurchaseOrderJob(db(), placed.json().data.id);
    const [mail] = await queryRows<{ to_address: string }>(
      db(),
      sql`SELECT to_address FROM outbox_messages WHERE order_id = ${placed.json().data.id}`,
    );
    expect(mail.to_address).toBe('direct-orders@stockpot.example');
  });

  it('refuses a distributor the location does not buy from', async () => {
    const [line] = await addLines(D.harborline, 1, 1);
    const response = await submit({ distributorId: 999, cartIds: [line] });
    // A foreign id answers 404, as everywhere (issue 14 defect 12).
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Distributor not found.', code: 'not_found' });
    await db().execute(sql`DELETE FROM cart_items WHERE id = ${line}`);
  });
});

describe('card payment', () => {
  it('a declined card leaves everything as it was and answers the decline', async () => {
    const declined = await saveCard(GRILL, '4000000000000002');
    const lines = await addLines(D.harborline, 2, 1);
    const ordersBefore = await orderCount();
    const versionBefore = await cartVersion();
    const response = await submit({ distributorId: D.harborline, cartIds: lines, paymentType: 'card', payment_token: declined });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartVersion()).toBe(versionBefore);
    expect((await cartIdsOf(GRILL)).filter((id) => lines.includes(id))).toEqual(lines);
  });

  it('an approved card places the order with its authorization', async () => {
    const card = await saveCard(GRILL, '4242424242424242');
    const lines = (await cartIdsOf(GRILL)).slice(-2);
    const response = await submit({ distributorId: D.harborline, cartIds: lines, paymentType: 'card', payment_token: card });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.paymentType).toBe('card');
    const [row] = await queryRows<{ payment_authorization_id: string; payment_token: string }>(
      db(),
      sql`SELECT payment_authorization_id, payment_token FROM orders WHERE id = ${response.json().data.id}`,
    );
    expect(row.payment_authorization_id).toMatch(/^auth_test_/);
    expect(row.payment_token).toBe(card);
  });

  it("refuses another location's card with 404, and cards where the distributor takes none", async () => {
    const expressCard = await saveCard(EXPRESS, '4242424242424242');
    const lines = await addLines(D.harborline, 1, 1);
    const foreign = await submit({
      distributorId: D.harborline,
      cartIds: lines,
      paymentType: 'card',
      payment_token: expressCard,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Card not found.');

    const card = await saveCard(GRILL, '4242424242424242');
    const produce = await addLines(D.coastalProduce, 1, 1);
    const noCards = await submit({ distributorId: D.coastalProduce, cartIds: produce, paymentType: 'card', payment_token: card });
    expect(noCards.statusCode).toBe(400);
    expect(noCards.json().message).toBe('This distributor does not accept card payments for this order.');
    const noToken = await submit({ distributorId: D.harborline, cartIds: lines, paymentType: 'card' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe('Please choose a card to pay with.');
  });
});

describe('swaps in an order', () => {
  it('ties the accepted swap to the order with the quantity ordered and counts its savings', async () => {
    const candidates = await findOrderableItems(db(), GRILL, D.harborline, 40, 200);
    for (const item of candidates) await addCartLine(db(), GRILL, item, 3);
    const lines = (
      await t.app.inject({ method: 'GET', url: '/api/v1/items/shopping-cart-matches', headers: bearer(token) })
    ).json().data as {
      itemDistributorId: number;
      matches: { itemDistributorId: number; distributorId: number; savings: number; matchType: string }[];
    }[];
    const line = lines.find((l) => l.matches.some((m) => m.distributorId === D.harborline && m.savings > 0));
    if (!line) throw new Error('no Harborline savings match in the demo cart');
    const match = line.matches.find((m) => m.distributorId === D.harborline && m.savings > 0)!;
    const swapped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/items/swap',
      headers: bearer(token),
      payload: {
        swaps: [
          {
            old_item_dist_id: line.itemDistributorId,
            new_item_dist_id: match.itemDistributorId,
            type: 'swap',
            reason_name: 'Savings',
          },
        ],
      },
    });
    expect(swapped.statusCode).toBe(200);
    const { shoppingCartId, quantity, swapId } = swapped.json().data.swaps[0];
    const response = await submit({ distributorId: D.harborline, cartIds: [shoppingCartId] });
    expect(response.statusCode).toBe(201);
    const order = response.json().data as OrderSummary;
    expect(order.totalSavings).toBeGreaterThan(0);
    const [row] = await queryRows<{ order_id: number; quantity: number }>(
      db(),
      sql`SELECT order_id, quantity FROM item_swaps WHERE id = ${swapId}`,
    );
    expect(row).toEqual({ order_id: order.id, quantity });
    await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
  });
});

describe('Harbor Catering', () => {
  it('cannot place orders', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(token),
      payload: { id: DEMO_IDS.users.owner, active_location_id: DEMO_IDS.locations.harborCatering },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': newKey() },
        payload: {
          paymentType: 'terms',
          requestedDeliveryDate: findDate([1, 4]),
          distributorId: D.northeastProvisions,
          itemList: JSON.stringify([{ itemDistributorId: 1, quantity: 1 }]),
          productPrice: 0,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'This location cannot place orders.', code: 'cannot_place_order' });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${DEMO_IDS.users.owner}`,
        headers: bearer(token),
        payload: { id: DEMO_IDS.users.owner, active_location_id: GRILL },
      });
    }
  });
});

describe('GET /api/v1/orders', () => {
  it("pages the location's orders, newest first, 24 by default", async () => {
    const total = await countRows(db(), sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${GRILL}`);
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body._meta).toEqual({ pageCount: Math.max(1, Math.ceil(total / 24)), currentPage: 1, totalCount: total });
    const rows = body.data.map((r: unknown) => orderHistoryRowSchema.strict().parse(r));
    expect(rows.length).toBe(Math.min(24, total));
    const [newest] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM orders WHERE location_id = ${GRILL} ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ id: newest.id, distributor: expect.any(String), poStatus: 'queued', status: 'submitted' });
    expect(rows[0].createTimeDisplay).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const times = rows.map((r: { createTime: string }) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);

    const page2 = await t.app.inject({ method: 'GET', url: '/api/v1/orders?page=2&limit=2', headers: bearer(token) });
    expect(page2.json()._meta).toMatchObject({ currentPage: 2, pageCount: Math.ceil(total / 2) });
    const page1 = await t.app.inject({ method: 'GET', url: '/api/v1/orders?page=1&limit=2', headers: bearer(token) });
    const ids = [...page1.json().data, ...page2.json().data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders?limit=0', headers: bearer(token) })).statusCode).toBe(400);
  });

  it('answers one order with its items, and 404 for another location', async () => {
    const [newest] = await queryRows<{ id: number }>(db(), sql`SELECT max(id) AS id FROM orders WHERE location_id = ${GRILL}`);
    const plain = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${newest.id}`, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.items).toEqual([]);
    const expanded = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${newest.id}?expand=items`,
      headers: bearer(token),
    });
    const order = orderSummarySchema.strict().parse(expanded.json().data);
    expect(order.items.length).toBe(order.lineItems);

    const chef = await signInAs(t.app, 'chef@demo.test'); // active at Harbor Grill Express since an earlier test
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${newest.id}?expand=items`, headers: bearer(chef) });
    expect(foreign.statusCode).toBe(404);
  });
});

/** The text a pdfkit document draws: its content streams inflated, the strings of each TJ array joined. */
function readPdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push(
        [...array[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''),
      );
    }
  }
  return texts.join('\n');
}

describe('a special request with a DIN and a pack size', () => {
  it('keeps both on the order line, the purchase order PDF and Excel, and the e-mail', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      headers: bearer(token),
      payload: {
        lastModified: null,
        itemList: [
          {
            quantity: 2,
            specialItem: {
              distributorId: D.harborline,
              din: 'HFS-778812',
              packSize: '4/5 LB',
              uom: 'case',
              description: 'Dry-aged ribeye, bone in',
            },
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const line = (saved.json().data.shoppingCart as { id: number; specialItem: { description: string } | null }[]).find(
      (l) => l.specialItem?.description === 'Dry-aged ribeye, bone in',
    )!;
    const [regular] = await addLines(D.harborline, 1, 1);

    const response = await submit({ distributorId: D.harborline, cartIds: [regular, line.id] });
    expect(response.statusCode).toBe(201);
    const order = orderSummarySchema.parse(response.json().data);
    expect(order.items.find((i) => i.isSpecial === 1)).toMatchObject({
      item: 'Dry-aged ribeye, bone in',
      din: 'HFS-778812',
      packSize: '4/5 LB',
    });
    const [stored] = await queryRows<{ din: string; pack_size: string }>(
      db(),
      sql`SELECT din, pack_size FROM order_items WHERE order_id = ${order.id} AND is_special`,
    );
    expect(stored).toEqual({ din: 'HFS-778812', pack_size: '4/5 LB' });

    // The e-mail and the files are the order's job's work: wait for it.
    await waitForPurchaseOrderJob(db(), order.id);
    const [mail] = await queryRows<{ body: string }>(db(), sql`SELECT body FROM outbox_messages WHERE order_id = ${order.id}`);
    expect(mail.body).toContain('#HFS-778812 Dry-aged ribeye, bone in (4/5 LB)');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/purchase-order.xlsx`,
      headers: bearer(token),
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const specialRow = rows.find((r) => String(r[1]).startsWith('Dry-aged ribeye, bone in'));
    expect(specialRow?.[0]).toBe('HFS-778812');
    expect(specialRow?.[3]).toBe('4/5 LB');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/purchase-order.pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    const text = readPdfText(pdf.rawPayload);
    expect(text).toContain('Dry-aged ribeye');
    expect(text).toContain('HFS-778812');
    expect(text).toContain('4/5 LB');
  });
});
