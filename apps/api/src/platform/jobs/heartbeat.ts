import type PgBoss from 'pg-boss';

/**
 * A heartbeat for long jobs on PostgreSQL (issue 33, crash suites). pg-boss 10 has none: a job
 * counts as dead once `started_on + expire_in` has passed, and the same expiry bounds the
 * handler in the worker, so a job that may run for minutes (a 50,000-row order guide) needs a
 * long one, and a job held by a killed process sat 'active' that long, its user looking at a
 * frozen progress bar. So while a handler runs, its job's `started_on` moves forward every
 * `everySeconds`, and a sweep on the maintenance interval fails (for pg-boss to retry) an active
 * job of such a queue whose beat is older than `staleAfterSeconds`: a live job never is, a dead
 * one is retried within about staleAfterSeconds + maintenance + retry delay. The queue's long
 * expiry stays as the backstop. PGlite needs none: one process holds the folder, and its start-up
 * sweep retries what a dead process left (startup-sweep.ts).
 */
export interface Heartbeat {
  everySeconds: number;
  /** Several beats, so one late beat (a busy pool) does not fail a live job. */
  staleAfterSeconds: number;
}

/** Beats for `job` now and then every `everySeconds` until the returned stop is called; a failed beat is only logged. */
export function startHeartbeat(
  db: PgBoss.Db,
  heartbeat: Heartbeat,
  job: { name: string; id: string },
  onError: (error: unknown) => void,
): () => void {
  const beat = () =>
    void db
      .executeSql(`UPDATE pgboss.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active'`, [job.name, job.id])
      .catch(onError);
  beat();
  const timer = setInterval(beat, heartbeat.everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Fails, through pg-boss (which counts the attempt and retries), the active jobs whose heartbeat stopped. */
export async function retryJobsWithoutHeartbeat(boss: PgBoss, queues: { name: string; heartbeat: Heartbeat }[]): Promise<number> {
  let count = 0;
  for (const { name, heartbeat } of queues) {
    const { rows } = (await boss
      .getDb()
      .executeSql(
        `SELECT id::text AS id FROM pgboss.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2)`,
        [name, heartbeat.staleAfterSeconds],
      )) as { rows: { id: string }[] };
    for (const { id } of rows) await boss.fail(name, id, { message: 'The process running this job stopped; retried.' });
    count += rows.length;
  }
  return count;
}
