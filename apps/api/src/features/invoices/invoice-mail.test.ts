import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { NO_INVOICE_FILE_REASON } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { buildOneLineOrder, invoiceOf, sendMail, x12Of } from './invoice-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;
const DOMAIN = 'invoices.stockpot.test';
const SENDER = 'billing@produce.example';

let t: TestApp;
let owner: string;
let address: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp({ INBOUND_SMTP_PORT: 0, INBOUND_MAIL_DOMAIN: DOMAIN });
  owner = await signInAs(t.app, 'owner@demo.test');
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/address', headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
  address = response.json().data.address;
}, 120_000);
let isClosed = false;
afterAll(async () => {
  if (!isClosed) await t.close();
});

const send = (mail: { to: string; attachments?: { filename: string; content: string | Buffer; contentType?: string }[] }) =>
  sendMail(t, { from: `Produce Co <${SENDER}>`, subject: 'Your invoice', text: 'Invoice attached.', ...mail });

/** A submitted Harbor Grill order of 3 cases and its X12 810 billing all of them at $9.25. */
async function buildOrderAndInvoice() {
  const { offer, order } = await buildOneLineOrder(db(), { quantity: 3, price: '9.25' });
  const invoice = invoiceOf(`MAIL-${order.id}`, `PO-${order.id}`, [[offer.din, null, '3', 92500]]);
  return { order, edi: x12Of(invoice), invoiceNumber: invoice.invoiceNumber };
}

async function readInvoices(invoiceNumber: string) {
  return queryRows<{ sender_email: string | null; imported_by: number | null; total: string }>(
    db(),
    sql`SELECT sender_email, imported_by, total::text AS total FROM invoices WHERE invoice_number = ${invoiceNumber}`,
  );
}

