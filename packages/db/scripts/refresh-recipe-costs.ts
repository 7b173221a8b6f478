/**
 * `npm run db:refresh-recipe-costs`: applies the migrations, then computes the recipe list's stored
 * costs (issue 17, `recipe_costs`) of every location with recipes whose costs are stale (never
 * computed, marked by a write, or priced for another day); `-- --force` recomputes every location.
 * Fills a database loaded before migration 0026. The list checks the same thing on read, so this
 * only moves the first request's cost of the day (or after a write) off the request.
 */
import { refreshAllRecipeCosts } from '../src/recipe-costs/recipe-costs';
import { openDatabaseFromEnv } from './open-from-env';

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  const started = performance.now();
  const refreshed = await refreshAllRecipeCosts(handle.db, { force: process.argv.includes('--force') });
  console.log(`Recipe costs refreshed for ${refreshed} location(s) in ${Math.round(performance.now() - started)} ms (${where}).`);
} catch (error) {
  console.error(`Recipe cost refresh failed (${where}):`, error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
