import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@stockpot/db';
import { isDatabaseSeeded, seedDemo } from '@stockpot/db/seed';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
if (!config.DATABASE_URL) mkdirSync(dataDir, { recursive: true });

const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') });
await handle.migrate();
if (!(await isDatabaseSeeded(handle.db))) {
  const started = Date.now();
  await seedDemo(handle.db);
  console.log(`Loaded the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    // An unclosed PGlite data folder can hang the next start.
    await handle.close();
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${dataDir}`;
console.log(`Stockpot is serving http://localhost:${config.PORT} with ${where}.`);
