/**
 * The purchase order jobs the order scenario queues (documents and e-mail, one worker a process):
 * the bench measures their cost as a row of its own, after the order answers, and removes what a
 * run leaves queued. A backlog left by an earlier run is worked off by the next run's server beside
 * every scenario it measures (stop 65 found 2,220 such jobs), so a reused database starts without one.
 */
import { summarise } from './load';
import type { Measured } from './report';
import { sampleResources } from './server';
import type { Query } from './api-scenarios';

const QUEUE = 'purchase-order';
/** Not finished: queued, waiting for a retry, or held by a server that has stopped. */
const UNFINISHED = `state IN ('created', 'retry', 'active')`;

/** Deletes the purchase order jobs not finished (an earlier run's backlog); returns how many. */
export async function clearUnfinishedOrderJobs(query: Query): Promise<number> {
  const [exists] = await query<{ found: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS found`);
  if (!exists.found) return 0;
  const rows = await query<{ id: string }>(`DELETE FROM pgboss.job WHERE name = $1 AND ${UNFINISHED} RETURNING id`, [QUEUE]);
  if (rows.length > 0) console.error(`Removed ${rows.length} unfinished purchase order jobs from the bench database.`);
  return rows.length;
}

async function countUnfinished(query: Query): Promise<number> {
  const [row] = await query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND ${UNFINISHED}`,
    [QUEUE],
  );
  return row.count;
}

/**
 * The server working off the queued purchase order jobs with no requests coming in, for `seconds`
 * (or until the queue is empty): jobs a second, each job's run time (started to completed, as
 * "latency") and the server's and database's CPU per job. Null when no job was queued.
 */
export async function measureOrderJobs(query: Query, serverPid: number, seconds: number): Promise<Measured | null> {
  if ((await countUnfinished(query)) === 0) return null;
  const since = new Date();
  const sample = sampleResources(serverPid);
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if ((await countUnfinished(query)) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const resources = sample.stop();
  const elapsed = (performance.now() - started) / 1000;
  const jobs = await query<{ ms: number; state: string; startedInside: boolean }>(
    `SELECT extract(epoch FROM completed_on - started_on) * 1000 AS ms, state::text AS state,
            started_on >= $2 AS "startedInside"
       FROM pgboss.job WHERE name = $1 AND state IN ('completed', 'failed') AND completed_on >= $2`,
    [QUEUE, since],
  );
  const completed = jobs.filter((job) => job.state === 'completed');
  // Run times of the jobs started inside the window only: one already running at its start took CPU before it.
  const durations = completed.filter((job) => job.startedInside);
  const stats = summarise(
    durations.map((job) => Number(job.ms)),
    elapsed,
    { non2xx: jobs.length - completed.length, errors: 0, statusCounts: {} },
  );
  // Per job finished in the window (the CPU divides by `requests`).
  return { ...stats, ...resources, requests: completed.length, rps: Math.round((completed.length / elapsed) * 10) / 10 };
}
