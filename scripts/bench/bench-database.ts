import pg from 'pg';

/**
 * Drops and creates one of the bench's own databases on a PostgreSQL server (its URL names the
 * server's maintenance database), and returns that database's URL. The live-events and processes
 * benches each start a server on a fresh demo database this way.
 */
export async function recreateBenchDatabase(serverUrl: string, databaseName: string): Promise<string> {
  if (!/^stockpot_bench_[a-z0-9_]+$/.test(databaseName)) throw new Error(`Not a bench database: "${databaseName}"`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
