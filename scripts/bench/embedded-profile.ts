/**
 * Where an embedded answer's time goes (issue 38): the production app on PGlite in this process,
 * answered in-process (inject), with the time inside PGlite's WASM engine split by protocol message
 * (Parse = parse and analysis, Bind = planning of an unnamed statement, Execute = running it).
 *
 *   npx tsx [--cpu-prof --cpu-prof-dir=/tmp/prof] scripts/bench/embedded-profile.ts \
 *     [--pglite-dir DIR] [--times 200] [--concurrency 1] [--explain] [--scenario list,search,suggestions]
 *
 * `--pglite-dir` opens a data folder loaded with `npm run seed -- --scale quick --pglite DIR`
 * (signed in as the chain's managers, rotating through their locations); without it the demo data
 * is seeded into memory (owner@demo.test). `--explain` prints EXPLAIN ANALYZE of each statement
 * of one answer per scenario, as PGlite plans it.
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../packages/db/src/client';
import { migrationsFolder } from '../../packages/db/src/client';
import * as schema from '../../packages/db/src/schema/index';
import { seedDemo } from '../../packages/db/seed/index';
import { managerEmail } from '../../packages/db/seed/large/chain-plan';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { AUTH_SECRET, itemsPath, PASSWORD } from './api-scenarios';
import { buildSearchTerms } from './search-terms';

const { values } = parseArgs({
  options: {
    'pglite-dir': { type: 'string' },
    times: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
    users: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'list,search' },
  },
});

const client = await PGlite.create(values['pglite-dir'] ?? 'memory://', { extensions: { pg_trgm, btree_gin } });
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
  suggestions: (n) => {
    const term = terms[(n * 7) % terms.length];
    return `/api/v1/items/search-suggestions?search=${encodeURIComponent(term.slice(0, 3 + (n % 4)))}`;
  },
};

async function answer(n: number, path: (n: number) => string): Promise<void> {
  const response = await app.inject({
    method: 'GET',
    url: path(n),
    headers: { authorization: `Bearer ${tokens[n % tokens.length]}` },
  });
  if (response.statusCode !== 200) throw new Error(`${path(n)}: ${response.statusCode} ${response.body.slice(0, 300)}`);
}

async function measure(name: string, path: (n: number) => string): Promise<void> {
  const times = Number(values.times);
  const concurrency = Number(values.concurrency);
  for (let n = 0; n < 20; n += 1) await answer(n, path); // warm-up: caches, JIT, the read model's refresh
  wasm.clear();
  statements = 0;
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < times) {
        const n = next++;
        const t = performance.now();
        await answer(n, path);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)].toFixed(1);
  const perAnswer = (ms: number) => (ms / times).toFixed(2);
  const inWasm = [...wasm.values()].reduce((a, b) => a + b, 0);
  const split = [...wasm.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${perAnswer(ms)}`)
    .join(', ');
  console.log(
    `${name.padEnd(12)} conc ${concurrency}: ${Math.round((times / wall) * 1000)} answers/s, p50 ${at(0.5)} p97.5 ${at(0.975)} ms; ` +
      `CPU ${perAnswer((cpu.user + cpu.system) / 1000)} ms/answer, in PGlite ${perAnswer(inWasm)} (${split}), ` +
      `${(statements / times).toFixed(1)} statements/answer`,
  );
}

async function explain(name: string, path: (n: number) => string): Promise<void> {
  captured = [];
  await answer(3, path);
  const seen = captured;
  captured = null;
  for (const { text, params } of seen) {
    if (!/^\s*(WITH|SELECT)/i.test(text)) continue;
    const plan = await originalQuery<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, SUMMARY) ${text}`, params);
    console.log(`\n--- ${name}: ${text.replace(/\s+/g, ' ').slice(0, 140)}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
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