describe('GET /invoices/address', () => {
  it("is the location's own invoices+token address on the inbound domain, not made of its id", async () => {
    expect(address).toMatch(new RegExp(`^invoices\\+[0-9a-f]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const [row] = await queryRows<{ token: string }>(
      db(),
      sql`SELECT invoice_mail_token AS token FROM locations WHERE id = ${GRILL}`,
    );
    expect(address).toBe(`invoices+${row.token}@${DOMAIN}`);
    const tokens = await queryRows<{ n: number; distinct: number }>(
      db(),
      sql`SELECT count(*)::int AS n, count(DISTINCT invoice_mail_token)::int AS distinct FROM locations`,
    );
    expect(tokens[0].distinct).toBe(tokens[0].n);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/invoices/address' });
    expect(response.statusCode).toBe(401);
  });
});

describe('invoices by e-mail (SMTP)', () => {
  it('imports an attached 810: the order is received electronically and the invoice records the sender', async () => {
    const { order, edi, invoiceNumber } = await buildOrderAndInvoice();
    const info = await send({ to: address, attachments: [{ filename: 'invoice.edi', content: edi }] });
    expect(info.accepted).toEqual([address]);
    expect(info.response).toContain(`imported invoice ${invoiceNumber} (order ${order.id})`);

    const [status] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${order.id}`);
    expect(status.status).toBe('electronically_received');
    // 3 cases at 925 cents = 2775 cents, recomputed from the parts in integer cents.
    const cents = 3 * 925;
    expect(await readInvoices(invoiceNumber)).toEqual([
      { sender_email: SENDER, imported_by: null, total: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` },
    ]);
  });

  it('imports every attached invoice file: an 810 and a CSV of two orders in one message, each in its own transaction', async () => {
    const first = await buildOrderAndInvoice();
    const second = await buildOrderAndInvoice();
    const [line] = await queryRows<{ din: string }>(
      db(),
      sql`SELECT din FROM order_items WHERE order_id = ${second.order.id} ORDER BY id LIMIT 1`,
    );
    const csv = [
      [
        'Invoice Number',
        'Invoice Date',
        'Item Number',
        'Description',
        'Quantity Shipped',
        'Unit Price',
        'Extended Price',
        'PO Number',
      ],
      [`CSV-${second.order.id}`, '11/20/2026', line.din, 'Chicken', '3', '9.25', '27.75', `PO-${second.order.id}`],
    ]
      .map((row) => row.join(','))
      .join('\r\n');
    const info = await send({
      to: address,
      attachments: [
        { filename: 'first.edi', content: first.edi },
        { filename: 'second.csv', content: csv, contentType: 'text/csv' },
      ],
    });
    expect(info.response).toContain(
      `imported invoice ${first.invoiceNumber} (order ${first.order.id}), CSV-${second.order.id} (order ${second.order.id})`,
    );
    const statuses = await queryRows<{ status: string }>(
      db(),
      sql`SELECT status FROM orders WHERE id IN (${first.order.id}, ${second.order.id})`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['electronically_received', 'electronically_received']);
    expect(await readInvoices(`CSV-${second.order.id}`)).toEqual([{ sender_email: SENDER, imported_by: null, total: '27.75' }]);
  });

  it('imports the same mail sent twice once, and accepts the repeat saying so', async () => {
    const { edi, invoiceNumber } = await buildOrderAndInvoice();
    const mail = { to: address, attachments: [{ filename: 'invoice.x12', content: edi }] };
    await send(mail);
    const again = await send(mail);
    expect(again.response).toContain(`already imported ${invoiceNumber}`);
    expect(await readInvoices(invoiceNumber)).toHaveLength(1);
  });

  it('refuses mail to an unknown address at RCPT TO', async () => {
    const { edi } = await buildOrderAndInvoice();
    const unknown = `invoices+${'0'.repeat(32)}@${DOMAIN}`;
    const error = await send({ to: unknown, attachments: [{ filename: 'invoice.edi', content: edi }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ responseCode: 550 });
    expect(String((error as Error).message)).toContain('No such invoice address');
    const otherDomain = await send({ to: address.replace(DOMAIN, 'example.com') }).catch((e: unknown) => e);
    expect(otherDomain).toMatchObject({ responseCode: 550 });
  });

  it('refuses mail without a readable attachment, with the reason, and stores nothing for a damaged photo', async () => {
    const before = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM invoices`);
    const photo = await send({
      to: address,
      attachments: [{ filename: 'invoice.jpg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1]), contentType: 'image/jpeg' }],
    }).catch((e: unknown) => e);
    expect(photo).toMatchObject({ responseCode: 554 });
    // A photo is read by OCR now (invoice-mail-photo.test.ts); one cut short is refused as an upload is.
    expect((photo as { response: string }).response).toContain('not imported: invoice.jpg: damaged or cut short');

    const bare = await send({ to: address }).catch((e: unknown) => e);
    expect(bare).toMatchObject({ responseCode: 554 });
    expect((bare as { response: string }).response).toContain(NO_INVOICE_FILE_REASON);
    expect(await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM invoices`)).toEqual(before);
  });

  it('refuses an invoice that matches no order, saying why', async () => {
    const { edi, order } = await buildOrderAndInvoice();
    const foreign = edi.replace(`PO-${order.id}`, 'PO-999999999');
    const error = await send({ to: address, attachments: [{ filename: 'nomatch.edi', content: foreign }] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ responseCode: 554 });
    expect((error as { response: string }).response).toContain('nomatch.edi: Invoice');
    expect((error as { response: string }).response).toContain('matches no order');
  });

  it('keeps an invoice whose PO number names a cancelled order of ours: its distributor, no order, on the waiting list', async () => {
    const { edi, order, invoiceNumber } = await buildOrderAndInvoice();
    await db().execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
    const reply = await send({ to: address, attachments: [{ filename: 'cancelled.edi', content: edi }] });
    expect(reply.response).toContain(`imported invoice ${invoiceNumber} (no matching order: kept on the waiting list)`);
    const [row] = await queryRows<{ order_id: number | null; sender_email: string }>(
      db(),
      sql`SELECT order_id, sender_email FROM invoices WHERE invoice_number = ${invoiceNumber}`,
    );
    expect(row).toEqual({ order_id: null, sender_email: SENDER });
  });
});

describe('shutdown', () => {
  it('stops listening when the app closes', async () => {
    const port = t.app.invoiceMailPort()!;
    isClosed = true;
    await t.close();
    const error = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 2000 })
      .sendMail({ from: SENDER, to: address, text: 'late' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: expect.stringMatching(/ECONNECTION|ESOCKET|ETIMEDOUT/) });
  });
});
