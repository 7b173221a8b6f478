/**
 * `npm run bench -- --embedded` (and the fallback when PostgreSQL does not answer): the engine
 * `npm start` runs without DATABASE_URL, PGlite in one folder inside the server process, loaded with
 * the quick-scale data (PGlite is one connection in one process; the large scale is PostgreSQL's).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LARGE_SCALES } from '../../packages/db/seed/large/index';
import { printSummary, seedLargePglite, type LargeSeedRun } from '../../packages/db/scripts/seed-large';
import { log, type Engine } from './api-run-kit';
import { readCpuSeconds } from './server';

/**
 * A name no PostgreSQL database has: handed to setBenchDatabase on the embedded engine so that
 * "database CPU" counts no postgres process. The database runs on the server's own thread (its CPU
 * is the server's), and the postgres processes on the machine are other people's.
 */
export const NO_POSTGRES_DATABASE = 'stockpot-bench-embedded-none';

/** Loads the quick-scale data into a new PGlite folder laid out as `npm start` reads it (DATA_DIR/pglite). */
export async function prepareEmbedded(why: string): Promise<{ engine: Engine; seed: LargeSeedRun; seedSkipped: false }> {
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'stockpot-bench-pglite-'));
  log(`${why}: the embedded PGlite in ${pgliteDir}, quick-scale data.`);
  // apps/api/src/main.ts opens DATA_DIR/pglite when DATABASE_URL is empty; withQuery reads the same folder.
  const seed = await seedLargePglite(path.join(pgliteDir, 'pglite'), {
    scale: LARGE_SCALES.quick,
    log: (m) => log(`  ${m}`),
  });
  printSummary(seed, log);
  return { engine: { kind: 'pglite', description: `embedded PGlite (${why})`, pgliteDir }, seed, seedSkipped: false };
}

/**
 * Waits until the server has drained the previous run's abandoned requests: on PGlite they queue on
 * the server's one thread (a fixed pause left seconds of them inside the next run's window and its
 * CPU per answer). Idle = two 250 ms windows under 10 % of a core; at least 0.5 s, at most 60 s.
 */
export async function waitForIdleServer(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let calm = 0;
  while (calm < 2 && Date.now() < deadline) {
    const before = readCpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 250));
    calm = readCpuSeconds(pid) - before < 0.025 ? calm + 1 : 0;
  }
}
