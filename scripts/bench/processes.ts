/**
 * `npm run bench:processes` — how throughput changes with the number of server processes
 * (`WORKERS=N`, docs/scaling.md step 1) on this machine, against one PostgreSQL. For each N it starts
 * the real server (demo data, loaded by its first start into its own database), signs in, and drives
 * a few routes with autocannon: the framework floor (no-op), the place-order list page and a search.
 * Prints a markdown table and writes bench/results/processes-<timestamp>.json.
 *
 *   --workers 1,2         the process counts to compare (default 1,2)
 *   --duration S          seconds per measured run (default 10)
 *   --connections C       concurrent connections (default 20)
 *   --database-url URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { recreateBenchDatabase } from './bench-database';
import { itemsPath, signInAll, simpleGet } from './api-scenarios';
import { runLoad, type LoadResult, type Request } from './load';
import { startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (message: string) => console.error(message);

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});

const workerCounts = args.workers.split(',').map((n) => Number.parseInt(n, 10));
const seconds = Number(args.duration);
const connections = Number(args.connections);
const serverUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'stockpot_bench_processes';

interface Row {
  workers: number;
  scenario: string;
  result: LoadResult;
}

async function main(): Promise<void> {
  const databaseUrl = await recreateBenchDatabase(serverUrl, databaseName);
  const rows: Row[] = [];
  for (const workers of workerCounts) {
    log(`Starting the server with WORKERS=${workers}…`);
    const server = await startServer({
      root,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        BENCH_NOOP: '1',
        SIGN_IN_MAX_PER_MINUTE: '100000',
        SIGN_IN_MAX_FAILURES: '100000',
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(os.tmpdir(), 'stockpot-bench-processes'),
        WEB_DIST: '/nonexistent',
        WORKERS: String(workers),
      },
    });
    try {
      const users = await signInAll(server.url, ['owner@demo.test', 'chef@demo.test']);
      const scenarios: [string, Request][] = [
        ['framework floor: GET /api/bench/noop', simpleGet('/api/bench/noop')],
        ['list page: GET items (default sort, 50)', simpleGet('/api/v1/items?limit=50&page=1', users)],
        ['search: GET items, search "chicken"', simpleGet(itemsPath({ sort: 'relevance', search: 'chicken' }, 1), users)],
      ];
      for (const [scenario, request] of scenarios) {
        const result = await runLoad(
          { url: server.url, connections, duration: seconds, warmupSeconds: 2, requests: [request] },
          server.pid,
        );
        log(`  ${scenario}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, non-2xx ${result.non2xx}`);
        rows.push({ workers, scenario, result });
      }
    } finally {
      await server.stop();
    }
  }

  const lines = [
    `Processes bench: ${os.cpus().length} CPUs, Node ${process.version}, ${connections} connections, ${seconds} s per run, demo data on PostgreSQL.`,
    '',
    '| scenario | WORKERS | req/s | p50 ms | p95 ms | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.scenario} | ${r.workers} | ${r.result.rps} | ${r.result.p50} | ${r.result.p95} | ${r.result.non2xx} |`,
    ),
  ];
  console.log(lines.join('\n'));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(
    path.join(root, `bench/results/processes-${stamp}.json`),
    JSON.stringify({ connections, seconds, cpus: os.cpus().length, rows }, null, 2),
  );
}

await main();
