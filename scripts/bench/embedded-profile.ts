/**
 * Where an embedded answer's time goes (issue 38): the production app on PGlite in this process,
 * answered in-process (inject), with the time inside PGlite's WASM engine split by protocol message
 * (Parse = parse and analysis, Bind = planning of an unnamed statement, Execute = running it).
 *
 *   npx tsx scripts/bench/embedded-profile.ts [--pglite-dir DIR] [--times 300] [--warmup 200]
 *     [--rounds 5] [--concurrency 1] [--modes unnamed,named] [--scenario list,search,miss,suggestions]
 *     [--cpu-profile DIR] [--set plan_cache_mode=auto] [--explain] [--accept-encoding 'gzip, deflate, br']
 *
 * Each mode (`unnamed`: every read parsed and planned again, as before issue 38's change; `named`)
 * runs in turn, `rounds` times, and prints its CPU per answer, latencies and time in the engine.
 *
 * `--pglite-dir` opens a data folder loaded with `npm run seed -- --scale quick --pglite DIR`
 * (signed in as the chain's managers, rotating through their locations); without it the demo data
 * is seeded into memory (owner@demo.test). `--explain` prints EXPLAIN ANALYZE of each statement
 * of one answer per scenario, as PGlite plans it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../packages/db/src/client';
import { migrationsFolder, openPglite } from '../../packages/db/src/client';
import * as schema from '../../packages/db/src/schema/index';
import { seedDemo } from '../../packages/db/seed/index';
import { managerEmail } from '../../packages/db/seed/large/chain-plan';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { AUTH_SECRET, firstAskedSearchPath, itemsPath, PASSWORD, suggestionsPath } from './api-scenarios';
import { buildSearchTerms } from './search-terms';
import { readCpuSeconds } from './server';

const { values } = parseArgs({
  options: {
    'pglite-dir': { type: 'string' },
    times: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
    /** `unnamed` (every read parsed and planned again, as before issue 38's change), `named`, or both in turn. */
    modes: { type: 'string', default: 'unnamed,named' },
    concurrency: { type: 'string', default: '1' },
    users: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'list,search' },
    /** Writes a CPU profile of the measured rounds only (not start-up, sign-in or warm-up) to this folder. */
    'cpu-profile': { type: 'string', default: '' },
    /** Settings for the session before measuring, e.g. `plan_cache_mode=force_generic_plan`. */
    set: { type: 'string', default: '' },
    /** What the requests accept (the bench asks as Chrome does: `gzip, deflate, br`); plain by default, as earlier stops measured. */
    'accept-encoding': { type: 'string', default: '' },
  },
});

// As `npm start` opens it (its buffer pool on disk), so the figures are the server's.
const dataDir = values['pglite-dir'] ?? 'memory://';
const client = await openPglite(dataDir);
const db = drizzle(client, { schema });

/** WASM time by protocol message type, and the statements (Parse messages) seen. */
const wasm = new Map<string, number>();
let statements = 0;
const original = client.execProtocolRawSync.bind(client);
client.execProtocolRawSync = (message: Uint8Array) => {
  const started = performance.now();
  try {
    return original(message);
  } finally {
    const kind = String.fromCharCode(message[0] ?? 63);
    if (kind === 'P') statements += 1;
    wasm.set(kind, (wasm.get(kind) ?? 0) + performance.now() - started);
  }
};

/** Statements of one answer, captured for --explain. */
let captured: { text: string; params: unknown[] }[] | null = null;
const originalQuery = client.query.bind(client);
client.query = (async (text: string, params?: unknown[], options?: unknown) => {
  captured?.push({ text, params: params ?? [] });
  return originalQuery(text, params, options as never);
}) as typeof client.query;

let emails: string[];
if (values['pglite-dir']) {
  emails = Array.from({ length: Number(values.users) }, (_, i) => managerEmail(i));
} else {
  await migrate(db, { migrationsFolder });
  await seedDemo(db as unknown as Database);
  emails = ['owner@demo.test'];
}

for (const setting of values.set.split(',').filter(Boolean)) {
  const [name, value] = setting.split('=');
  await client.exec(`SET ${name} = '${value}'`);
}
const shown = await client.query<{ name: string; setting: string; unit: string | null }>(
  `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'plan_cache_mode', 'jit')`,
);
console.log(shown.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(', '));

const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, db: db as unknown as Database, databaseKind: 'pglite' });
await app.ready();
const tokens: string[] = [];
for (const email of emails) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email, password: PASSWORD, company_id: '1', secret: AUTH_SECRET },
  });
  if (response.statusCode !== 200) throw new Error(`${email}: ${response.statusCode} ${response.body}`);
  tokens.push((response.json() as { data: { authKey: string } }).data.authKey);
}
const terms = buildSearchTerms();

const scenarios: Record<string, (n: number) => string> = {
  list: () => itemsPath({ sort: 'most-purchased', product: 'ALL' }, 1),
  search: (n) => itemsPath({ sort: 'relevance', search: terms[(n * 7) % terms.length] }, 1),
  // A search never kept: another page size on each pass over the terms (the bench's "terms not asked before").
  miss: (n) => firstAskedSearchPath(n, terms),
  // Reads outside the list, to see what a plan-cache setting does to the rest of the app.
  current: () => '/api/v1/users/current-user',
  orders: () => '/api/v1/orders?page=1&limit=24',
  distributors: () => '/api/v1/distributors?expand=dsrs,lastOrderGuide',
  analytics: () => '/api/v1/analytics?filter_type=YEARLY',
  suggestions: (n) => suggestionsPath(n, terms),
};

