/**
 * The bench scripts that answer requests in-process (inject, no HTTP): the production app on a
 * bench database, signed in as a chain user.
 */
import { openDatabase, type DatabaseHandle } from '../../packages/db/src/client';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { AUTH_SECRET, PASSWORD } from './api-scenarios';

export interface InProcessApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DatabaseHandle;
  /** The user's bearer token. */
  token: string;
  close: () => Promise<void>;
}

/**
 * `database` is a postgres:// address or, for the embedded engine, a PGlite data folder (one
 * `npm run seed -- --scale quick --pglite DIR` loaded). `env` overrides the production
 * configuration's variables (JOBS_WORK, say).
 */
export async function openInProcessApp(database: string, user: string, env: Record<string, string> = {}): Promise<InProcessApp> {
  const isPostgres = /^postgres(ql)?:/.test(database);
  const handle = await openDatabase(isPostgres ? { url: database, poolSize: 4 } : { dataDir: database });
  const app = await buildApp({
    config: loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: isPostgres ? database : '',
      ...env,
    }),
    db: handle.db,
    databaseKind: handle.kind,
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email: user, password: PASSWORD, company_id: '1', secret: AUTH_SECRET },
  });
  const token = (signIn.json() as { data?: { authKey?: string } }).data?.authKey;
  if (!token) {
    await app.close();
    await handle.close();
    throw new Error(`${user} could not sign in (HTTP ${signIn.statusCode}): is the bench data loaded?`);
  }
  return {
    app,
    handle,
    token,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
