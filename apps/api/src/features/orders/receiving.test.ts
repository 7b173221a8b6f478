import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { INVOICE_FILE_MAX_BYTES, orderSummarySchema, preRejectResultSchema, type OrderSummary } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const GRILL = DEMO_IDS.locations.harborGrill;
const CATERING = DEMO_IDS.locations.harborCatering;

let t: TestApp;
let owner: string;
let chef: string;
let filesDir: string;
const db = () => t.handle.db;

/**
 * A fresh submitted order of a location (its first distributor), with three priced lines copied
 * from its catalogue: quantities 3, 2 and 4. `skip` is kept for readability of the call sites.
 */
async function findOpenOrder(locationId: number, _skip = 0): Promise<number> {
  const [order] = await queryRows<{ id: number }>(
    db(),
    sql`INSERT INTO orders (location_id, distributor_id, status, requested_delivery_date, line_items, subtotal, total)
        SELECT ${locationId}, o.distributor_id, 'submitted', current_date + 2, 3, 0, 0
        FROM orders o WHERE o.location_id = ${locationId} ORDER BY o.id LIMIT 1
        RETURNING id`,
  );
  await db().execute(
    sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, description, din, brand, pack_size, unit_measure, quantity, price)
        SELECT ${order.id}, ${locationId}, oi.item_distributor_id, oi.description, oi.din, oi.brand, oi.pack_size, oi.unit_measure,
               (ARRAY[3, 2, 4])[row_number() OVER (ORDER BY oi.id)], 10 + row_number() OVER (ORDER BY oi.id)
        FROM (SELECT DISTINCT ON (oi.item_distributor_id) oi.* FROM order_items oi
              WHERE oi.location_id = ${locationId} AND oi.price > 0 AND oi.item_distributor_id IS NOT NULL
              ORDER BY oi.item_distributor_id, oi.id LIMIT 3) oi`,
  );
  await db().execute(
    sql`UPDATE orders SET subtotal = t.s, total = t.s
        FROM (SELECT sum(price * quantity) AS s FROM order_items WHERE order_id = ${order.id}) t WHERE id = ${order.id}`,
  );
  return order.id;
}

async function getOrder(token: string, id: number): Promise<OrderSummary> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}?expand=items`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return orderSummarySchema.parse(response.json().data);
}

const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload: payload as object });
const patch = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers: bearer(token), payload: payload as object });

function multipart(field: string, fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----stockpot${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A whole 1×1 PNG: the upload refuses one cut short. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function upload(token: string, orderId: number, fileName: string, data: Buffer, contentType?: string) {
  const body = multipart('image', fileName, data, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/invoices-images`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-invoices-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  // Migrating and seeding a fresh database is slow on a busy shared machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('order history list and download', () => {
  it('pages 24 orders, newest first, with the receiving fields on the detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(24);
    expect(body._meta.currentPage).toBe(1);
    const order = await getOrder(owner, body.data[0].id);
    expect(order).toMatchObject({ creditRefusal: 0, invoiceUrl: null });
  });

  it('answers the history download URL and serves the workbook of the location only', async () => {
    const link = await t.app.inject({ method: 'GET', url: '/api/v1/orders/download-order-history', headers: bearer(owner) });
    expect(link.statusCode).toBe(200);
    const url: string = link.json().data.orderHistoryUrl;
    const file = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Order History')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Order No');
    const [count] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders WHERE location_id = ${GRILL}`);
    expect(sheet.rowCount).toBe(count.n + 1);
  });
});

describe('restaurant accounting download (download-order-365)', () => {
  it('answers the file URL and a CSV of the lines, only where accounting is on', async () => {
    const orderId = await findOpenOrder(GRILL);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/download-order-365`,
      headers: bearer(owner),
    });
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().data.order365Url, headers: bearer(owner) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows = file.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Vendor,Location,Invoice Number,Invoice Date,Item Number,Item Description,Quantity,Unit of Measure,Unit Price,Amount',
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`PO-${orderId}`);

    // Harbor Grill Express has accounting off.
    const express = DEMO_IDS.locations.harborGrillExpress;
    const expressOrder = await findOpenOrder(express);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: express },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${expressOrder}/download-order-365`,
      headers: bearer(chef),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Accounting downloads are turned off for this location.');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: GRILL },
    });
  });
});

