/**
 * Where `npm run bench` runs: the data set on PostgreSQL (or the embedded PGlite), the chain owner
 * it adds, one-off queries on the bench database, and the probe that waits for the database to go
 * quiet between scenarios.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { regionalEmail, type LargeScale } from '../../packages/db/seed/large/index';
import { printSummary, seedLargePostgres, type LargeSeedRun } from '../../packages/db/scripts/seed-large';
import { type Query } from './api-scenarios';
import { CHAIN_OWNER_EMAIL, log, type Engine } from './api-run-kit';
import { prepareEmbedded, waitForIdleServer } from './embedded-engine';
import { catchUpScheduledRefresh } from './catch-up';
import { clearUnfinishedOrderJobs } from './order-jobs';

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
          WHERE name IN ('shared_buffers','work_mem','effective_cache_size','max_connections','jit','random_page_cost','max_parallel_workers_per_gather','autovacuum')`,
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

/** The bench's data: the scale's data set on the PostgreSQL server (loaded unless reused), else the embedded PGlite. */
export async function prepareData(options: {
  serverUrl: string;
  databaseName?: string;
  isReused: boolean;
  scale: LargeScale;
}): Promise<{ engine: Engine; seed: LargeSeedRun | null; seedSkipped: boolean }> {
  const { serverUrl, scale } = options;
  const version = await isPostgresUp(serverUrl);
  if (version) {
    const databaseUrl = withDatabase(
      serverUrl,
      options.databaseName ?? (scale.name === 'quick' ? 'stockpot_bench_quick' : 'stockpot_bench'),
    );
    const engine: Engine = {
      kind: 'postgres',
      description: `PostgreSQL ${version} at ${new URL(databaseUrl).host}`,
      databaseUrl,
      postgresVersion: version,
      settings: await postgresSettings(serverUrl),
    };
    const marker = await readMarker(databaseUrl);
    if (options.isReused && marker?.startsWith(`stockpot-large ${scale.name} `)) {
      log(`Reusing the ${scale.name} data set in ${databaseUrl} (${marker}).`);
      // An earlier run's queued purchase orders would be worked off beside this run's scenarios.
      await withQuery(engine, clearUnfinishedOrderJobs);
      log(`The scheduled refresh on the last run's marks: ${await catchUpScheduledRefresh(databaseUrl)}.`);
      // The last run's writes (carts, orders, the marks and versions they move) left dead rows that
      // autovacuum would have cleared by now; on a server with it off (the CI machines' own) this
      // run's reads would scan them: the chain owner's rows went from 0.28–0.43 to 0.45–0.73 ms of
      // the database's CPU an answer.
      if (engine.settings?.autovacuum === 'off') {
        log('autovacuum is off on this server: VACUUM (ANALYZE) of the reused data set first.');
        await withQuery(engine, (query) => query('VACUUM (ANALYZE)'));
      }
      return { engine, seed: null, seedSkipped: true };
    }
    log(`Loading the ${scale.name} data set into ${databaseUrl} (dropped and recreated)…`);
    const seed = await seedLargePostgres(databaseUrl, { scale, reset: true, log: (m) => log(`  ${m}`) });
    printSummary(seed, log);
    return { engine, seed, seedSkipped: false };
  }
  // No PostgreSQL: the embedded database (embedded-engine.ts), at quick scale.
  return prepareEmbedded(`PostgreSQL does not answer at ${new URL(serverUrl).host}`);
}

/**
 * A user of every chain location (issue 39's "user with 200 locations"), which the data set does
 * not have: regional01's account copied (same company and password) and made a member of each
 * location a chain manager runs. Kept between runs (--reuse-data); returns its location count.
 */
export async function addChainOwner(query: Query): Promise<number> {
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

export async function withQuery<T>(engine: Engine, task: (query: Query) => Promise<T>): Promise<T> {
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
 * have finished), at most 60 s. PGlite: until the server's own thread is idle (embedded-engine.ts).
 */
export async function openQuietProbe(
  engine: Engine,
  serverPid: number,
): Promise<{ quiet: () => Promise<void>; close: () => Promise<void> }> {
  if (engine.kind !== 'postgres') return { quiet: () => waitForIdleServer(serverPid), close: async () => {} };
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
