import type { Config } from '../config';

/**
 * How many server processes to run (`WORKERS`, docs/scaling.md). The server keeps no state of its
 * own, so N processes share one PostgreSQL; the embedded PGlite is one connection that only one
 * process may open, so without DATABASE_URL it is always 1, with a note saying why.
 */
export function resolveWorkerCount(settings: Pick<Config, 'WORKERS' | 'DATABASE_URL'>): { count: number; note: string | null } {
  if (settings.WORKERS > 1 && !settings.DATABASE_URL) {
    return {
      count: 1,
      note:
        `WORKERS=${settings.WORKERS} ignored: the embedded database can be opened by one process only, so Stockpot runs 1 process. ` +
        'Set DATABASE_URL to a PostgreSQL server to run several.',
    };
  }
  return { count: settings.WORKERS, note: null };
}
