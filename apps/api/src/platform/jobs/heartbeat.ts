import type PgBoss from 'pg-boss';

/**
 * A heartbeat for long jobs on PostgreSQL (issue 33, crash suites). pg-boss 10 has none: a job
 * counts as dead once `started_on + expire_in` has passed, so a job that may run for minutes (a
 * 50,000-row order guide) needed a long expiry, and one held by a killed process sat 'active'
 * for that long, its user looking at a frozen progress bar. While the handler runs, the job's
 * `started_on` moves forward every `everySeconds`, so its expiry can be short: a live job never
 * reaches it, a dead one is retried within about expiry + maintenance + retry delay.
 * PGlite needs none: one process holds the folder, and its start-up sweep retries what a dead
 * process left (startup-sweep.ts); its one connection could not beat through a long transaction.
 */
export interface Heartbeat {
  everySeconds: number;
  /** The queue's expiry on PostgreSQL: several beats, so one late beat does not expire a live job. */
  expireInSeconds: number;
}

/** Beats for `job` until the returned stop is called; a failed beat is only logged (expiry stays the backstop). */
export function startHeartbeat(
  db: PgBoss.Db,
  heartbeat: Heartbeat,
  job: { name: string; id: string },
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    db.executeSql(`UPDATE pgboss.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active'`, [
      job.name,
      job.id,
    ]).catch(onError);
  }, heartbeat.everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
