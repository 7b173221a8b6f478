/**
 * A reused bench data set brought to where the app's scheduled refresh (read-model-refresh.job.ts)
 * would have left it: the last run's orders, cart saves and counts marked analytics days, suggestion
 * days and recipe costs, which a chain read then recomputed inside this run's measured requests
 * (the chain owner's summary rewrote 585k rollup rows in its warm-up, and the dead rows slowed the
 * chain rows after it). A fresh seed has no marks; on a reused one this is what a night does.
 */
import {
  openDatabase,
  refreshAllAnalyticsDays,
  refreshAllReadModels,
  refreshAllRecipeCosts,
  refreshAllSuggestionDays,
} from '../../packages/db/src/index';

export async function catchUpScheduledRefresh(databaseUrl: string): Promise<string> {
  const started = performance.now();
  const handle = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const { db } = handle;
    const counts = {
      readModels: await refreshAllReadModels(db),
      analytics: await refreshAllAnalyticsDays(db),
      suggestions: await refreshAllSuggestionDays(db),
      recipeCosts: await refreshAllRecipeCosts(db),
    };
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `${Object.entries(counts)
      .map(([part, locations]) => `${part} ${locations}`)
      .join(', ')} locations refreshed in ${seconds} s`;
  } finally {
    await handle.close();
  }
}
