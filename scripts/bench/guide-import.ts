/**
 * `npx tsx scripts/bench/guide-import.ts` — issue 20's order-guide import measured (docs/performance.md
 * "Order-guide import (issue 20)"): the real server on PostgreSQL with the demo data, a 50,000-row
 * Sysco CSV uploaded for Harbor Grill, and meanwhile a read of the place-order list (GET items, page 1
 * of 50) sent by a few clients in a loop. Prints the import's duration (reading and staging, then
 * the final transaction) and the read's latency with no import, while the file is read and while
 * the guide is applied. Run it twice in a row: the first import creates 50,000 catalogue offers,
 * the second (the same DINs, new prices) is the weekly update.
 *
 * Under the shared lock: `flock /tmp/stockpot-bench.lock npx tsx scripts/bench/guide-import.ts`.
 *   --database-url URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 *   --rows N             items in the guide (default 50,000)
 *   --clients N          concurrent readers (default 4)
 *   --baseline S         seconds of reads with no import (default 10)
 *
 * It creates (and at the end drops) its own database, stockpot_guide_import_bench.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEMO_IDS } from '../../packages/db/seed/demo-accounts';
import { AUTH_SECRET, PASSWORD } from './api-scenarios';
import { startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (message: string) => console.error(message);
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    rows: { type: 'string', default: '50000' },
    clients: { type: 'string', default: '4' },
    baseline: { type: 'string', default: '10' },
  },
});
const DATABASE = 'stockpot_guide_import_bench';
const serverUrl = args['database-url']!.replace(/\/$/, '');
const itemCount = Number(args.rows);
const clients = Number(args.clients);

const SYSCO_HEADER =
  'F,SUPC,Case Qty,Split Qty,Code,Item Status,Replaced Item,Pack,Size,Unit,Brand,Mfr #,Desc,Cat,Case $,Split $,Per Lb,Market,Stock';

/** The guide: `itemCount` items, prices shifted by `round` so a second import changes every price. */
function buildGuide(round: number): Buffer {
  const rows = ['H,Customer #,123456,Harbor Grill', SYSCO_HEADER];
  for (let i = 0; i < itemCount; i += 1) {
    const cents = ((i * 37 + round * 11) % 90_000) + 100;
    rows.push(
      `P,BENCH-${String(i).padStart(6, '0')},,,,A,,4,5LB,CS,House,,Bench item ${i},CAT,${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')},,,,Y`,
    );
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`);
}

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----stockpot${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guide.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
function summarise(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockpot-guide-import-'));
  log(`Starting the server on ${DATABASE} (migrations and demo data)…`);
  const server = await startServer({
    root,
    timeoutMs: 600_000,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SIGN_IN_MAX_PER_MINUTE: '100000',
      SIGN_IN_MAX_FAILURES: '100000',
      DATA_DIR: dataDir,
      DATABASE_URL: `${serverUrl}/${DATABASE}`,
      WEB_DIST: '/nonexistent',
      READ_MODEL_REFRESH_CRON: 'off',
    },
  });
  try {
    const signIn = await fetch(`${server.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: PASSWORD, company_id: '1', secret: AUTH_SECRET }),
    });
    const token = ((await signIn.json()) as { data: { authKey: string } }).data.authKey;
    const auth = { authorization: `Bearer ${token}` };
    const readPath = '/api/v1/items?limit=50&page=1';

    /** `clients` loops of GET items until `isDone()`; each latency is kept with the phase it ended in. */
    const readWhile = async (isDone: () => boolean, phase: () => string, samples: Map<string, number[]>) => {
      const loop = async () => {
        while (!isDone()) {
          const started = performance.now();
          const response = await fetch(`${server.url}${readPath}`, { headers: auth });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`GET items answered ${response.status}`);
          const key = phase();
          const list = samples.get(key) ?? [];
          list.push(performance.now() - started);
          samples.set(key, list);
        }
      };
      await Promise.all(Array.from({ length: clients }, loop));
    };

    const report: Record<string, unknown> = {
      itemCount,
      clients,
      readPath,
      loadAverageAtStart: os.loadavg().map((n) => n.toFixed(1)),
    };
    // Warm-up, then the reads with no import.
    const warm = Date.now() + 3_000;
    await readWhile(
      () => Date.now() > warm,
      () => 'warm-up',
      new Map(),
    );
    const baselineEnd = Date.now() + Number(args.baseline) * 1000;
    const baseline = new Map<string, number[]>();
    await readWhile(
      () => Date.now() > baselineEnd,
      () => 'no import',
      baseline,
    );
    report['reads, no import'] = summarise(baseline.get('no import') ?? []);
    log(`reads with no import: ${JSON.stringify(report['reads, no import'])}`);

    for (const round of [1, 2]) {
      const guide = buildGuide(round);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      const form = multipart(
        {
          distributor_id: String(DEMO_IDS.distributors.harborline),
          merchantIds: JSON.stringify([DEMO_IDS.locations.harborGrill]),
          start_date: today,
          end_date: '2099-12-31',
        },
        guide,
      );
      const started = performance.now();
      const accepted = await fetch(`${server.url}/api/v1/order-guides/front-upload`, {
        method: 'POST',
        headers: { ...auth, 'content-type': form.type },
        body: form.body,
      });
      const acceptedMs = performance.now() - started;
      const upload = ((await accepted.json()) as { data: { id: number; status: string } }).data;
      if (accepted.status !== 202) throw new Error(`the upload answered ${accepted.status}: ${JSON.stringify(upload)}`);
      let phase = 'queued';
      let readingDoneMs = NaN;
      let settled = false;
      let progressWrites = 0;
      let lastProgress = -1;
      const samples = new Map<string, number[]>();
      const poll = async () => {
        while (!settled) {
          const response = await fetch(`${server.url}/api/v1/order-guides/uploads/${upload.id}`, { headers: auth });
          const status = ((await response.json()) as { data: { status: string; progress: number; message: string } }).data;
          if (status.status === 'processing' && status.progress !== lastProgress) {
            progressWrites += 1;
            lastProgress = status.progress;
          }
          if (status.status === 'processing') {
            const next = status.message.startsWith('Applying') ? 'applying' : 'reading';
            if (next === 'applying' && phase !== 'applying') readingDoneMs = performance.now() - started;
            phase = next;
          }
          if (status.status === 'applied' || status.status === 'failed') {
            if (status.status === 'failed') throw new Error(`the import failed: ${status.message}`);
            settled = true;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await Promise.all([
        poll(),
        readWhile(
          () => settled,
          () => phase,
          samples,
        ),
      ]);
      const totalMs = performance.now() - started;
      const name = round === 1 ? 'first import (50,000 new offers)' : 'second import (same DINs, new prices)';
      report[name] = {
        fileBytes: guide.length,
        answered202Ms: Math.round(acceptedMs),
        readingAndStagingMs: Math.round(readingDoneMs),
        finalTransactionMs: Math.round(totalMs - readingDoneMs),
        totalMs: Math.round(totalMs),
        distinctProgressSeen: progressWrites,
        'reads while reading': summarise(samples.get('reading') ?? []),
        'reads while applying': summarise(samples.get('applying') ?? []),
        'reads, whole import': summarise([...samples.values()].flat()),
      };
      log(`${name}: ${JSON.stringify(report[name])}`);
      // The list now holds the guide's items: the reads with no import again, to compare with.
      const idleEnd = Date.now() + Number(args.baseline) * 1000;
      const idle = new Map<string, number[]>();
      await readWhile(
        () => Date.now() > idleEnd,
        () => 'no import',
        idle,
      );
      report[`reads, no import, after the ${round === 1 ? 'first' : 'second'} import`] = summarise(idle.get('no import') ?? []);
      log(`reads with no import after round ${round}: ${JSON.stringify(summarise(idle.get('no import') ?? []))}`);
    }
    report.loadAverageAtEnd = os.loadavg().map((n) => n.toFixed(1));
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
