/**
 * `npm run bench` — Stockpot's benchmark suite (docs/performance.md). Loads the chain-scale data set
 * into PostgreSQL (127.0.0.1:5432; the embedded PGlite when it does not answer), starts the real
 * server, measures the API scenarios with autocannon next to their floors (a no-op route of the same
 * server, and the same SQL straight through pg), weighs the web app's routes and runs Lighthouse.
 * Prints one markdown table and writes bench/results/<timestamp>.json.
 *
 *   --quick               smaller data set and shorter runs (under five minutes)
 *   --embedded            `npm start`'s engine even when PostgreSQL answers: quick-scale data in a new PGlite
 *                         folder, the server on it (DATA_DIR, no DATABASE_URL), quick runs, 20-connection rows
 *   --reuse-data          keep the bench database when it already holds this scale's data
 *   --duration S          seconds per measured run (default 10, quick 3); --warmup S before it (3, quick 1)
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
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LARGE_SCALES, managerEmail, type LargeScale } from '../../packages/db/seed/large/index';
import { signInAll, type BenchLocation, type BenchUser } from './api-scenarios';
import { loadBenchLocations } from './bench-locations';
import { type ExplainResult } from './db-floor';
import { log, runApiScenarios } from './api-run';
import { addChainOwner, openQuietProbe, prepareData, withQuery } from './bench-engine';
import { NO_POSTGRES_DATABASE, prepareEmbedded } from './embedded-engine';
import { benchLighthouseTargets, runLighthouse, type LighthouseScore } from './lighthouse';
import { INVOICE_IMPORT_NAME, measureInvoiceImport, type InvoiceImportResult } from './invoice-import';
import { LIVE_EVENTS_NAME, measureLiveEvents, type LiveEventsRow } from './live-events';
import { findCpuProfile, summariseByPackage, summariseCpuProfile, type HotFunction } from './profile';
import { renderTable, verdict, webBudgetFailures, type LiveEventsResult, type ScenarioRow } from './report';
import { buildSearchTerms } from './search-terms';
import { readLifetimePeakMb, setBenchDatabase, startServer, type ServerHandle } from './server';
import { buildWeb, measureRoutes, type WebBuild } from './web';

const root = fileURLToPath(new URL('../..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    embedded: { type: 'boolean', default: false },
    'database-name': { type: 'string' },
    'reuse-data': { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
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

const isQuick = Boolean(args.quick || args.embedded);
const scale: LargeScale = isQuick ? LARGE_SCALES.quick : LARGE_SCALES.large;
const seconds = Number(args.duration ?? (isQuick ? 3 : 10));
const warmupSeconds = Number(args.warmup ?? (isQuick ? 1 : 3));
// Quick mode warms up the first scenario of each kind only (list pages, database floors: warm already).
const listWarmupSeconds = isQuick ? 0 : warmupSeconds;
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const only = args.only ? new RegExp(args.only, 'i') : null;

const serverUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const phaseStart = performance.now();
  const { engine, seed, seedSkipped } = args.embedded
    ? await prepareEmbedded('--embedded, as `npm start` runs without DATABASE_URL')
    : await prepareData({ serverUrl, databaseName: args['database-name'], isReused: Boolean(args['reuse-data']), scale });
  const dataSeconds = Math.round((performance.now() - phaseStart) / 1000);
  // Database CPU is this database's backends' alone (the server is shared on a busy machine).
  // Embedded: none (the database is the server's thread; the machine's postgres processes are others').
  setBenchDatabase(engine.databaseUrl ? new URL(engine.databaseUrl).pathname.slice(1) : NO_POSTGRES_DATABASE);
  const results: Record<string, unknown> = {
    startedAt: startedAt.toISOString(),
    mode: isQuick ? 'quick' : 'full',
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
  const drain = await openQuietProbe(engine, server.pid);
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
      peakMb = await runApiScenarios({
        server,
        engine,
        users,
        locations,
        terms,
        scenarios,
        explains,
        drain,
        only,
        isQuick,
        isExplainSkipped: Boolean(args['no-explain']),
        seconds,
        warmupSeconds,
        listWarmupSeconds,
        stamp,
        chainOwnerLocations,
      });
    }

    phases.apiSeconds = Math.round((performance.now() - apiStart) / 1000);
    const lighthouseStart = performance.now();
    if (!args['skip-lighthouse']) {
      try {
        log('Lighthouse…');
        lighthouse = await runLighthouse(server.url, benchLighthouseTargets(users[0]?.email ?? managerEmail(0)), log);
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
          saves: isQuick ? 20 : 50,
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
        baselineSeconds: isQuick ? 4 : 8,
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

  const shownWeb = web && !args['skip-web'] ? web : null;
  const table = renderTable({ scenarios, live, web: shownWeb, lighthouse, lighthouseError });
  const summaryLine =
    `Stockpot bench, ${isQuick ? 'quick' : 'full'} mode, ${startedAt.toISOString()}: ${engine.description}; ` +
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
