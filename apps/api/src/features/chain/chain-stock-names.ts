import type { Database } from '@stockpot/db';
import { createVersionedAnswers } from '../../platform/versioned-answers';
import { listSharedGroupNames } from './chain-stock.repo';

/**
 * The names a chain's locations share, kept per set of locations and checked against versions on
 * every request (issue 39 at chain scale). Listing them groups every inventory group of those
 * locations (22 k for 200 locations: most of a stock page's cost), while a page only needs its 20
 * names. A group's name, location and existence move its location's suggested-order version
 * (migration 0053 marks inventory_groups' inserts, deletes and name changes), so an unchanged
 * version of every location is the same list.
 */
type SharedNames = { key: string; name: string }[];

const kept = createVersionedAnswers<SharedNames>();

/** How many times the names were listed rather than served (tests: a hit lists none). */
export function countSharedNameListings(): number {
  return kept.computations;
}

/**
 * The shared names of the locations, as `listSharedGroupNames` reads them, inside a caller's
 * repeatable-read snapshot that read the locations' group version (readGroupVersion) already: kept
 * for `db` (the pool's handle) under that version, listed in `tx` (the snapshot) on a miss.
 */
export async function getSharedGroupNames(
  db: Database,
  tx: Database,
  locationIds: readonly number[],
  groupVersion: string,
): Promise<SharedNames> {
  const ids = [...locationIds].sort((a, b) => a - b);
  return kept.getAt(db, tx, ids.join(','), groupVersion, (snapshot) => listSharedGroupNames(snapshot, ids));
}
