/**
 * `npm run bench` — Stockpot's benchmark suite (docs/performance.md). Loads the chain-scale data set
 * into PostgreSQL (127.0.0.1:5432; the embedded PGlite when it does not answer), starts the real
 * server, measures the API scenarios with autocannon next to their floors (a no-op route of the same
 * server, and the same SQL straight through pg), weighs the web app's routes and runs Lighthouse.
 * Prints one markdown table and writes bench/results/<timestamp>.json.
 *
 *   --quick               smaller data set and shorter runs (under five minutes)
 *   --reuse-data          keep the bench database when it already holds this scale's data
 *   --duration S          seconds per measured run (default 10, quick 3)
 *   --database-name NAME  the bench database on the server (default stockpot_bench, quick stockpot_bench_quick)
 *   --only REGEX          run only the API scenarios (and the live-events row) whose name matches
 *   --skip-live           skip the live-events run (issue 40: 200 open streams, a cart save's event delay)
 *   --skip-invoices       skip the 500-invoice import (issue 36: one batch of X12 810s as jobs, reads meanwhile)
 *   --skip-api | --skip-web | --skip-lighthouse
 *   --no-explain          skip EXPLAIN (ANALYZE, BUFFERS) of the list/search SQL
 *   --profile             record the server's CPU profile (in the temp folder) and list its hot functions
 *   --database-url URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 *   --users N             how many chain managers sign in (default: all of the scale's locations)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { LARGE_SCALES, managerEmail, regionalEmail, type LargeScale } from '../../packages/db/seed/large/index';
import { printSummary, seedLargePglite, seedLargePostgres, type LargeSeedRun } from '../../packages/db/scripts/seed-large';
import {
  cartUpdateRequest,
  listRequest,
  LIST_PAGE_SORTS,
  loadBenchLocations,
  orderRequest,
  perUserGet,
  prepareOrderJobs,
  routeExists,
  searchRequest,
  signInAll,
  simpleGet,
  suggestionsRequest,
  SUGGESTED_ORDERS_SCENARIO,
  type BenchLocation,
  type BenchUser,
  type Query,
} from './api-scenarios';
import { explainListQuery, floorFilters, loadCatalogService, runDatabaseFloor, type ExplainResult } from './db-floor';
import { runLighthouse, type LighthouseScore } from './lighthouse';
import { INVOICE_IMPORT_NAME, measureInvoiceImport, type InvoiceImportResult } from './invoice-import';
import { LIVE_EVENTS_NAME, measureLiveEvents, type LiveEventsRow } from './live-events';
import { runLoad, type LoadSpec } from './load';
import { findCpuProfile, summariseByPackage, summariseCpuProfile, type HotFunction } from './profile';
import { BUDGETS, renderTable, verdict, webBudgetFailures, type LiveEventsResult, type ScenarioRow } from './report';
import { buildSearchTerms } from './search-terms';
import { cpuPerAnswer, readLifetimePeakMb, setBenchDatabase, startServer, type ServerHandle } from './server';
import { buildWeb, measureRoutes, type WebBuild } from './web';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (message: string) => console.error(message);

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'database-name': { type: 'string' },
    'reuse-data': { type: 'boolean', default: false },
    duration: { type: 'string' },
    only: { type: 'string' },
    'skip-api': { type: 'boolean', default: false },
    'skip-web': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-live': { type: 'boolean', default: false },
    'skip-invoices': { type: 'boolean', default: false },
    'no-explain': { type: 'boolean', default: false },
    // A second process runs the job queue (documents, e-mail) and the measured server only serves
    // (JOBS_WORK=0): the web-plus-worker layout docs/scaling.md describes. PostgreSQL only.
    'job-worker': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    users: { type: 'string' },
  },
});

const scale: LargeScale = args.quick ? LARGE_SCALES.quick : LARGE_SCALES.large;
const seconds = Number(args.duration ?? (args.quick ? 3 : 10));
const warmupSeconds = args.quick ? 1 : 3;
// Quick mode warms up the first scenario of each kind only: the list pages and the database floors
// run code and plans the item search has warmed already, and five minutes is the budget.
const listWarmupSeconds = args.quick ? 0 : warmupSeconds;
const READ_CONNECTIONS = 50;
const ORDER_CONNECTIONS = 10;
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const only = args.only ? new RegExp(args.only, 'i') : null;

async function isPostgresUp(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const [row] = (await client.query('SHOW server_version')).rows as { server_version: string }[];
    return row.server_version;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresSettings(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (
      await client.query(
        `SELECT name, setting || coalesce(unit, '') AS value FROM pg_settings
          WHERE name IN ('shared_buffers','work_mem','effective_cache_size','max_connections','jit','random_page_cost','max_parallel_workers_per_gather')`,
      )
    ).rows as { name: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  } finally {
    await client.end();
  }
}

async function readMarker(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const rows = (
      await client.query(
        `SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = current_database()`,
      )
    ).rows as { marker: string | null }[];
    return rows[0]?.marker ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Engine {
  kind: 'postgres' | 'pglite';
  description: string;
  databaseUrl?: string;
  pgliteDir?: string;
  postgresVersion?: string;
  settings?: Record<string, string>;
}

const serverUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function prepareData(): Promise<{ engine: Engine; seed: LargeSeedRun | null; seedSkipped: boolean }> {
  const version = await isPostgresUp(serverUrl);
  if (version) {
    const databaseUrl = withDatabase(
      serverUrl,
      args['database-name'] ?? (scale.name === 'quick' ? 'stockpot_bench_quick' : 'stockpot_bench'),
    );
    const engine: Engine = {
      kind: 'postgres',
      description: `PostgreSQL ${version} at ${new URL(databaseUrl).host}`,
      databaseUrl,
      postgresVersion: version,
      settings: await postgresSettings(serverUrl),
    };
    const marker = await readMarker(databaseUrl);
    if (args['reuse-data'] && marker?.startsWith(`stockpot-large ${scale.name} `)) {
      log(`Reusing the ${scale.name} data set in ${databaseUrl} (${marker}).`);
      return { engine, seed: null, seedSkipped: true };
    }
    log(`Loading the ${scale.name} data set into ${databaseUrl} (dropped and recreated)…`);
    const seed = await seedLargePostgres(databaseUrl, { scale, reset: true, log: (m) => log(`  ${m}`) });
    printSummary(seed, log);
    return { engine, seed, seedSkipped: false };
  }
  // No PostgreSQL: the embedded database, at quick scale (PGlite is one connection in one process).
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'stockpot-bench-pglite-'));
  log(
    `PostgreSQL does not answer at ${new URL(serverUrl).host}: falling back to the embedded PGlite in ${pgliteDir}, quick-scale data.`,
  );
  const seed = await seedLargePglite(pgliteDir, { scale: LARGE_SCALES.quick, log: (m) => log(`  ${m}`) });
  printSummary(seed, log);
  return {
    engine: {
      kind: 'pglite',
      description: `embedded PGlite (PostgreSQL did not answer at ${new URL(serverUrl).host})`,
      pgliteDir,
    },
    seed,
    seedSkipped: false,
  };
}

const CHAIN_OWNER_EMAIL = 'owner@chain.demo.test';
const CHAIN_OWNER_USERS = 20;

/**
 * A user of every chain location (issue 39's "user with 200 locations"), which the data set does
 * not have: regional01's account copied (same company and password) and made a member of each
 * location a chain manager runs. Kept between runs (--reuse-data); returns its location count.
 */
