import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index';
import { readsTypesAsText, readTypesAsText } from './pglite-parsers';
import { keepPlanModeBetweenNamedStatements } from './pglite-plan-mode';
import { queryPgliteNamed } from './pglite-statements';
import { pgliteOfTransaction, rememberTransactions } from './pglite-transactions';
import { yieldTurnBeforeEachStatement } from './pglite-turns';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the whole data folder as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** PGlite data folder, or `memory://` (the default) for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this data folder tarball (a `dumpDataDir` of an earlier database). */
  loadDataDir?: Blob;
}

/**
 * The embedded engine's buffer pool for a database on disk (`npm start`'s DATA_DIR). PGlite's own
 * 128 MB let a first-asked search at the bench's quick scale (20 locations, 370 MB of tables) read
 * pages through the WASM file system on every request: 29 % of its CPU went to `read`, and 256 MB
 * took it from 3.80 to 2.72 ms of the thread (docs/performance.md "The embedded buffer pool").
 * Pages are committed as they are first used, so a smaller database costs no more memory.
 * In-memory databases (tests, tools) keep PGlite's default.
 */
const EMBEDDED_SHARED_BUFFERS = '256MB';

/** PGlite's start parameters for a data folder: on disk, the embedded buffer pool; in memory, PGlite's own. */
export function pgliteStartParams(dataDir: string): string[] | undefined {
  return dataDir.startsWith('memory://')
    ? undefined
    : [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
}

const PLAN_CACHE_MODES = ['force_generic_plan', 'auto', 'force_custom_plan'] as const;

/** The pool's plan_cache_mode: force_generic_plan unless STOCKPOT_PLAN_CACHE_MODE names another. */
function planCacheMode(): string {
  const asked = process.env.STOCKPOT_PLAN_CACHE_MODE;
  return asked && (PLAN_CACHE_MODES as readonly string[]).includes(asked) ? asked : 'force_generic_plan';
}

/** Opens the database: node-postgres when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Only named statements (queryRowsPrepared) and PL/pgSQL keep plans; a generic plan is planned
      // once per connection. Left to choose, PostgreSQL kept re-planning the hot reads: their
      // custom plans cost 5–12 ms of planning for 2 ms of execution (docs/performance.md).
      // STOCKPOT_PLAN_CACHE_MODE (auto, force_custom_plan) compares the modes in the bench; the
      // setting reaches unnamed statements too (docs/decisions.md, "Hot reads as named statements").
      options: `-c plan_cache_mode=${planCacheMode()}`,
    });
    // node-postgres emits errors of idle clients (server restart, dropped database) on the pool; without a
    // listener they crash the process. The next query opens a fresh connection, so they are only logged.
    pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options.dataDir, options.loadDataDir);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * The embedded engine as the app opens it: its extensions, its buffer pool on disk
 * (pgliteStartParams), dates, timestamps and intervals read as text as drizzle reads them (at no
 * cost per statement), and a turn of the event loop before each statement. Exported for the bench's
 * profiler, which instruments the client itself.
 */
export async function openPglite(dataDir = 'memory://', loadDataDir?: Blob): Promise<PGlite> {
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    loadDataDir,
    startParams: pgliteStartParams(dataDir),
  });
  readTypesAsText(client);
  yieldTurnBeforeEachStatement(client);
  keepPlanModeBetweenNamedStatements(client);
  rememberTransactions(client);
  return client;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Drizzle's own machinery behind `db.execute`, reached to give a statement a name. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    /** The driver's client: on PGlite the database itself, or a transaction's own client inside one. */
    client?: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Behind a pooler in transaction mode (PgBouncer before 1.21) a name prepared on one server
 * connection is missing on the next ("does not exist") or taken twice ("already exists"), so
 * DATABASE_NAMED_STATEMENTS=off runs statements unnamed, planned per call (docs/scaling.md).
 */
export function areNamedStatementsOn(): boolean {
  return process.env.DATABASE_NAMED_STATEMENTS !== 'off';
}

const statementNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 5_000;

/** A name per statement text: the same text always gets the same name, another text never does. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `sp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= MAX_REMEMBERED_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** What drizzle's driver asks of a raw statement, less the parsers a text-reading database needs not. */
const ROWS_AS_OBJECTS: QueryOptions = { rowMode: 'object' };

/** The embedded database a drizzle session's client is, or is a transaction of. */
const embeddedDatabaseOf = (client: unknown): PGlite | undefined =>
  client instanceof PGlite ? client : pgliteOfTransaction(client);

/**
 * `queryRows` as a named prepared statement, for the hot reads of a fixed shape (a page of a list,
 * its count): on PostgreSQL each connection parses the text once and, after five executions, keeps
 * a generic plan, so the read stops paying for planning, which cost more than executing for the
 * place-order list (4.6 ms of planning for 2.2 ms of execution) and the accounting page (16 ms for
 * 1 ms) on the chain-scale data. Only for statements whose text does not grow with their input
 * (no IN lists or VALUES rows built from arrays): every distinct text is a statement kept on every
 * connection. On PGlite the database keeps it too (pglite-statements.ts), inside a transaction too.
 */
export async function queryRowsPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  if (!areNamedStatementsOn()) return queryRows<T>(db, query);
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const name = statementName(built.sql);
  // PGlite's own `query` has no named statements, so the embedded engine re-parsed and re-planned
  // every hot read (docs/performance.md, issue 38); the database keeps them, for its transactions too.
  const { client } = internals.session;
  const embedded = embeddedDatabaseOf(client);
  if (embedded && readsTypesAsText(embedded)) {
    // drizzle's prepared query would only carry its text-type parsers, which this database needs
    // not (readTypesAsText): the statement runs without building one (18 closures a statement).
    const inTransaction = embedded !== client;
    return queryPgliteNamed<T>(embedded, built.sql, built.params, name, ROWS_AS_OBJECTS, planCacheMode(), inTransaction);
  }
  const prepared = internals.session.prepareQuery(built, undefined, name, false);
  if (embedded) {
    const options = (prepared as { rawQueryConfig?: QueryOptions }).rawQueryConfig ?? {};
    return queryPgliteNamed<T>(embedded, built.sql, built.params, name, options, planCacheMode(), embedded !== client);
  }
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * `queryRowsPrepared` for a statement of many rows and columns (a list page: 50 rows × 55 columns).
 * On PGlite the rows come back as one JSON text cell: its wire reader copies every field into a new
 * buffer before decoding it, and one JSON.parse of the page cost less (list page 10.7 → 9.4 ms of the
 * thread, docs/performance.md). On PostgreSQL json_agg cost the server more than node-postgres
 * saved (page 1 6.7 → 7.9 ms of CPU), so rows stay rows there. The statement must end with its
 * ORDER BY (a sorted subquery is not pulled up into the aggregate, so json_agg reads it in that
 * order) and answer only text, integer and boolean columns, which read the same either way.
 */
export async function queryWideRowsPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  if (!embeddedDatabaseOf((db as unknown as DrizzleInternals).session.client)) return queryRowsPrepared<T>(db, query);
  const [row] = await queryRowsPrepared<{ rows: string }>(
    db,
    sql`SELECT coalesce(json_agg(q), '[]')::text AS rows FROM (${query}) q`,
  );
  return JSON.parse(row.rows) as T[];
}
