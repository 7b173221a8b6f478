import type { FastifyInstance } from 'fastify';
import {
  refreshAllAnalyticsDays,
  refreshAllReadModels,
  refreshAllRecipeCosts,
  refreshAllSuggestionDays,
  vacuumMarkTables,
} from '@stockpot/db';
import { sweepKeptReadMarks } from '../../platform/kept-reads';

export const READ_MODEL_REFRESH_QUEUE = 'read-model.refresh';

/**
 * The place-order list's scheduled refresh (docs/decisions.md "Dates: both"): re-prices every
 * location whose day has turned since its rows were priced, ahead of its first request of the day.
 * The read-time check makes a missed run cost only speed, never correctness, so the job simply
 * retries and logs a final failure. It then takes the kept reads' marks (migration 0059) of every marked
 * location, and brings the analytics days, suggestion days and recipe costs of every marked location
 * up to date, so locations nobody reads do not collect marks without end: since migration 0062 each
 * write leaves a row of its own. Last, it vacuums the mark tables.
 */
export async function registerReadModelRefresh(app: FastifyInstance): Promise<void> {
  await app.jobs.define<Record<string, never>>({
    name: READ_MODEL_REFRESH_QUEUE,
    // A chain-scale night re-prices a few hundred locations; an attempt longer than this is stuck.
    expireInSeconds: 3600,
    handle: async () => {
      const started = performance.now();
      const refreshed = await refreshAllReadModels(app.db);
      if (refreshed > 0) {
        app.log.info({ locations: refreshed, ms: Math.round(performance.now() - started) }, 'read model refreshed');
      }
      const swept = await sweepKeptReadMarks(app.db);
      if (swept > 0) app.log.info({ locations: swept }, 'kept-read marks swept');
      const aggregates = {
        analytics: await refreshAllAnalyticsDays(app.db),
        suggestions: await refreshAllSuggestionDays(app.db),
        recipeCosts: await refreshAllRecipeCosts(app.db),
      };
      if (Object.values(aggregates).some((count) => count > 0)) app.log.info(aggregates, 'aggregates refreshed');
      // Their marks taken, the mark tables are mostly dead rows: vacuumed here, since PGlite never
      // does it and a server's autovacuum may not (packages/db/src/mark-tables.ts).
      await vacuumMarkTables(app.db);
    },
    onFailed: async (_data, error) => {
      app.log.error({ error }, 'read model refresh failed after its retries; the list re-prices on first read instead');
    },
  });
  const cron = app.config.READ_MODEL_REFRESH_CRON;
  await app.jobs.schedule(READ_MODEL_REFRESH_QUEUE, cron === 'off' ? null : cron);
}