async function addChainOwner(query: Query): Promise<number> {
  await query(
    `INSERT INTO users (company_id, email, password_hash, first_name, last_name, title, role, active_location_id)
     SELECT company_id, $1, password_hash, 'Chain', 'Owner', 'Owner', role, active_location_id
       FROM users WHERE email = $2
     ON CONFLICT (email) DO NOTHING`,
    [CHAIN_OWNER_EMAIL, regionalEmail(0)],
  );
  await query(
    `INSERT INTO user_locations (user_id, location_id)
     SELECT owner.id, ul.location_id
       FROM users owner
       CROSS JOIN (SELECT DISTINCT ul.location_id FROM user_locations ul JOIN users m ON m.id = ul.user_id
                    WHERE m.email LIKE 'manager%@chain.demo.test') ul
      WHERE owner.email = $1
     ON CONFLICT DO NOTHING`,
    [CHAIN_OWNER_EMAIL],
  );
  const [row] = await query<{ count: number }>(
    `SELECT count(*)::int AS count FROM user_locations ul JOIN users u ON u.id = ul.user_id WHERE u.email = $1`,
    [CHAIN_OWNER_EMAIL],
  );
  return row?.count ?? 0;
}

async function withQuery<T>(engine: Engine, task: (query: Query) => Promise<T>): Promise<T> {
  if (engine.kind === 'postgres') {
    const client = new pg.Client({ connectionString: engine.databaseUrl });
    await client.connect();
    try {
      return await task(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(engine.pgliteDir!, 'pglite'), { extensions: { pg_trgm, btree_gin } });
  try {
    return await task(async <R>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows);
  } finally {
    await db.close();
  }
}

/**
 * Waits until no statement of the bench database is running (the previous run's abandoned requests
 * have finished), at most 60 s. PGlite: a fixed pause.
 */
async function openQuietProbe(engine: Engine): Promise<{ quiet: () => Promise<void>; close: () => Promise<void> }> {
  if (engine.kind !== 'postgres') {
    return { quiet: () => new Promise((resolve) => setTimeout(resolve, 2_000)), close: async () => {} };
  }
  const client = new pg.Client({ connectionString: engine.databaseUrl });
  await client.connect();
  return {
    quiet: async () => {
      const deadline = Date.now() + 60_000;
      let calm = 0;
      while (calm < 2 && Date.now() < deadline) {
        const rows = (
          await client.query(
            `SELECT count(*)::int AS active FROM pg_stat_activity
              WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
          )
        ).rows as { active: number }[];
        calm = rows[0].active === 0 ? calm + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => client.end(),
  };
}

async function main(): Promise<void> {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const phaseStart = performance.now();
  const { engine, seed, seedSkipped } = await prepareData();
  const dataSeconds = Math.round((performance.now() - phaseStart) / 1000);
  // Database CPU is this database's backends' alone (the server is shared on a busy machine).
  setBenchDatabase(engine.databaseUrl ? new URL(engine.databaseUrl).pathname.slice(1) : null);
  const results: Record<string, unknown> = {
    startedAt: startedAt.toISOString(),
    mode: args.quick ? 'quick' : 'full',
    scale,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    database: engine,
    seed: seed?.summary ?? (seedSkipped ? 'reused' : null),
    durations: { measuredSeconds: seconds, warmupSeconds, listWarmupSeconds },
  };

  // The web build first: the server serves it (Lighthouse needs it) from the bench's own folder.
  let web: (WebBuild & { error?: string }) | null = null;
  const webDir = path.join(os.tmpdir(), 'stockpot-bench-web');
  if (!args['skip-web'] || !args['skip-lighthouse']) {
    try {
      log('Building the web app with a manifest…');
      const buildSeconds = buildWeb(root, webDir);
      web = { distDir: webDir, buildSeconds, ...measureRoutes(webDir) };
    } catch (error) {
      web = {
        distDir: path.join(root, 'apps/web/dist'),
        buildSeconds: null,
        routes: [],
        allJsGzipKb: 0,
        error: (error as Error).message,
      };
    }
  }
  results.web = web;

  // Who signs in, and what their requests are built from.
  const wanted = Number(args.users ?? scale.locations);
  const emails = Array.from({ length: Math.min(wanted, scale.locations) }, (_, i) => managerEmail(i));
  const locationIds = await withQuery(engine, (query) =>
    query<{ id: number }>(`SELECT active_location_id AS id FROM users WHERE email = ANY($1::text[])`, [emails]),
  ).then((rows) => rows.map((r) => r.id));
  const locations: Map<number, BenchLocation> = await withQuery(engine, (query) => loadBenchLocations(query, locationIds));
  const chainOwnerLocations = await withQuery(engine, addChainOwner);
  const terms = [...buildSearchTerms(), ...[...locations.values()].slice(0, 10).flatMap((l) => l.dins.slice(0, 1))];
  results.searchTerms = { count: terms.length, sample: terms.slice(0, 25) };

  const profileDir = path.join(os.tmpdir(), 'stockpot-bench-profiles', stamp);
  if (args.profile) mkdirSync(profileDir, { recursive: true });
  const serverEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    BENCH_NOOP: '1',
    SIGN_IN_MAX_PER_MINUTE: '100000',
    SIGN_IN_MAX_FAILURES: '100000',
    DATA_DIR: engine.kind === 'pglite' ? engine.pgliteDir! : path.join(os.tmpdir(), 'stockpot-bench-data'),
    DATABASE_URL: engine.kind === 'postgres' ? engine.databaseUrl! : '',
    WEB_DIST: web?.distDir ?? path.join(root, 'apps/web/dist'),
  };
  const separateWorker = args['job-worker'] && engine.kind === 'postgres';
  const server: ServerHandle = await startServer({
    root,
    profileDir: args.profile ? profileDir : undefined,
    env: separateWorker ? { ...serverEnv, JOBS_WORK: '0' } : serverEnv,
  });
  // Its CPU counts as "other" in the table: the measured server's figures are the request path's.
  const jobWorker = separateWorker ? await startServer({ root, env: { ...serverEnv, JOBS_WORK: '1' } }) : null;
  if (jobWorker) log(`Job worker up (pid ${jobWorker.pid}); the measured server runs no jobs.`);
  log(`Server up at ${server.url} (pid ${server.pid}, ${engine.description}).`);

  const scenarios: ScenarioRow[] = [];
  const explains: ExplainResult[] = [];
  const drain = await openQuietProbe(engine);
  const phases: Record<string, number> = { dataSeconds };
  const apiStart = performance.now();
  let lighthouse: LighthouseScore[] | null = null;
  let lighthouseError: string | undefined;
  let peakMb = 0;
  let hot: HotFunction[] | null = null;
  let byPackage: { package: string; selfPct: number }[] | null = null;
  try {
    const users: BenchUser[] = args['skip-api'] && args['skip-lighthouse'] ? [] : await signInAll(server.url, emails);
    log(`${users.length} users signed in, ${locations.size} locations.`);

    if (!args['skip-api']) {
      const service =
        engine.kind === 'postgres'
          ? await loadCatalogService()
          : 'the database floor needs PostgreSQL (PGlite is one connection inside the server)';
      const measure = async (
        row: Omit<ScenarioRow, 'result' | 'skipped'>,
        spec: Omit<LoadSpec, 'url' | 'connections'>,
        probe?: () => Promise<boolean>,
      ) => {
        if (only && row.kind === 'api' && !only.test(row.name)) return;
        if (probe && !(await probe())) {
          scenarios.push({ ...row, skipped: 'endpoint not built yet' });
          log(`- ${row.name}: skipped (endpoint not built yet)`);
          return;
        }
        const result = await runLoad({ url: server.url, connections: row.connections, quiet: drain.quiet, ...spec }, server.pid);
        peakMb = Math.max(peakMb, result.peakRssMb);
        scenarios.push({ ...row, result });
        const per = cpuPerAnswer(result, result.requests);
        log(
          `- ${row.name}: ${result.rps} req/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, CPU/answer ${per.server} + ${per.database} ms, non-2xx ${result.non2xx}${result.sampleErrorBody ? ` (${result.sampleErrorBody.slice(0, 160)})` : ''}`,
        );
      };
      const dbFloor = async (name: string, next: Parameters<typeof runDatabaseFloor>[0]['next']) => {
        if (only && !only.test(name.replace(/^database floor: /, ''))) return;
        if (typeof service === 'string') {
          scenarios.push({
            name,
            kind: 'database floor',
            request: 'catalog listItems via pg.Pool',
            connections: READ_CONNECTIONS,
            skipped: service,
          });
          return;
        }
        const result = await runDatabaseFloor({
          url: engine.databaseUrl!,
          service,
          connections: READ_CONNECTIONS,
          seconds,
          warmupSeconds: listWarmupSeconds,
          serverPid: server.pid,
          next,
          quiet: drain.quiet,
        });
        scenarios.push({
          name,
          kind: 'database floor',
          request: 'catalog listItems via pg.Pool',
          connections: READ_CONNECTIONS,
          result,
        });
        log(`- ${name}: ${result.rps} q/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, failures ${result.errors}`);
      };
      const firstUser = users[0];
      const floor50 = 'framework floor: GET /api/bench/noop';
      const floor10 = `framework floor: GET /api/bench/noop (${ORDER_CONNECTIONS} conc.)`;

      await measure(
        { name: floor50, kind: 'framework floor', request: 'GET /api/bench/noop', connections: READ_CONNECTIONS },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/bench/noop')] },
      );
      await measure(
        {
          name: 'health: GET /api/health (SELECT 1)',
          kind: 'api',
          request: 'GET /api/health',
          connections: READ_CONNECTIONS,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/health')] },
      );
      await measure(
        {
          name: 'current user: GET users/current-user',
          kind: 'api',
          request: 'GET /api/v1/users/current-user',
          connections: READ_CONNECTIONS,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/users/current-user', users)] },
      );

      await measure(
        {
          name: 'order history: GET orders, page 1 (24 a page)',
          kind: 'api',
          request: 'GET /api/v1/orders?page=1&limit=24',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.orderHistoryP95Ms,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/orders?page=1&limit=24', users)] },
        () => routeExists(server.url, firstUser, 'GET', '/api/v1/orders?limit=1'),
      );

      // Issue 20's main read: the distributor list with reps and each one's last order guide (its item count).
      await measure(
        {
          name: 'distributors: GET distributors?expand=dsrs,lastOrderGuide',
          kind: 'api',
          request: 'GET /api/v1/distributors?expand=dsrs,lastOrderGuide',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.distributorsP95Ms,
          frameworkFloor: floor50,
        },
        {
          duration: seconds,
          warmupSeconds,
          requests: [simpleGet('/api/v1/distributors?expand=dsrs,lastOrderGuide', users)],
        },
        () => routeExists(server.url, firstUser, 'GET', '/api/v1/distributors?expand=dsrs'),
      );

      // Issue 19's main read: a year of the location's headline figures and donuts.
      await measure(
        {
          name: 'analytics: GET analytics, YEARLY (headline figures and donuts)',
          kind: 'api',
          request: 'GET /api/v1/analytics?filter_type=YEARLY',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.analyticsP95Ms,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/analytics?filter_type=YEARLY', users)] },
        () => routeExists(server.url, firstUser, 'GET', '/api/v1/analytics?filter_type=WEEKLY'),
      );

      // Issue 39's read: a regional manager's chain (the region's locations, each in its own time
      // zone) for a year, from the analytics daily aggregates. Regions that do not exist at this
      // scale fail to sign in and are left out.
      const chainName = 'chain: GET chain/summary, YEARLY (a regional manager’s locations)';
      if (!only || only.test(chainName)) {
        const regionals = await signInAll(
          server.url,
          Array.from({ length: 10 }, (_, i) => regionalEmail(i)),
        ).catch(() => [] as BenchUser[]);
        if (regionals.length === 0) {
          scenarios.push({
            name: chainName,
            kind: 'api',
            request: 'GET /api/v1/chain/summary?filter_type=YEARLY',
            connections: READ_CONNECTIONS,
            skipped: 'no regional manager',
          });
        } else {
          await measure(
            {
              name: chainName,
              kind: 'api',
              request: 'GET /api/v1/chain/summary?filter_type=YEARLY',
              connections: READ_CONNECTIONS,
              budgetP95Ms: BUDGETS.chainSummaryP95Ms,
              frameworkFloor: floor50,
            },
            { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/chain/summary?filter_type=YEARLY', regionals)] },
            () => routeExists(server.url, regionals[0], 'GET', '/api/v1/chain/summary?filter_type=WEEKLY'),
          );
        }
      }

      // Issue 39's bar: a year's chain view for a user of every chain location (200 at full scale)
      // at 20 users; the three reads the chain page makes. The data set has no such user: the
      // bench adds one (addChainOwner), signed in 20 times.
      const ownerReads = [
        ['chain: GET chain/summary, YEARLY (an owner of every location, 20 users)', '/api/v1/chain/summary?filter_type=YEARLY'],
        [
          'chain: GET chain/price-variance, YEARLY (an owner of every location, 20 users)',
          '/api/v1/chain/price-variance?filter_type=YEARLY&page=1',
        ],
        ['chain: GET chain/stock (an owner of every location, 20 users)', '/api/v1/chain/stock'],
      ].filter(([name]) => !only || only.test(name!));
      if (ownerReads.length > 0) {
        const owners = await signInAll(server.url, Array<string>(CHAIN_OWNER_USERS).fill(CHAIN_OWNER_EMAIL));
        log(`Chain owner: ${chainOwnerLocations} locations.`);
        for (const [name, request] of ownerReads) {
          await measure(
            {
              name: name!,
              kind: 'api',
              request: `GET ${request}`,
              connections: CHAIN_OWNER_USERS,
              budgetP95Ms: BUDGETS.chainViewP95Ms,
            },
            { duration: seconds, warmupSeconds, requests: [simpleGet(request!, owners)] },
          );
        }
      }

      // Each area's main read (issues 15, 16, 17, 21, 22), by the managers of the locations that
      // have the area on and its data (area-data.ts of the large data set); paths as the web app asks.
      const areaScenario = async (
        row: { name: string; request: string; budgetP95Ms: number },
        has: (location: BenchLocation) => boolean,
        pathOf: (user: BenchUser, location: BenchLocation) => string,
      ) => {
        const areaUsers = users.filter((u) => {
          const location = locations.get(u.locationId);
          return location !== undefined && has(location);
        });
        const full = { ...row, kind: 'api' as const, connections: READ_CONNECTIONS, frameworkFloor: floor50 };
        if (only && !only.test(row.name)) return;
        if (areaUsers.length === 0) {
          scenarios.push({ ...full, skipped: 'no location of the data set has this area and its data' });
          log(`- ${row.name}: skipped (no location has this area's data)`);
          return;
        }
        const pathFor = (user: BenchUser) => pathOf(user, locations.get(user.locationId)!);
        await measure(
          { ...full, name: `${row.name} (${areaUsers.length} locations)` },
          { duration: seconds, warmupSeconds, requests: [perUserGet(areaUsers, pathFor)] },
          () => routeExists(server.url, areaUsers[0], 'GET', pathFor(areaUsers[0])),
        );
      };
      const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
      await areaScenario(
        {
          name: 'inventory counts: GET inventory, past inventories page 1 (12 a page)',
          request: 'GET /api/v1/inventory?page=1&limit=12',
          budgetP95Ms: BUDGETS.pastInventoriesP95Ms,
        },
        (l) => l.areas.inventory,
        () => '/api/v1/inventory?page=1&limit=12',
      );
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await areaScenario(
        {
          name: 'recipes: GET recipe, one menu category with POS sales of a week, page 1 (20 a page)',
          request:
            'GET /api/v1/recipe?filters=[menu category]&expand=posQuantitySold,posTotalSold,menu&bgn_date&end_date&limit=20',
          budgetP95Ms: BUDGETS.recipesP95Ms,
        },
        (l) => l.areas.recipeCosting && l.areas.menuCategoryId !== null,
        (_, l) =>
          `/api/v1/recipe?${q({
            filters: JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value: l.areas.menuCategoryId }]),
            expand: 'posQuantitySold,posTotalSold,menu',
            bgn_date: weekAgo,
            end_date: yesterday,
            sort: 'name',
            page: '1',
            limit: '20',
          })}`,
      );
      await areaScenario(
        {
          name: 'accounting: GET merchant-accounting, most purchased, page 1',
          request: 'GET /api/v1/merchant-accounting?filterOptions={search:"",sort:most_purchased,product:ALL}&page=1',
          budgetP95Ms: BUDGETS.accountingP95Ms,
        },
        (l) => l.areas.accounting,
        () =>
          `/api/v1/merchant-accounting?${q({
            filterOptions: JSON.stringify({ search: '', sort: 'most_purchased', product: 'ALL' }),
            page: '1',
          })}`,
      );
      await areaScenario(
        {
          name: 'messages: GET users/get-message (the pop-ups on place-order)',
          request: 'GET /api/v1/users/get-message?merchant_id=:location',
          budgetP95Ms: BUDGETS.messagesP95Ms,
        },
        () => true,
        (user) => `/api/v1/users/get-message?merchant_id=${user.locationId}`,
      );

      await areaScenario(
        {
          name: 'price changes: GET order-guides/:id/price-changes (the latest guide against the one before)',
          request: 'GET /api/v1/order-guides/:id/price-changes',
          budgetP95Ms: BUDGETS.priceChangesP95Ms,
        },
        (l) => l.areas.latestGuideId !== null,
        (_, l) => `/api/v1/order-guides/${l.areas.latestGuideId}/price-changes`,
      );

      await areaScenario(SUGGESTED_ORDERS_SCENARIO.row, SUGGESTED_ORDERS_SCENARIO.has, SUGGESTED_ORDERS_SCENARIO.pathOf);

      // Last of the areas: its answers are the heaviest (≈ 280 KB for 70 groups at quick scale), and
      // requests still queued in the server when its window closes would slow the next scenario.
      await areaScenario(
        {
          name: 'inventory view: GET comparison-views/:id/groups, items expanded, page 1 (70 groups)',
          request: 'GET /api/v1/comparison-views/:id/groups?expand=items,purchased,onHandTotal,units&limit=70',
          budgetP95Ms: BUDGETS.inventoryViewP95Ms,
        },
        (l) => l.areas.inventoryListId !== null,
        (_, l) =>
          `/api/v1/comparison-views/${l.areas.inventoryListId}/groups?${q({
            page: '1',
            limit: '70',
            expand: 'items,purchased,onHandTotal,units',
            filterOptions: JSON.stringify({ sort: 'custom' }),
            filters: JSON.stringify({ name: '' }),
          })}`,
      );

      const searchFloor = `database floor: item search (${terms.length} terms)`;
      const userAt = (n: number) => users[n % users.length];
      const pagesOf = (user: BenchUser) => Math.max(1, Math.ceil((locations.get(user.locationId)?.itemCount ?? 0) / 50));
      const itemsProbe = () => routeExists(server.url, firstUser, 'GET', '/api/v1/items?limit=1');
      await measure(
        {
          name: `item search: GET items, relevance, ${terms.length} rotating terms`,
          kind: 'api',
          request: 'GET /api/v1/items?filterOptions={sort:relevance,search}&limit=50&page=1',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.searchP95Ms,
          frameworkFloor: floor50,
          databaseFloor: searchFloor,
        },
        { duration: seconds, warmupSeconds, requests: [searchRequest(users, terms)] },
        itemsProbe,
      );
      if (scenarios.at(-1)?.result) {
        await dbFloor(searchFloor, (n) => ({
          locationId: userAt(n).locationId,
          filters: floorFilters(terms[(n * 7) % terms.length], 'relevance'),
          page: 1,
        }));
        // One user alone: what a search costs before any queueing.
        await measure(
          {
            name: 'item search, 1 user at a time',
            kind: 'api',
            request: 'GET /api/v1/items (search)',
            connections: 1,
            frameworkFloor: floor50,
          },
          { duration: seconds, warmupSeconds: 0, requests: [searchRequest(users, terms)] },
        );
      }
      await measure(
        {
          name: 'search suggestions: GET items/search-suggestions',
          kind: 'api',
          request: 'GET /api/v1/items/search-suggestions?search=',
          connections: READ_CONNECTIONS,
          frameworkFloor: floor50,
          databaseFloor: searchFloor,
        },
        { duration: seconds, warmupSeconds, requests: [suggestionsRequest(users, terms)] },
        () => routeExists(server.url, firstUser, 'GET', '/api/v1/items/search-suggestions?search=tom'),
      );

      // Quick mode reads the deepest page of two sorts only (the two with a database floor), to stay under five minutes.
      const quickDeepSorts = new Set(['most-purchased', 'a-z']);
      for (const sort of LIST_PAGE_SORTS) {
        for (const deep of args.quick && !quickDeepSorts.has(sort) ? [false] : [false, true]) {
          const label = `list ${sort}, ${deep ? 'last page' : 'page 1'}`;
          const floorName = `database floor: ${label}`;
          await measure(
            {
              name: `${label}: GET items`,
              kind: 'api',
              request: `GET /api/v1/items?filterOptions={sort:${sort}}&page=${deep ? 'last' : 1}`,
              connections: READ_CONNECTIONS,
              frameworkFloor: floor50,
              databaseFloor:
                !args.quick || (sort === 'most-purchased' && !deep) || (sort === 'a-z' && deep) ? floorName : undefined,
            },
            { duration: seconds, warmupSeconds: listWarmupSeconds, requests: [listRequest(users, locations, sort, deep)] },
            itemsProbe,
          );
          // Quick mode measures the database floor of two list variants only, to stay under five minutes.
          const wantsFloor = !args.quick || (sort === 'most-purchased' && !deep) || (sort === 'a-z' && deep);
          if (scenarios.at(-1)?.result && wantsFloor) {
            await dbFloor(floorName, (n) => ({
              locationId: userAt(n).locationId,
              filters: floorFilters('', sort),
              page: deep ? pagesOf(userAt(n)) : 1,
            }));
          }
        }
      }

      await measure(
        {
          name: `cart update: POST shopping-carts, ${users.length} users`,
          kind: 'api',
          request: 'POST /api/v1/shopping-carts',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.cartUpdateP95Ms,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [cartUpdateRequest(users, locations)] },
        () => routeExists(server.url, firstUser, 'GET', '/api/v1/shopping-carts'),
      );
      if (scenarios.at(-1)?.result) {
        await measure(
          {
            name: 'cart update, 1 user at a time',
            kind: 'api',
            request: 'POST /api/v1/shopping-carts',
            connections: 1,
            frameworkFloor: floor50,
          },
          { duration: seconds, warmupSeconds: 0, requests: [cartUpdateRequest(users, locations)] },
        );
      }

      if (!only || only.test('order submit')) {
        const ordersExist = await routeExists(server.url, firstUser, 'POST', '/api/v1/orders', {});
        const cartExists = await routeExists(server.url, firstUser, 'GET', '/api/v1/shopping-carts');
        const name = 'order submit: POST /orders (cart → order)';
        const row = {
          name,
          kind: 'api' as const,
          request: 'POST /api/v1/orders',
          connections: ORDER_CONNECTIONS,
          budgetP95Ms: BUDGETS.orderSubmitP95Ms,
          frameworkFloor: floor10,
        };
        if (!ordersExist || !cartExists) {
          scenarios.push({ ...row, skipped: !ordersExist ? 'endpoint not built yet' : 'the cart endpoint is not built yet' });
        } else {
          await measure(
            { name: floor10, kind: 'framework floor', request: 'GET /api/bench/noop', connections: ORDER_CONNECTIONS },
            { duration: seconds, warmupSeconds, requests: [simpleGet('/api/bench/noop')] },
          );
          log('  preparing carts for the order scenario…');
          const { jobs, problems } = await prepareOrderJobs(server.url, users, locations, args.quick ? 6 : 8);
          if (jobs.length === 0) {
            scenarios.push({ ...row, skipped: `no order could be prepared${problems.length ? `: ${problems[0]}` : ''}` });
          } else {
            // A fifth of the prepared orders go one at a time (the cost of one submission), the rest 10 at once.
            const alone = jobs.filter((_, i) => i % 5 === 0);
            const together = jobs.filter((_, i) => i % 5 !== 0);
            await measure(row, { amount: together.length, requests: [orderRequest(together, `${stamp}-c`)] });
            await measure(
              { ...row, name: 'order submit, 1 user at a time', connections: 1, budgetP95Ms: undefined },
              { amount: alone.length, requests: [orderRequest(alone, `${stamp}-1`)] },
            );
          }
        }
      }

      if (
        !args['no-explain'] &&
        typeof service !== 'string' &&
        scenarios.some((s) => s.name.startsWith('item search') && s.result)
      ) {
        log('EXPLAIN (ANALYZE, BUFFERS) of the list SQL…');
        const user = users[Math.floor(users.length / 2)];
        const explainTerms = ['chicken', 'roma tomato', 'chiken', terms[5]];
        for (const term of explainTerms) {
          explains.push(
            ...(await explainListQuery(
              engine.databaseUrl!,
              service,
              { locationId: user.locationId, filters: floorFilters(term, 'relevance'), page: 1 },
              `search "${term}"`,
            )),
          );
        }
        for (const sort of LIST_PAGE_SORTS) {
          explains.push(
            ...(await explainListQuery(
              engine.databaseUrl!,
              service,
              { locationId: user.locationId, filters: floorFilters('', sort), page: pagesOf(user) },
              `list ${sort}, last page`,
            )),
          );
        }
        for (const e of explains)
          log(`  ${e.label} [statement ${e.statement}]: ${e.executionMs} ms (planning ${e.planningMs} ms)`);
      }
    }

    phases.apiSeconds = Math.round((performance.now() - apiStart) / 1000);
    const lighthouseStart = performance.now();
    if (!args['skip-lighthouse']) {
      try {
        log('Lighthouse…');
        lighthouse = await runLighthouse(server.url, users[0]?.email ?? managerEmail(0), 'demo1234', log);
      } catch (error) {
        lighthouseError = (error as Error).message.split('\n')[0];
      }
    }
    phases.lighthouseSeconds = Math.round((performance.now() - lighthouseStart) / 1000);
    peakMb = Math.max(peakMb, readLifetimePeakMb(server.pid));
  } finally {
    await drain.close();
    await server.stop();
    await jobWorker?.stop();
    if (engine.kind === 'pglite') rmSync(engine.pgliteDir!, { recursive: true, force: true });
  }

  // Issue 40's live cart bound, on a server and demo database of its own (the chain data has no
  // shared carts to watch): 200 open streams, the quick run with fewer saves.
  let live: LiveEventsResult | null = null;
  if (!args['skip-live'] && (!only || only.test(LIVE_EVENTS_NAME))) {
    const liveStart = performance.now();
    if (engine.kind !== 'postgres') live = { skipped: 'needs PostgreSQL (events travel by LISTEN/NOTIFY)' };
    else {
      try {
        const row: LiveEventsRow = await measureLiveEvents({
          serverUrl,
          streams: 200,
          saves: args.quick ? 20 : 50,
          gapMs: 100,
          workers: 1,
          log,
        });
        live = { row };
      } catch (error) {
        live = { error: (error as Error).message.split('\n')[0] };
      }
    }
    phases.liveSeconds = Math.round((performance.now() - liveStart) / 1000);
  }
  // Issue 36: 500 invoices imported at once as jobs, on a demo database of its own (invoice-import.ts).
  let invoiceImport: InvoiceImportResult | { skipped: string } | { error: string } | null = null;
  if (!args['skip-invoices'] && (!only || only.test(INVOICE_IMPORT_NAME))) {
    if (engine.kind !== 'postgres') invoiceImport = { skipped: 'needs PostgreSQL (its own demo database)' };
    else
      invoiceImport = await measureInvoiceImport({
        serverUrl,
        invoices: 500,
        clients: 2,
        baselineSeconds: args.quick ? 4 : 8,
        log,
      }).catch((error: unknown) => ({ error: (error as Error).message.split('\n')[0]! }));
    if (invoiceImport && 'importSeconds' in invoiceImport)
      log(
        `${INVOICE_IMPORT_NAME}: ${invoiceImport.importSeconds} s (${invoiceImport.invoicesPerSecond}/s), repeat ${invoiceImport.repeatSeconds} s`,
      );
  }
  if (args.profile) {
    const file = findCpuProfile(profileDir);
    if (file) {
      hot = summariseCpuProfile(file);
      log(`CPU profile: ${file} (open in Chrome DevTools or speedscope for the flame chart). Hottest functions:`);
      for (const f of hot) log(`  ${String(f.selfPct).padStart(5)} %  ${f.function}  ${f.where}`);
      byPackage = summariseByPackage(file);
      log('Busy CPU by package (idle excluded):');
      for (const p of byPackage) log(`  ${String(p.selfPct).padStart(5)} %  ${p.package}`);
    }
  }

  const table = renderTable({
    scenarios,
    live,
    web: web && !args['skip-web'] ? web : null,
    lighthouse,
    lighthouseError,
  });
  const summaryLine =
    `Stockpot bench, ${args.quick ? 'quick' : 'full'} mode, ${startedAt.toISOString()}: ${engine.description}; ` +
    `${scale.targetOffers.toLocaleString('en-US')}+ item-distributor rows, ${scale.locations} chain locations; ` +
    `${os.cpus().length} CPUs, Node ${process.version}; ${seconds} s per run after ${warmupSeconds} s warm-up; server peak RSS ${peakMb} MB.`;
  console.log(`\n${summaryLine}\n\n${table}\n`);
  const budgetFailures = args['skip-web'] ? [] : webBudgetFailures(web);
  for (const failure of budgetFailures) log(`FAIL: ${failure}`);
  if (budgetFailures.length > 0) process.exitCode = 1;

  Object.assign(results, {
    finishedAt: new Date().toISOString(),
    serverPeakRssMb: peakMb,
    phases: { ...phases, totalSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000) },
    scenarios: scenarios.map((s) => ({ ...s, verdict: verdict(s) })),
    liveEvents: live,
    invoiceImport,
    explain: explains,
    lighthouse,
    lighthouseError,
    cpuProfile: hot ? { hottestFunctions: hot, byPackage } : null,
    table,
  });
  const file = path.join(root, 'bench/results', `${stamp}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  log(`Results: ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error('The benchmark failed:', error);
  process.exitCode = 1;
});
