import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { rememberBounded } from '../../platform/bounded-memo';
import { intArray } from './chain.repo';
import { listSharedGroupNames } from './chain-stock.repo';

/**
 * The names a chain's locations share, kept per set of locations and checked against versions on
 * every request (issue 39 at chain scale). Listing them groups every inventory group of those
 * locations (22 k for 200 locations: most of a stock page's cost), while a page only needs its 20
 * names. A group's name, location and existence move its location's suggested-order version
 * (migration 0053 marks inventory_groups' inserts, deletes and name changes), so an unchanged
 * version of every location is the same list. The version and the list of a miss are read in one
 * repeatable-read snapshot, so a list is kept only under the versions of the rows it was read from.
 */
type SharedNames = { key: string; name: string }[];

const MAX_ENTRIES = 32;
const caches = new WeakMap<Database, Map<string, { version: string; names: SharedNames }>>();
let listings = 0;

/** How many times the names were listed rather than served (tests: a hit lists none). */
export function countSharedNameListings(): number {
  return listings;
}

async function readVersion(db: Database, sortedIds: readonly number[]): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`SELECT coalesce(string_agg(coalesce(v.version, 0)::text, ',' ORDER BY l.id), '') AS version
        FROM unnest(${intArray(sortedIds)}) AS l(id)
        LEFT JOIN suggestion_versions v ON v.location_id = l.id`,
  );
  return row.version;
}

/** The shared names of the locations, as `listSharedGroupNames` reads them, current as of one snapshot. */
export async function getSharedGroupNames(db: Database, locationIds: readonly number[]): Promise<SharedNames> {
  const ids = [...locationIds].sort((a, b) => a - b);
  const key = ids.join(',');
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const kept = entries.get(key);
  if (kept && (await readVersion(db, ids)) === kept.version) return kept.names;
  const fresh = await db.transaction(
    async (tx) => {
      const version = await readVersion(tx, ids);
      listings += 1;
      return { version, names: await listSharedGroupNames(tx, ids) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  rememberBounded(entries, key, fresh, MAX_ENTRIES);
  return fresh.names;
}
