import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '@stockpot/db';
import { DEMO_PASSWORD, seedDemo } from '@stockpot/db/seed';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

/** The day the demo data is generated for in tests, so every run sees the same data. */
export const TEST_TODAY = '2026-11-02';

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it (connections and all). */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 'stockpot_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh app over its own clean database: in-memory PGlite by default, or a new database on the
 * server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: { write: (line: string) => void } } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let handle: DatabaseHandle;
  if (serverUrl) {
    const database = await createServerDatabase(serverUrl);
    handle = await openDatabase({ url: database.url, poolSize: 4 });
    dropDatabase = database.drop;
  } else {
    handle = await openDatabase();
  }
  await handle.migrate();
  await seedDemo(handle.db, { today: TEST_TODAY });
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', READ_MODEL_REFRESH_CRON: 'off', ...overrides },
  );
  const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind, logStream: options.logStream });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
      await dropDatabase();
    },
  };
}

export const AUTH_SECRET = 'stockpot-web';

export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email, password, company_id: '1', secret: AUTH_SECRET },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${response.body}`);
  return response.json().data.authKey as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
