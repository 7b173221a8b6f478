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
