/**
 * `npx tsx scripts/bench/invoice-import.ts` — issue 36's 500-invoice import measured (docs/performance.md
 * "500 invoices at once (issue 36)"): the real server on PostgreSQL with the demo data on a database
 * of its own, `--invoices` submitted orders cloned at Harbor Grill, and one X12 810 per order sent as
 * one batch (POST invoices/import-batches, then each file, four at a time); each file is imported by
 * its own pg-boss job. Measures the time to send the files, the time until every job has run, and
 * meanwhile the latency of the order-history list (GET orders) and the place-order list (GET items)
 * against the same reads with no import. Then the same files again: every one already imported.
 * Also a row of `npm run bench` (run.ts calls measureInvoiceImport).
 *
 *   --invoices N          invoices in the batch (default 500)
 *   --clients N           concurrent readers during the import (default 2)
 *   --baseline S          seconds of reads with no import (default 8)
 *   --database-url URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 *   --database-name NAME  its database, dropped and created (default stockpot_bench_invoices)
 *   --port N              the server's port (default: a free one)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { signInAll } from './api-scenarios';
import {
  buildInvoices,
  cloneOrders,
  HARBOR_GRILL,
  multipart,
  recreateDatabase,
  startOnPort,
  summarise,
  type Latencies,
} from './invoice-import-data';
import { startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The invoice import's row in `npm run bench` (and what its --only matches). */
export const INVOICE_IMPORT_NAME = 'invoice import: 500 X12 810s at once as jobs, with reads meanwhile';

export interface InvoiceImportOptions {
  serverUrl: string;
  databaseName?: string;
  invoices: number;
  clients: number;
  baselineSeconds: number;
  port?: number;
  log: (message: string) => void;
}

export interface InvoiceImportResult {
  name: string;
  invoices: number;
  sendSeconds: number;
  /** From the batch opened to every job run. */
  importSeconds: number;
  invoicesPerSecond: number;
  imported: number;
  failed: number;
  repeatSeconds: number;
  repeatAlreadyImported: number;
  reads: Record<string, Latencies>;
  loadAverageAtStart: string[];
}

