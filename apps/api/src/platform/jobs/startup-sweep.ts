import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/**
 * The embedded engine's start-up sweep (issue 33 defect 7). PGlite is one process's data folder
 * (ARCHITECTURE.md), so a job still `active` when the server starts was held by the previous
 * process, which is gone: it is failed at once through pg-boss's own fail(), which counts the
 * attempt and schedules the retry (or dead-letters the job) like any failure, instead of waiting
 * for the job's expiry. On PostgreSQL other live processes hold active jobs, so only expiry and
 * maintenance (job-queue.ts) can tell a dead holder; this sweep never runs there.
 */
export async function retryJobsOfDeadProcess(boss: PgBoss, log: FastifyBaseLogger): Promise<number> {
  const db = boss.getDb();
  const { rows } = (await db.executeSql(`SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active'`, [])) as {
    rows: { name: string; id: string }[];
  };
  for (const { name, id } of rows) {
    await boss.fail(name, id, { message: 'The server stopped while this job ran; retried on start-up.' });
  }
  if (rows.length > 0) log.warn({ count: rows.length }, 'jobs left running by a stopped server are retried');
  return rows.length;
}
