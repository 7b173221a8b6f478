import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@stockpot/db';
import { DEMO_PASSWORD } from '@stockpot/db/seed';
import { openDemoDatabase } from './database-template';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';

export { createServerDatabase, TEST_TODAY } from './database-template';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

/**
 * A fresh app over its own clean database: in-memory PGlite by default, or a new database on the
 * server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: { write: (line: string) => void } } = {},
): Promise<TestApp> {
  const { handle, drop: dropDatabase } = await openDemoDatabase();
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

/** An injected answer's text, decoded from the brotli or gzip it was sent in (as a browser reads it). */
export function decodeAnswer(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  if (encoding !== undefined) throw new Error(`unexpected content-encoding ${String(encoding)}`);
  return response.rawPayload.toString();
}
