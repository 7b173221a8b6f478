import type { FastifyInstance } from 'fastify';
import { sweepMarks } from './inventory-answers.service';

export const INVENTORY_ANSWERS_SWEEP_QUEUE = 'inventory-answers.sweep';

/**
 * The inventory view's stored pages' nightly sweep (docs/decisions.md "Stored page answers"): takes
 * the marks of every marked location, so locations whose view nobody opens do not collect them
 * without end. It runs on the read model refresh's schedule (READ_MODEL_REFRESH_CRON, the night).
 * A missed run costs only table size, never correctness.
 */
export async function registerInventoryAnswersSweep(app: FastifyInstance): Promise<void> {
  await app.jobs.define<Record<string, never>>({
    name: INVENTORY_ANSWERS_SWEEP_QUEUE,
    expireInSeconds: 3600,
    handle: async () => {
      const swept = await sweepMarks(app.db);
      if (swept > 0) app.log.info({ locations: swept }, 'inventory view marks swept');
    },
    onFailed: async (_data, error) => {
      app.log.error({ error }, 'inventory view marks sweep failed after its retries; the marks wait for the next run');
    },
  });
  const cron = app.config.READ_MODEL_REFRESH_CRON;
  await app.jobs.schedule(INVENTORY_ANSWERS_SWEEP_QUEUE, cron === 'off' ? null : cron);
}
