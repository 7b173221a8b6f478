import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@stockpot/db';
import { isDatabaseSeeded, seedDemo } from '@stockpot/db/seed';
import { buildApp } from './app';
import { loadConfig } from './config';
import { removeLeftoverTemporaryFiles, resolveFilesDir } from './platform/documents/file-store';
import { resolveWorkerCount } from './platform/processes';

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);

function openConfiguredDatabase(): Promise<DatabaseHandle> {
  return openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') });
}

/** Once per start, before any process serves: migrations, demo data, and files a crash left half-written. */
async function prepare(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  if (!(await isDatabaseSeeded(handle.db))) {
    const started = Date.now();
    await seedDemo(handle.db);
    console.log(`Loaded the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const removed = await removeLeftoverTemporaryFiles(resolveFilesDir(config));
  if (removed.length) console.log(`Removed ${removed.length} temporary file(s) left by an interrupted write.`);
}

/** Builds the app on an open database, listens, and shuts down gracefully on SIGINT/SIGTERM. */
async function serve(handle: DatabaseHandle): Promise<void> {
  const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });
  let isClosing = false;
  async function shutdown(signal: string): Promise<void> {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
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
}

const { count: workers, note } = resolveWorkerCount(config);
if (note && cluster.isPrimary) console.log(note);
const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${dataDir}`;

if (cluster.isPrimary) {
  if (!config.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  const handle = await openConfiguredDatabase();
  await prepare(handle);
  if (workers === 1) {
    await serve(handle);
    console.log(`Stockpot is serving http://localhost:${config.PORT} with ${where}.`);
  } else {
    await handle.close();
    // The primary only supervises: each process opens its own pool and runs its own job workers.
    let isStopping = false;
    const fork = () => cluster.fork({ STOCKPOT_WORKER: '1' });
    for (let i = 0; i < workers; i += 1) fork();
    cluster.on('exit', (worker, code, signal) => {
      if (isStopping) return;
      console.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      fork();
    });
    const stop = (signal: NodeJS.Signals) => {
      if (isStopping) return;
      isStopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      const force = setTimeout(() => process.exit(1), 20_000);
      force.unref();
      const check = setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          clearInterval(check);
          process.exit(0);
        }
      }, 100);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    let listening = 0;
    cluster.on('listening', () => {
      listening += 1;
      if (listening === workers) {
        // Said once, when all are up (a replaced process later counts past it).
        console.log(`Stockpot is serving http://localhost:${config.PORT} with ${where}, ${workers} processes.`);
      }
    });
  }
} else {
  await serve(await openConfiguredDatabase());
}
