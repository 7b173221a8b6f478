/**
 * The API scenarios of `npm run bench` (scripts/bench/run.ts starts the server and signs the users
 * in; these measure), grouped by what they read: api-run-reads.ts (floors, the one-row reads,
 * analytics, the chain view), api-run-areas.ts (each area's main read) and api-run-list.ts (search,
 * list pages, cart, orders, EXPLAIN). api-run-kit.ts holds what they share.
 */
import { makeRun, type ApiRunContext } from './api-run-kit';

export { log } from './api-run-kit';
import { measureAreaReads } from './api-run-areas';
import { measureListReads } from './api-run-list';
import { measureBasicReads } from './api-run-reads';

/** Runs every API scenario the --only filter lets through; answers the server's peak RSS seen (MB). */
export async function runApiScenarios(context: ApiRunContext): Promise<number> {
  const peak = { mb: 0 };
  const run = await makeRun(context, peak);
  await measureBasicReads(run);
  await measureAreaReads(run);
  await measureListReads(run);
  return peak.mb;
}
