import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@stockpot/db';
import { seedDemo } from '@stockpot/db/seed';

/**
 * Every API test file starts from the migrated demo data. Seeding it costs 13 s on a PostgreSQL
 * server and 19 s on PGlite, once per file; so the run seeds it once (vitest's global setup) and
 * each file copies the result: `CREATE DATABASE … TEMPLATE` on a server (a quarter second), a
 * data-folder tarball on PGlite. Without a template (a file run outside the api project) a test
 * seeds its own database as before.
 */

/** The day the demo data is generated for in tests, so every run sees the same data. */
export const TEST_TODAY = '2026-11-02';

const SERVER_TEMPLATE_ENV = 'STOCKPOT_TEST_SERVER_TEMPLATE';
const PGLITE_TEMPLATE_ENV = 'STOCKPOT_TEST_PGLITE_TEMPLATE';

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the PostgreSQL server of `serverUrl` (a copy of `template` when given): its URL, and how to drop it. */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 'stockpot_test',
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedDemo(handle.db, { today: TEST_TODAY });
}

/** Builds the run's template on the engine the API tests use; answers how to remove it. */
export async function buildTestTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createServerDatabase(serverUrl, 'stockpot_template');
    const handle = await openDatabase({ url: template.url, poolSize: 2 });
    try {
      await migrateAndSeed(handle);
    } finally {
      // A template may have no open connection while it is copied.
      await handle.close();
    }
    process.env[SERVER_TEMPLATE_ENV] = template.name;
    return async () => {
      delete process.env[SERVER_TEMPLATE_ENV];
      await template.drop();
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'stockpot-test-template-'));
  const file = path.join(folder, 'demo.tar');
  const handle = await openDatabase();
  try {
    await migrateAndSeed(handle);
    const dump = await handle.dumpDataDir!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(folder, { recursive: true, force: true });
  };
}

/**
 * A fresh database holding the migrated demo data: in-memory PGlite by default, or a new database
 * on the server named by TEST_DATABASE_URL (dropped by `drop`).
 */
export async function openDemoDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = process.env[SERVER_TEMPLATE_ENV];
    const database = await createServerDatabase(serverUrl, 'stockpot_test', template);
    const handle = await openDatabase({ url: database.url, poolSize: 4 });
    if (!template) await migrateAndSeed(handle);
    return { handle, drop: database.drop };
  }
  const templateFile = process.env[PGLITE_TEMPLATE_ENV];
  if (templateFile) {
    const handle = await openDatabase({ loadDataDir: new Blob([await readFile(templateFile)]) });
    return { handle, drop: async () => {} };
  }
  const handle = await openDatabase();
  await migrateAndSeed(handle);
  return { handle, drop: async () => {} };
}
