/**
 * `npm run db:refresh-read-model`: the nightly job of the place-order list's read model. Re-prices
 * the offers of every location whose date has moved past the day its rows were priced for (an
 * order-guide end date passing turns an effective price), and catches up offers changed outside the
 * application. Run it shortly after midnight (cron, or the job queue's schedule); the list checks the
 * same thing on read, so a night it does not run only makes the first request of the day slower.
 */
import { refreshAllReadModels } from '../src/read-model/read-model';
import { openDatabaseFromEnv } from './open-from-env';

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  const started = performance.now();
  const refreshed = await refreshAllReadModels(handle.db);
  console.log(`Read model refreshed for ${refreshed} location(s) in ${Math.round(performance.now() - started)} ms (${where}).`);
} catch (error) {
  console.error(`Read model refresh failed (${where}):`, error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