describe('receiving', () => {
  it('accepts and rejects lines, refusing bad input with messages a person can act on', async () => {
    const orderId = await findOpenOrder(GRILL);
    const order = await getOrder(owner, orderId);
    const [first, second] = order.items;

    const noReason = await post(owner, `/orders/check-items/${orderId}`, {
      itemList: [{ id: first.oi_id, status: 'rejected', qtyReduction: 1 }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('itemList.0.rejectReason: Choose why the item is rejected.');

    const otherWithoutText = await post(owner, `/orders/check-items/${orderId}`, {
      itemList: [{ id: first.oi_id, status: 'rejected', qtyReduction: 1, rejectReason: 'Other', rejectComment: ' ' }],
    });
    expect(otherWithoutText.statusCode).toBe(400);
    expect(otherWithoutText.json().message).toContain('Say why the item is rejected when the reason is Other.');

    const tooMany = await post(owner, `/orders/check-items/${orderId}`, {
      itemList: [{ id: first.oi_id, status: 'rejected', qtyReduction: first.quantity + 1, rejectReason: 'Wrong item' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`Reject at most ${first.quantity}`);

    const foreignLine = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM order_items WHERE order_id <> ${orderId} ORDER BY id LIMIT 1`,
    );
    const notALine = await post(owner, `/orders/check-items/${orderId}`, {
      itemList: [
        { id: second.oi_id, status: 'accepted' },
        { id: foreignLine[0].id, status: 'accepted' },
      ],
    });
    expect(notALine.statusCode).toBe(400);
    expect(notALine.json().code).toBe('invalid_order_item');
    // Nothing half-written: the first, valid entry of the refused call was not saved.
    expect((await getOrder(owner, orderId)).items.find((i) => i.oi_id === second.oi_id)?.receiveChecked).toBe(0);

    const reject = { id: first.oi_id, status: 'rejected', qtyReduction: 1, rejectReason: 'Bad or damaged' };
    for (let i = 0; i < 2; i += 1) {
      const saved = await post(owner, `/orders/check-items/${orderId}`, { itemList: [reject] });
      expect(saved.statusCode).toBe(200);
      const line = saved.json().data.find((l: { oi_id: number }) => l.oi_id === first.oi_id);
      expect(line).toMatchObject({ statusReceived: 'rejected', isRejectSelected: 1, qtyReduction: 1, receiveChecked: 1 });
    }
  });

  it('pre-rejects only when every line is checked and priced, then answers the totals', async () => {
    const orderId = await findOpenOrder(GRILL, 1);
    const order = await getOrder(owner, orderId);
    const [first, ...rest] = order.items;

    const partial = await post(owner, `/orders/pre-reject/${orderId}`, { itemList: [{ id: first.oi_id, status: 'accepted' }] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('items_not_checked');

    await db().execute(sql`UPDATE order_items SET price = 0 WHERE id = ${rest[0].oi_id}`);
    const states = [
      { id: first.oi_id, status: 'rejected', qtyReduction: 2, rejectReason: 'Other', rejectComment: 'Thawed on arrival' },
      ...rest.map((item) => ({ id: item.oi_id, status: 'accepted' })),
    ];
    const unpriced = await post(owner, `/orders/pre-reject/${orderId}`, { itemList: states });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json()).toMatchObject({
      code: 'missing_prices',
      message: 'To complete the receiving of this order please enter all your price data.',
    });
    await db().execute(sql`UPDATE order_items SET price = ${(rest[0].price / 100).toFixed(2)} WHERE id = ${rest[0].oi_id}`);

    const response = await post(owner, `/orders/pre-reject/${orderId}`, { itemList: states });
    expect(response.statusCode).toBe(200);
    const result = preRejectResultSchema.parse(response.json().data);
    const original = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    expect(result).toMatchObject({
      distributor: order.distributor,
      submission_date: order.createTimeDisplay,
      delivery_date: order.requestedDeliveryDate,
      line_items: order.items.length,
      original_total_price: original,
      credit_refusal: first.price * 2,
      new_total_price: original - first.price * 2,
    });
    const line = (await getOrder(owner, orderId)).items[0];
    expect(line).toMatchObject({ rejectReason: 'Other', rejectComment: 'Thawed on arrival' });
  });

  it('completes receiving once: the invoice number, credit and received quantities; a repeat changes nothing', async () => {
    const orderId = await findOpenOrder(GRILL, 2);
    const order = await getOrder(owner, orderId);
    const [first, ...rest] = order.items;
    const body = {
      customInvoiceId: ' INV-20931 ',
      itemList: [
        { id: first.oi_id, status: 'rejected', qtyReduction: 1, rejectReason: 'Wrong item' },
        ...rest.map((item) => ({ id: item.oi_id, status: 'accepted' })),
      ],
    };
    // The delivered items are counted in an inventory group: receiving puts the cases on hand there.
    const [group] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort)
          SELECT ${GRILL}, id, 'Receiving check group', 999 FROM inventory_lists WHERE location_id = ${GRILL} ORDER BY id LIMIT 1
          RETURNING id`,
    );
    for (const item of order.items)
      await db().execute(
        sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, on_hand)
            VALUES (${GRILL}, ${group.id}, 'item', ${item.itemDistributorId}, 1)`,
      );
    const onHand = async () =>
      (
        await queryRows<{ id: number; onHand: string }>(
          db(),
          sql`SELECT item_distributor_id AS id, on_hand::text AS "onHand" FROM inventory_group_items WHERE group_id = ${group.id} ORDER BY item_distributor_id`,
        )
      ).map((row) => [row.id, Number(row.onHand)]);
    const expected = order.items
      .map((item, i) => [item.itemDistributorId, 1 + (i === 0 ? item.quantity - 1 : item.quantity)])
      .sort((a, b) => a[0]! - b[0]!);

    const first1 = await patch(owner, `/orders/${orderId}`, body);
    expect(first1.statusCode).toBe(200);
    expect(await onHand()).toEqual(expected);
    const done = orderSummarySchema.parse(first1.json().data);
    expect(done).toMatchObject({
      status: 'received',
      customInvoiceId: 'INV-20931',
      creditRefusal: first.price,
      creditStatus: 'open',
    });
    expect(done.receivedTime).not.toBeNull();
    expect(done.items[0]).toMatchObject({ receivedQuantity: first.quantity - 1, status: 'received' });

    const again = await patch(owner, `/orders/${orderId}`, body);
    expect(again.statusCode).toBe(200);
    expect(orderSummarySchema.parse(again.json().data)).toEqual(done);
    expect(await onHand(), 'a repeated completion adds nothing on hand').toEqual(expected);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/orders?limit=100', headers: bearer(owner) });
    expect(list.json().data.find((row: { id: number }) => row.id === orderId)).toMatchObject({ status: 'received' });

    // Reconciliation: the rejected case is owed until the credit is closed.
    const open = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/reconciliation`, headers: bearer(owner) });
    expect(open.json().data).toMatchObject({ creditOwed: first.price, creditStatus: 'open' });
    expect(open.json().data.lines[0]).toMatchObject({ status: 'short', receivedQuantity: first.quantity - 1 });
    const closed = await post(owner, `/orders/${orderId}/reconciliation/close-credit`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.creditStatus).toBe('closed');
    expect((await getOrder(owner, orderId)).creditStatus).toBe('closed');
  });

  it('completes receiving once when two people complete it at the same moment: the cases go on hand once (issue 14 concurrency)', async () => {
    const orderId = await findOpenOrder(GRILL);
    const order = await getOrder(owner, orderId);
    const body = { customInvoiceId: 'INV-RACE', itemList: order.items.map((item) => ({ id: item.oi_id, status: 'accepted' })) };
    const [group] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort)
          SELECT ${GRILL}, id, 'Receiving race group', 998 FROM inventory_lists WHERE location_id = ${GRILL} ORDER BY id LIMIT 1
          RETURNING id`,
    );
    for (const item of order.items)
      await db().execute(
        sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, on_hand)
            VALUES (${GRILL}, ${group.id}, 'item', ${item.itemDistributorId}, 0)`,
      );

    // Both people of the location press Complete receiving, each several times, all at once.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => patch(i % 2 === 0 ? owner : chef, `/orders/${orderId}`, body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const onHand = await queryRows<{ id: number; onHand: string }>(
      db(),
      sql`SELECT item_distributor_id AS id, on_hand::text AS "onHand" FROM inventory_group_items WHERE group_id = ${group.id} ORDER BY item_distributor_id`,
    );
    const expected = order.items.map((item) => [item.itemDistributorId, item.quantity]).sort((a, b) => a[0]! - b[0]!);
    expect(onHand.map((row) => [row.id, Number(row.onHand)])).toEqual(expected);
    const done = await getOrder(owner, orderId);
    expect(done).toMatchObject({ status: 'received', customInvoiceId: 'INV-RACE' });
    expect(done.items.map((item) => item.receivedQuantity)).toEqual(order.items.map((item) => item.quantity));
  });

  it('keeps the first of four people completing from the same screen version; the others hear who received it (issue 33, defect 5)', async () => {
    const orderId = await findOpenOrder(GRILL);
    const order = await getOrder(owner, orderId);
    const itemList = order.items.map((item) => ({ id: item.oi_id, status: 'accepted' }));
    const version = order.receivingVersion;

    const answers = await Promise.all(
      ['INV-A', 'INV-B', 'INV-C', 'INV-D'].map((invoice, i) =>
        patch(i % 2 === 0 ? owner : chef, `/orders/${orderId}`, {
          customInvoiceId: invoice,
          itemList,
          receivingVersion: version,
        }),
      ),
    );
    const saved = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(3);
    const done = await getOrder(owner, orderId);
    // The one acknowledged save is the one kept: nothing acknowledged was silently replaced.
    expect(done.customInvoiceId).toBe(saved[0].json().data.customInvoiceId);
    expect(done.receivingVersion).toBe(version + 1);
    expect(done.receivedBy).toMatch(/\S/);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ code: 'received_meanwhile' });
      expect(answer.json().message).toContain(`${done.receivedBy} completed receiving of this order at `);
      expect(answer.json().message).toContain('reload the order');
    }
    // Order Checked from the old screen is refused too; from the new version it goes through.
    const stale = await post(owner, `/orders/pre-reject/${orderId}`, { itemList, receivingVersion: version });
    expect(stale.statusCode).toBe(409);
    const fresh = await patch(owner, `/orders/${orderId}`, { customInvoiceId: 'INV-E', itemList, receivingVersion: version + 1 });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ customInvoiceId: 'INV-E', receivingVersion: version + 2 });
    const bad = await patch(owner, `/orders/${orderId}`, { itemList, receivingVersion: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('receivingVersion cannot be negative.');
  });

  it('edits a line at receiving (Edit toggle) keeping the original, and refuses Complete receiving with unchecked lines', async () => {
    const orderId = await findOpenOrder(GRILL, 3);
    const order = await getOrder(owner, orderId);
    const unchecked = await patch(owner, `/orders/${orderId}`, { customInvoiceId: 'X-1' });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json().code).toBe('items_not_checked');
    expect((await getOrder(owner, orderId)).customInvoiceId).toBeNull();

    const response = await patch(owner, `/orders/${orderId}`, {
      items: [{ order_item_id: order.items[0].oi_id, quantity: 1, merchant_price: 1234, item_description: 'Romaine hearts' }],
      itemList: order.items.map((item) => ({ id: item.oi_id, status: 'accepted' })),
    });
    expect(response.statusCode).toBe(200);
    const line = orderSummarySchema.parse(response.json().data).items[0];
    expect(line).toMatchObject({ isEdited: 1, quantity: 1, price: 1234, item: 'Romaine hearts', receivedQuantity: 1 });
    const [original] = await queryRows<{ original_quantity: number }>(
      db(),
      sql`SELECT original_quantity FROM order_items WHERE id = ${line.oi_id}`,
    );
    expect(original.original_quantity).toBe(order.items[0].quantity);
  });

  it('adds a new item at receiving with the §5 rules', async () => {
    const orderId = await findOpenOrder(GRILL, 4);
    const valid = {
      order_id: orderId,
      item_description: 'Lemons',
      brand: 'Sunkist',
      din: '',
      unit_quantity: 1,
      unit_size: 140,
      pack_size_unit: 'CT',
      unit_measure: 'CS',
      price: 4_250,
      quantity: 2,
    };
    const short = await post(owner, '/order-items/create-custom', { ...valid, item_description: 'L' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('item_description needs at least 2 characters.');
    const negativePack = await post(owner, '/order-items/create-custom', { ...valid, unit_size: -1 });
    expect(negativePack.statusCode).toBe(400);
    const textPrice = await post(owner, '/order-items/create-custom', { ...valid, price: 'cheap' });
    expect(textPrice.statusCode).toBe(400);
    expect(textPrice.json().message).toContain('price');

    const created = await post(owner, '/order-items/create-custom', valid);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      item: 'Lemons',
      packSize: '1/140 CT',
      isAddedAtReceiving: 1,
      statusReceived: 'accepted',
    });
    const order = await getOrder(owner, orderId);
    expect(order.lineItems).toBe(order.items.length);
  });

  it('adds catalogue items with bulk-create: buyable offers only, in one transaction, totals moved, a retry adds nothing twice', async () => {
    const orderId = await findOpenOrder(GRILL, 7);
    const [offer, otherOffer, ordered] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} AND NOT li.is_punched_out AND NOT d.is_unpurchasable
            AND d.distributor_id = (SELECT distributor_id FROM orders WHERE location_id = ${GRILL} AND id = ${orderId})
            AND li.item_distributor_id NOT IN (SELECT item_distributor_id FROM order_items
                                               WHERE order_id = ${orderId} AND item_distributor_id IS NOT NULL)
          ORDER BY li.item_distributor_id LIMIT 3`,
    );
    const [otherDistributor] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT li.item_distributor_id AS id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL}
            AND d.distributor_id <> (SELECT distributor_id FROM orders WHERE location_id = ${GRILL} AND id = ${orderId})
          LIMIT 1`,
    );
    const [notOnGuide] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT d.id FROM item_distributors d
          WHERE NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = ${GRILL} AND li.item_distributor_id = d.id)
          LIMIT 1`,
    );
    // An offer of the order's distributor that was ordered (not added at receiving).
    await db().execute(
      sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, description, quantity, price)
          VALUES (${orderId}, ${GRILL}, ${ordered.id}, 'Ordered line', 1, 5)`,
    );
    expect(offer && otherOffer && otherDistributor && notOnGuide && ordered).toBeTruthy();
    const before = await getOrder(owner, orderId);
    const bulk = (payload: unknown) => post(owner, '/order-items/bulk-create', payload);

    const empty = await bulk({ orderId, items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Add at least one item.');
    const zero = await bulk({ orderId, items: [{ item_distributor_id: offer.id, quantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('at least 1');
    const twice = await bulk({
      orderId,
      items: [
        { item_distributor_id: offer.id, quantity: 1 },
        { item_distributor_id: offer.id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Each item_distributor_id may appear once.');
    expect((await bulk({ orderId: 'x', items: [{ item_distributor_id: offer.id, quantity: 1 }] })).statusCode).toBe(400);

    // One offer the location cannot buy refuses the whole request, naming it; nothing is written.
    for (const refused of [notOnGuide.id, otherDistributor.id]) {
      const answer = await bulk({
        orderId,
        items: [
          { item_distributor_id: offer.id, quantity: 2 },
          { item_distributor_id: refused, quantity: 1 },
        ],
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(`Item ${refused}`);
      expect(answer.json().errors[0].field).toBe('items.1.item_distributor_id');
    }
    const alreadyOrdered = await bulk({ orderId, items: [{ item_distributor_id: ordered.id, quantity: 1 }] });
    expect(alreadyOrdered.statusCode).toBe(400);
    expect(alreadyOrdered.json().message).toContain('already on this order');
    expect((await getOrder(owner, orderId)).items.length).toBe(before.items.length);

    const created = await bulk({
      orderId,
      items: [
        { item_distributor_id: offer.id, quantity: 2 },
        { item_distributor_id: otherOffer.id, quantity: 1 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const lines = created.json().data as { itemDistributorId: number; price: number; quantity: number }[];
    expect(lines.map((l) => [l.itemDistributorId, l.quantity])).toEqual([
      [offer.id, 2],
      [otherOffer.id, 1],
    ]);
    expect(lines[0]).toMatchObject({ isAddedAtReceiving: 1, statusReceived: 'accepted', receiveChecked: 1 });
    const added = lines[0].price * 2 + lines[1].price;
    const after = await getOrder(owner, orderId);
    expect(after.items.length).toBe(before.items.length + 2);
    expect(after.lineItems).toBe(before.lineItems + 2);
    expect(after.totalItemsPrice).toBe(before.totalItemsPrice + added);

    // A retry (or a changed count) sets the quantity of the line it added, never a second line.
    const retried = await bulk({ orderId, items: [{ item_distributor_id: offer.id, quantity: 3 }] });
    expect(retried.statusCode).toBe(201);
    const again = await getOrder(owner, orderId);
    expect(again.items.filter((l) => l.itemDistributorId === offer.id).map((l) => l.quantity)).toEqual([3]);
    expect(again.lineItems).toBe(before.lineItems + 2);
    expect(again.totalItemsPrice).toBe(before.totalItemsPrice + added + lines[0].price);
  });

  it('refuses to receive a cancelled order and keeps the survey answers', async () => {
    const [cancelled] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM orders WHERE location_id = ${GRILL} AND status = 'cancelled' LIMIT 1`,
    );
    if (cancelled) {
      const refused = await post(owner, `/orders/pre-reject/${cancelled.id}`, { itemList: [] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('order_cancelled');
    }
    const orderId = await findOpenOrder(GRILL, 5);
    const bad = await post(owner, `/orders/survey/${orderId}`, { question_1: 2 });
    expect(bad.statusCode).toBe(400);
    const answers = { question_1: 1, question_2: 0, question_3: 1, question_4: 1, question_5: 0, comment: 'Driver was early' };
    expect((await post(owner, `/orders/survey/${orderId}`, answers)).statusCode).toBe(200);
    expect((await post(owner, `/orders/survey/${orderId}`, { ...answers, comment: 'Updated' })).statusCode).toBe(200);
    const rows = await queryRows<{ comment: string }>(
      db(),
      sql`SELECT comment FROM order_receiving_checks WHERE order_id = ${orderId}`,
    );
    expect(rows).toEqual([{ comment: 'Updated' }]);
  });

  it("answers 404 for another location's order on every receiving call", async () => {
    const foreign = await queryRows<{ id: number; item: number }>(
      db(),
      sql`SELECT o.id, (SELECT min(id) FROM order_items WHERE order_id = o.id) AS item
          FROM orders o WHERE o.location_id = ${CATERING} LIMIT 1`,
    );
    const id = foreign[0].id;
    const itemList = [{ id: foreign[0].item, status: 'accepted' }];
    for (const response of [
      await post(chef, `/orders/check-items/${id}`, { itemList }),
      await post(chef, `/orders/pre-reject/${id}`, { itemList }),
      await patch(chef, `/orders/${id}`, { itemList }),
      await post(chef, `/orders/survey/${id}`, { question_1: 1, question_2: 1, question_3: 1, question_4: 1, question_5: 1 }),
      await post(chef, '/order-items/create-custom', {
        order_id: id,
        item_description: 'Lemons',
        unit_quantity: 1,
        unit_size: 1,
        pack_size_unit: 'CT',
        unit_measure: 'CS',
        price: 1,
        quantity: 1,
      }),
      await post(chef, '/order-items/bulk-create', { orderId: id, items: [{ item_distributor_id: 1, quantity: 1 }] }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('invoice images', () => {
  it('uploads by content, lists, serves and deletes; the order download prefers the invoice', async () => {
    const orderId = await findOpenOrder(GRILL, 6);
    const created = await upload(owner, orderId, 'photo.png', PNG, 'image/png');
    expect(created.statusCode).toBe(201);
    const image = created.json().data;
    expect(image).toMatchObject({ order_id: orderId, fileName: 'photo.png', contentType: 'image/png', size: PNG.length });

    // A PDF named .jpg is stored as what it is.
    const renamed = await upload(owner, orderId, 'scan.jpg', PDF, 'image/jpeg');
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().data.contentType).toBe('application/pdf');

    const list = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/invoices-images`, headers: bearer(owner) });
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([image.id, renamed.json().data.id]);

    const file = await t.app.inject({ method: 'GET', url: image.image_path, headers: bearer(owner) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    // Files live in the store under the location, never under the web root.
    expect(existsSync(path.join(filesDir, 'invoices', String(GRILL), String(orderId)))).toBe(true);

    expect((await getOrder(owner, orderId)).invoiceUrl).toBe(image.image_path);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${orderId}/invoices-images/${image.id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(readdirSync(path.join(filesDir, 'invoices', String(GRILL), String(orderId)))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: image.image_path, headers: bearer(owner) })).statusCode).toBe(404);
  });

  it('refuses files by content and size, not by name', async () => {
    const orderId = await findOpenOrder(GRILL, 6);
    const script = await upload(owner, orderId, 'invoice.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Choose a .jpg, .jpeg, .png or .pdf file: the file sent is none of these.',
    });
    const empty = await upload(owner, orderId, 'invoice.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(INVOICE_FILE_MAX_BYTES)]);
    const tooBig = await upload(owner, orderId, 'big.png', big, 'image/png');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'payload_too_large' });
    const wrongField = multipart('file', 'photo.png', PNG);
    const misnamed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/invoices-images`,
      headers: { ...bearer(owner), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toBe('Attach the invoice file in the field image.');
  });

  it("serves nothing of another location's order: list, upload, file and delete answer 404", async () => {
    const cateringOrder = (
      await queryRows<{ id: number }>(db(), sql`SELECT id FROM orders WHERE location_id = ${CATERING} LIMIT 1`)
    )[0].id;
    // The owner (a member of Catering) uploads there, then the chef (not a member) tries it.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(owner),
      payload: { id: DEMO_IDS.users.owner, active_location_id: CATERING },
    });
    const created = await upload(owner, cateringOrder, 'c.png', PNG);
    expect(created.statusCode).toBe(201);
    const image = created.json().data;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(owner),
      payload: { id: DEMO_IDS.users.owner, active_location_id: GRILL },
    });
    for (const response of [
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${cateringOrder}/invoices-images`, headers: bearer(chef) }),
      await upload(chef, cateringOrder, 'x.png', PNG),
      await t.app.inject({ method: 'GET', url: image.image_path, headers: bearer(chef) }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${cateringOrder}/invoices-images/${image.id}`,
        headers: bearer(chef),
      }),
      // The owner at Grill cannot reach Catering's image through a Grill order id either.
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${await findOpenOrder(GRILL, 6)}/invoices-images/${image.id}/file`,
        headers: bearer(owner),
      }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('order inventory summary (GET /orders/{id}/inventory-items)', () => {
  it("answers the inventory rows of the order's items with par level, on hand and its value; 400 and 404 otherwise", async () => {
    const orderId = await findOpenOrder(GRILL, 8);
    const order = await getOrder(owner, orderId);
    const [list] = await queryRows<{ id: number; name: string }>(
      db(),
      sql`SELECT id, name FROM inventory_lists WHERE location_id = ${GRILL} ORDER BY id LIMIT 1`,
    );
    const [group] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort, par_level, unit_id)
          VALUES (${GRILL}, ${list.id}, 'Order summary group', 997, 6.5, 24) RETURNING id`,
    );
    const linked = order.items[0];
    await db().execute(
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, on_hand, total_on_hand, total_on_hand_amount)
          VALUES (${GRILL}, ${group.id}, 'item', ${linked.itemDistributorId}, 2, 2.5, 123.45)`,
    );

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/inventory-items`,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    const rows: { parLevel: number; onHand: number; onHandAmount: number; comparisonView: string; description: string }[] =
      response.json().data;
    const row = rows.find((r) => r.parLevel === 6.5);
    expect(row).toMatchObject({ parLevelUnit: 'lb', onHand: 2.5, onHandAmount: 12_345, comparisonView: list.name });
    expect(row!.description.length).toBeGreaterThan(0);
    expect(response.json().data[0]).toHaveProperty('updateTime');

    const badId = await t.app.inject({ method: 'GET', url: '/api/v1/orders/abc/inventory-items', headers: bearer(owner) });
    expect(badId.statusCode).toBe(400);
    const cateringOrder = await findOpenOrder(CATERING);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${cateringOrder}/inventory-items`,
      headers: bearer(chef),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('invoice reconciliation (PATCH /orders/{id}/reconciliation)', () => {
  it('saves invoice lines of a received order, owes the difference in cents and closes the credit', async () => {
    const orderId = await findOpenOrder(GRILL, 9);
    const order = await getOrder(owner, orderId);
    const [first, second] = order.items;

    const early = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [{ orderItemId: first.oi_id, invoicedQuantity: 1, invoicedPrice: 100 }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('order_not_received');

    const received = await patch(owner, `/orders/${orderId}`, {
      itemList: order.items.map((item) => ({ id: item.oi_id, status: 'accepted' })),
    });
    expect(received.statusCode).toBe(200);

    const half = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [{ orderItemId: first.oi_id, invoicedQuantity: 1, invoicedPrice: null }],
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('Enter both the invoiced quantity and the invoiced price');
    const fraction = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [{ orderItemId: first.oi_id, invoicedQuantity: 1, invoicedPrice: 10.5 }],
    });
    expect(fraction.statusCode).toBe(400);
    const stranger = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [
        { orderItemId: first.oi_id, invoicedQuantity: 1, invoicedPrice: 100 },
        { orderItemId: 999_999_999, invoicedQuantity: 1, invoicedPrice: 100 },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('invalid_order_item');
    const untouched = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/reconciliation`,
      headers: bearer(owner),
    });
    expect(untouched.json().data.lines[0].invoicedQuantity, 'nothing half-written').toBeNull();

    // Billed one case more than received on the first line, and 25 cents a case over the order price on the second.
    const saved = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [
        { orderItemId: first.oi_id, invoicedQuantity: first.quantity + 1, invoicedPrice: first.price },
        { orderItemId: second.oi_id, invoicedQuantity: second.quantity, invoicedPrice: second.price + 25 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const expected = first.price + 25 * second.quantity;
    expect(saved.json().data).toMatchObject({ creditOwed: expected, creditStatus: 'open' });
    expect(saved.json().data.lines.map((l: { status: string }) => l.status)).toEqual([
      'over_invoiced',
      'price_variance',
      'awaiting_invoice',
    ]);

    const closed = await post(owner, `/orders/${orderId}/reconciliation/close-credit`, {});
    expect(closed.json().data).toMatchObject({ creditOwed: expected, creditStatus: 'closed' });
    const afterClose = await patch(owner, `/orders/${orderId}/reconciliation`, {
      lines: [{ orderItemId: first.oi_id, invoicedQuantity: null, invoicedPrice: null }],
    });
    expect(afterClose.statusCode).toBe(400);
    expect(afterClose.json().code).toBe('credit_closed');

    const cateringOrder = await findOpenOrder(CATERING);
    const foreign = await patch(chef, `/orders/${cateringOrder}/reconciliation`, {
      lines: [{ orderItemId: first.oi_id, invoicedQuantity: 1, invoicedPrice: 100 }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