async function answer(n: number, path: (n: number) => string): Promise<void> {
  const response = await app.inject({
    method: 'GET',
    url: path(n),
    headers: {
      authorization: `Bearer ${tokens[n % tokens.length]}`,
      ...(values['accept-encoding'] ? { 'accept-encoding': values['accept-encoding'] } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`${path(n)}: ${response.statusCode} ${response.body.slice(0, 300)}`);
}

interface Tally {
  answers: number;
  wallMs: number;
  cpuMs: number;
  /** The main thread's alone (V8's helper threads, GC and WASM tier-up, run beside it on another core). */
  threadMs: number;
  systemMs: number;
  statements: number;
  wasm: Map<string, number>;
  latencies: number[];
}

/** One round of `times` answers in `mode`, added to the mode's tally. */
async function round(path: (n: number) => string, mode: string, times: number, tally: Tally, first: number): Promise<void> {
  // queryRowsPrepared reads the switch on every call: `unnamed` is the engine as it was (every read parsed and planned again).
  if (mode === 'unnamed') process.env.DATABASE_NAMED_STATEMENTS = 'off';
  else delete process.env.DATABASE_NAMED_STATEMENTS;
  wasm.clear();
  statements = 0;
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const threadBefore = readCpuSeconds(process.pid, process.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(values.concurrency) }, async () => {
      while (next < times) {
        const n = first + next++;
        const t = performance.now();
        await answer(n, path);
        tally.latencies.push(performance.now() - t);
      }
    }),
  );
  tally.wallMs += performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  tally.cpuMs += (cpu.user + cpu.system) / 1000;
  tally.systemMs += cpu.system / 1000;
  tally.threadMs += (readCpuSeconds(process.pid, process.pid) - threadBefore) * 1000;
  tally.answers += times;
  tally.statements += statements;
  for (const [kind, ms] of wasm) tally.wasm.set(kind, (tally.wasm.get(kind) ?? 0) + ms);
}

/**
 * Each mode in turn, `rounds` times, so a machine whose load changes during the run weighs on every
 * mode alike; the warm-up first lets V8 tier the engine's WASM up (its first minute runs slower code).
 */
async function measure(name: string, path: (n: number) => string): Promise<void> {
  const modes = values.modes.split(',');
  const rounds = Number(values.rounds);
  const times = Math.ceil(Number(values.times) / rounds);
  for (let n = 0; n < Number(values.warmup); n += 1) await answer(n, path);
  const tallies = new Map<string, Tally>(
    modes.map((mode) => [
      mode,
      { answers: 0, wallMs: 0, cpuMs: 0, threadMs: 0, systemMs: 0, statements: 0, wasm: new Map(), latencies: [] },
    ]),
  );
  const profiler = values['cpu-profile'] ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  for (let r = 0; r < rounds; r += 1) {
    for (const mode of modes) await round(path, mode, times, tallies.get(mode)!, r * times);
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(values['cpu-profile'], { recursive: true });
    const file = join(values['cpu-profile'], `${name}-${values.modes.replace(/,/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of the measured rounds: ${file} (npx tsx scripts/bench/profile.ts ${file})`);
  }
  for (const [mode, t] of tallies) {
    t.latencies.sort((a, b) => a - b);
    const at = (p: number) => t.latencies[Math.min(t.latencies.length - 1, Math.ceil(p * t.latencies.length) - 1)].toFixed(1);
    const perAnswer = (ms: number) => (ms / t.answers).toFixed(2);
    const inWasm = [...t.wasm.values()].reduce((a, b) => a + b, 0);
    const split = [...t.wasm.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${perAnswer(ms)}`)
      .join(', ');
    console.log(
      `${name.padEnd(11)} ${mode.padEnd(7)} conc ${values.concurrency}: ${Math.round((t.answers / t.wallMs) * 1000)} answers/s, ` +
        `p50 ${at(0.5)} p97.5 ${at(0.975)} ms; CPU ${perAnswer(t.cpuMs)} ms/answer (system ${perAnswer(t.systemMs)}; main thread ${perAnswer(t.threadMs)}), ` +
        `in PGlite ${perAnswer(inWasm)} (${split}), ${(t.statements / t.answers).toFixed(1)} parsed statements/answer`,
    );
  }
}

async function explain(name: string, path: (n: number) => string): Promise<void> {
  // Unnamed for this one answer, so every statement passes through `query`, where it is captured.
  const named = process.env.DATABASE_NAMED_STATEMENTS;
  process.env.DATABASE_NAMED_STATEMENTS = 'off';
  captured = [];
  // Past every warm-up and measured answer: a first-asked search is asked for the first time here.
  await answer(1_000_003, path);
  const seen = captured;
  captured = null;
  if (named === undefined) delete process.env.DATABASE_NAMED_STATEMENTS;
  else process.env.DATABASE_NAMED_STATEMENTS = named;
  for (const { text, params } of seen) {
    if (!/^\s*(WITH|SELECT)/i.test(text)) continue;
    const plan = await originalQuery<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF, BUFFERS, SUMMARY) ${text}`, params);
    console.log(
      `\n--- ${name}: ${text.replace(/\s+/g, ' ').slice(0, 140)}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
    );
  }
}

try {
  for (const name of values.scenario.split(',')) {
    const path = scenarios[name];
    if (!path) throw new Error(`unknown scenario ${name}`);
    await measure(name, path);
    if (values.explain) await explain(name, path);
  }
} finally {
  await app.close();
  await client.close();
}
