/**
 * `npm run seed -- --scale large|quick [options]`: loads the chain-scale benchmark data set
 * (packages/db/seed/large) into PostgreSQL with COPY, or into the embedded PGlite at quick scale.
 *
 *   --scale large|quick      large: 1M+ item-distributor rows, 200 locations, 2 years of orders (default)
 *                            quick: 100k rows, 20 locations, 6 months
 *   --database-url URL       default: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/stockpot_bench
 *   --reset                  drop and create that database first (it must not be the one you work in)
 *   --pglite DIR             load the embedded database in DIR instead (quick scale recommended)
 *   --today YYYY-MM-DD       the day the data is built around (default: today in New York)
 *   --search-text staging|update|trigger   how search_text is filled for the bulk rows (default staging)
 *   --no-verify              skip the checks against the demo rules
 *   --json FILE              also write the summary as JSON
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../src/client';
import * as schema from '../src/schema/index';
import {
  LARGE_SCALES,
  openPgliteSink,
  openPostgresSink,
  seedLarge,
  type LargeScale,
  type LargeSummary,
  type SearchTextStrategy,
} from '../seed/large/index';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/stockpot_bench';

/** Drops and recreates the database a URL names, connecting to the server's `postgres` database. */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Refusing to recreate database "${name}"`);
  if (['postgres', 'template0', 'template1'].includes(name)) throw new Error(`Refusing to drop the "${name}" database`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export interface LargeSeedRun {
  summary: LargeSummary;
  where: string;
}

/** Seeds a PostgreSQL database (migrating it first). */
export async function seedLargePostgres(
  url: string,
  options: {
    scale: LargeScale;
    today?: string;
    searchText?: SearchTextStrategy;
    verify?: boolean;
    reset?: boolean;
    log?: (m: string) => void;
  },
): Promise<LargeSeedRun> {
  if (options.reset) await recreateDatabase(url);
  const handle = await openDatabase({ url, poolSize: 4 });
  const sink = await openPostgresSink(url);
  try {
    await handle.migrate();
    const summary = await seedLarge(handle.db, sink, options);
    const marker = `stockpot-large ${summary.scale} seed=${summary.seed} today=${summary.today}`;
    const name = new URL(url).pathname.replace(/^\//, '');
    await sink.sql.query(`COMMENT ON DATABASE "${name}" IS '${marker}'`);
    return { summary, where: describeUrl(url) };
  } finally {
    await sink.close();
    await handle.close();
  }
}

/** Seeds an embedded PGlite data folder (which must not be open elsewhere). */
export async function seedLargePglite(
  dataDir: string,
  options: { scale: LargeScale; today?: string; searchText?: SearchTextStrategy; verify?: boolean; log?: (m: string) => void },
): Promise<LargeSeedRun> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const summary = await seedLarge(db as unknown as Database, openPgliteSink(client), options);
    return { summary, where: `PGlite at ${dataDir}` };
  } finally {
    await client.close();
  }
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return `PostgreSQL at ${parsed.toString()}`;
}

/** Prints the summary as people read it. */
export function printSummary(run: LargeSeedRun, log: (m: string) => void = console.log): void {
  const { summary } = run;
  log(
    `\nLarge data set "${summary.scale}" loaded in ${(summary.totalMs / 1000).toFixed(1)} s (${run.where}), today=${summary.today}.`,
  );
  for (const [table, count] of Object.entries(summary.rows))
    log(`  ${table.padEnd(34)} ${count.toLocaleString('en-US').padStart(12)}`);
  for (const check of summary.checks) log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.check}: ${check.detail}`);
  log(`  Sign in as ${summary.accounts.managers[0]} (or any managerNNN/chefNNN/regionalNN@chain.demo.test), password demo1234.`);
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('seed-large.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'large' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      pglite: { type: 'string' },
      today: { type: 'string' },
      'search-text': { type: 'string', default: 'staging' },
      'no-verify': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const scale = LARGE_SCALES[values.scale as LargeScale['name']];
  if (!scale) throw new Error(`--scale must be one of ${Object.keys(LARGE_SCALES).join(', ')}`);
  const searchText = values['search-text'] as SearchTextStrategy;
  if (!['staging', 'update', 'trigger'].includes(searchText)) throw new Error('--search-text must be staging, update or trigger');
  const options = { scale, today: values.today, searchText, verify: !values['no-verify'], log: (m: string) => console.log(m) };
  try {
    const run = values.pglite
      ? await seedLargePglite(values.pglite, options)
      : await seedLargePostgres(values['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, {
          ...options,
          reset: values.reset,
        });
    printSummary(run);
    if (values.json) writeFileSync(values.json, JSON.stringify(run, null, 2));
    if (run.summary.checks.some((check) => !check.ok)) process.exitCode = 1;
  } catch (error) {
    console.error('Large seed failed:', error);
    process.exitCode = 1;
  }
}
