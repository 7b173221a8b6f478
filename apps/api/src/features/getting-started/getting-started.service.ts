import type { Database } from '@stockpot/db';
import { getGettingStarted, type GettingStarted } from '@stockpot/domain';
import { selectGettingStartedFacts } from './getting-started.repo';

/** GET getting-started: the location's facts turned into the checklist by the domain rule. */
export async function readGettingStarted(db: Database, locationId: number): Promise<GettingStarted> {
  return getGettingStarted(await selectGettingStartedFacts(db, locationId));
}
