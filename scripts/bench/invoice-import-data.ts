/**
 * What the 500-invoice bench (invoice-import.ts) works on: its own database, the server on a chosen
 * port, submitted orders cloned at Harbor Grill and one X12 810 per order.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { getInvoiceLineAmount } from '../../packages/domain/src/invoices/invoice.rules';
import { printX12Invoice } from '../../packages/domain/src/invoices/x12-print.rules';

export const HARBOR_GRILL = 1;

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarise(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? NaN) };
}

export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  // Only the bench's own databases (or a helper's prefixed copy) are ever dropped.
  if (!/^(stockpot_bench_|wt[a-z]_)[a-z0-9_]+$/.test(name)) throw new Error(`Not a bench database: "${name}"`);
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

/** The server on a given port (the bench's own helper picks a free one). */
export async function startOnPort(root: string, env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** `count` copies of a submitted Harbor Grill order with item numbers, and their lines as the 810s bill them. */
export async function cloneOrders(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [template] = (
      await client.query<{ id: number }>(
        `SELECT o.id FROM orders o WHERE o.location_id = $1 AND o.status <> 'cancelled'
           AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND coalesce(oi.din, '') <> '' AND oi.price > 0)
         ORDER BY o.id LIMIT 1`,
        [HARBOR_GRILL],
      )
    ).rows;
    if (!template) throw new Error('no Harbor Grill order with item numbers to clone');
    const columns = async (table: string, skip: string[]) =>
      (
        await client.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        )
      ).rows
        .map((r) => `"${r.name}"`)
        .filter((name) => !skip.includes(name));
    const orderColumns = await columns('orders', ['"id"', '"status"', '"custom_invoice_id"']);
    const ids = (
      await client.query<{ id: number }>(
        `INSERT INTO orders (${orderColumns.join(', ')}, status)
         SELECT ${orderColumns.map((c) => `o.${c}`).join(', ')}, 'submitted' FROM orders o, generate_series(1, $2) g
         WHERE o.id = $1 RETURNING id`,
        [template.id, count],
      )
    ).rows.map((r) => r.id);
    const itemColumns = await columns('order_items', ['"id"', '"order_id"']);
    await client.query(
      `INSERT INTO order_items (order_id, ${itemColumns.join(', ')})
       SELECT n.id, ${itemColumns.map((c) => `oi.${c}`).join(', ')} FROM order_items oi, unnest($2::int[]) n(id)
       WHERE oi.order_id = $1`,
      [template.id, ids],
    );
    const lines = (
      await client.query<{ orderId: number; din: string; quantity: string; unitPrice: string }>(
        `SELECT order_id AS "orderId", din, quantity::text AS quantity, round(price * 10000)::bigint::text AS "unitPrice"
         FROM order_items WHERE order_id = ANY($1::int[]) AND coalesce(din, '') <> '' AND price > 0 ORDER BY order_id, id`,
        [ids],
      )
    ).rows;
    return { ids, lines };
  } finally {
    await client.end();
  }
}

/** One 810 per order: its lines at their ordered price, PO number the order id. */
export function buildInvoices(orders: Awaited<ReturnType<typeof cloneOrders>>, stamp: string): { name: string; body: string }[] {
  const today = new Date().toISOString().slice(0, 10);
  return orders.ids.map((orderId) => {
    const lines = orders.lines
      .filter((l) => l.orderId === orderId)
      .map((l, i) => {
        const quantity = String(Math.max(1, Math.round(Number(l.quantity))));
        const unitPrice = Number(l.unitPrice);
        return {
          lineNumber: i + 1,
          itemNumber: l.din,
          upc: null,
          description: `Line ${i + 1}`,
          quantity,
          unitCode: 'CA',
          unitPrice,
          amount: getInvoiceLineAmount(quantity, unitPrice),
        };
      });
    const body = printX12Invoice(
      {
        invoiceNumber: `B${stamp}-${orderId}`,
        invoiceDate: today,
        poNumber: `PO-${orderId}`,
        poDate: null,
        terms: null,
        lines,
        total: lines.reduce((sum, l) => sum + l.amount, 0),
      },
      { lineBreak: '\n' },
    );
    return { name: `invoice-${orderId}.edi`, body };
  });
}

export function multipart(name: string, body: string): { body: Buffer; type: string } {
  const boundary = `----stockpot${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/edi-x12\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), Buffer.from(body), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}
