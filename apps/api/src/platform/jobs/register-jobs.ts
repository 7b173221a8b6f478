import type { FastifyInstance } from 'fastify';
import { createJobQueue, type JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates app.jobs. Features define their queues while they register; the workers start once
 * the app is ready, and stop (running jobs allowed to finish) before the database is closed.
 */
export async function registerJobs(app: FastifyInstance): Promise<void> {
  const jobs = await createJobQueue({
    db: app.db,
    databaseKind: app.databaseKind,
    log: app.log,
    isWorking: app.config.JOBS_WORK,
    isScheduling: app.config.READ_MODEL_REFRESH_CRON !== 'off',
    pollSeconds: app.config.JOBS_POLL_SECONDS,
    maintenanceSeconds: app.config.JOBS_MAINTENANCE_SECONDS,
    retryLimit: app.config.JOBS_RETRY_LIMIT,
    retryDelaySeconds: app.config.JOBS_RETRY_DELAY_SECONDS,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
}