export async function measureInvoiceImport(options: InvoiceImportOptions): Promise<InvoiceImportResult> {
  const { log } = options;
  const serverUrl = options.serverUrl.replace(/\/$/, '').replace(/\/postgres$/, '');
  const databaseUrl = await recreateDatabase(serverUrl, options.databaseName ?? 'stockpot_bench_invoices');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockpot-invoice-bench-'));
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SIGN_IN_MAX_PER_MINUTE: '100000',
    SIGN_IN_MAX_FAILURES: '100000',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_DIST: '/nonexistent',
    READ_MODEL_REFRESH_CRON: 'off',
  };
  log('Invoice import: starting the server (migrations and demo data)…');
  const server = options.port ? await startOnPort(root, env, options.port) : await startServer({ root, env, timeoutMs: 600_000 });
  try {
    const orders = await cloneOrders(databaseUrl, options.invoices);
    const files = buildInvoices(orders, Date.now().toString(36));
    log(`Invoice import: ${files.length} orders cloned, ${orders.lines.length} invoice lines.`);
    const [owner] = await signInAll(server.url, ['owner@demo.test']);
    const auth = { authorization: `Bearer ${owner!.token}`, 'x-location-id': String(HARBOR_GRILL) };
    const reads = { orders: '/api/v1/orders?page=1', items: '/api/v1/items?limit=50&page=1' };

    const samples = new Map<string, number[]>();
    const readWhile = async (isDone: () => boolean, phase: () => string) => {
      const loop = async (which: keyof typeof reads) => {
        while (!isDone()) {
          const started = performance.now();
          const response = await fetch(`${server.url}${reads[which]}`, { headers: auth });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`GET ${reads[which]} answered ${response.status}`);
          const key = `${which}, ${phase()}`;
          samples.set(key, [...(samples.get(key) ?? []), performance.now() - started]);
        }
      };
      await Promise.all(Array.from({ length: options.clients }, (_, i) => loop(i % 2 === 0 ? 'orders' : 'items')));
    };
    const warm = Date.now() + 2_000;
    await readWhile(
      () => Date.now() > warm,
      () => 'warm-up',
    );
    const baselineEnd = Date.now() + options.baselineSeconds * 1000;
    await readWhile(
      () => Date.now() > baselineEnd,
      () => 'no import',
    );

    const runBatch = async (label: string) => {
      const started = performance.now();
      const opened = await fetch(`${server.url}/api/v1/invoices/import-batches`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      if (opened.status !== 201) throw new Error(`opening the batch answered ${opened.status}`);
      const batchId = ((await opened.json()) as { data: { id: number } }).data.id;
      let next = 0;
      const send = async () => {
        while (next < files.length) {
          const file = files[next]!;
          next += 1;
          const form = multipart(file.name, file.body);
          const response = await fetch(`${server.url}/api/v1/invoices/import-batches/${batchId}/files`, {
            method: 'POST',
            headers: { ...auth, 'content-type': form.type },
            body: form.body,
          });
          await response.arrayBuffer();
          if (response.status !== 202) throw new Error(`a file answered ${response.status}`);
        }
      };
      let sendSeconds = NaN;
      let done = false;
      type Progress = { imported: number; alreadyImported: number; failed: number; isDone: boolean; files?: unknown };
      let batch = null as Progress | null;
      const work = (async () => {
        await Promise.all(Array.from({ length: 4 }, send));
        sendSeconds = (performance.now() - started) / 1000;
        while (!batch?.isDone) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const response = await fetch(`${server.url}/api/v1/invoices/import-batches/${batchId}`, { headers: auth });
          batch = ((await response.json()) as { data: NonNullable<typeof batch> }).data;
        }
        done = true;
      })();
      await Promise.all([
        work,
        readWhile(
          () => done,
          () => label,
        ),
      ]);
      const seconds = (performance.now() - started) / 1000;
      const final = batch as Progress | null;
      if (!final) throw new Error('the batch never answered');
      log(
        `Invoice import (${label}): sent in ${sendSeconds.toFixed(1)} s, all run in ${seconds.toFixed(1)} s: ${JSON.stringify({ ...final, files: undefined })}`,
      );
      return { sendSeconds, seconds, batch: final };
    };

    const loadAverageAtStart = os.loadavg().map((n) => n.toFixed(1));
    const first = await runBatch('during the import');
    const repeat = await runBatch('during the repeat');
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      name: INVOICE_IMPORT_NAME,
      invoices: files.length,
      sendSeconds: round(first.sendSeconds),
      importSeconds: round(first.seconds),
      invoicesPerSecond: round(files.length / first.seconds),
      imported: first.batch.imported,
      failed: first.batch.failed,
      repeatSeconds: round(repeat.seconds),
      repeatAlreadyImported: repeat.batch.alreadyImported,
      reads: Object.fromEntries(
        [...samples.entries()].filter(([key]) => !key.endsWith('warm-up')).map(([key, values]) => [key, summarise(values)]),
      ),
      loadAverageAtStart,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args } = parseArgs({
    options: {
      invoices: { type: 'string', default: '500' },
      clients: { type: 'string', default: '2' },
      baseline: { type: 'string', default: '8' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
      'database-name': { type: 'string', default: 'stockpot_bench_invoices' },
      port: { type: 'string' },
    },
  });
  measureInvoiceImport({
    serverUrl: args['database-url']!,
    databaseName: args['database-name'],
    invoices: Number(args.invoices),
    clients: Number(args.clients),
    baselineSeconds: Number(args.baseline),
    port: args.port ? Number(args.port) : undefined,
    log: (message) => console.error(message),
  }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error('The invoice import bench failed:', error);
      process.exitCode = 1;
    },
  );
}
