import { sql, type SQL } from 'drizzle-orm';
import { queryRows, readModelStaleSql, suggestionDaysStaleSql, type Database } from '@stockpot/db';
import { rememberBounded } from '../../platform/bounded-memo';

/**
 * The suggested order's computed answer, kept per location and checked against versions on every
 * request (issue 37 at chain scale, migration 0053; docs/decisions.md "Suggested orders: the answer
 * kept per location"). Computing one costs ~20 ms of Node and ~20 ms of PostgreSQL; 50 users in
 * 50 ms on two cores leave 1–2 ms. Every table the answer reads moves the location's version (or
 * the shared catalogue's) when a write changes what it reads, so an unchanged version is the same
 * answer — as long as the clock has not crossed a cut-off or midnight, which each entry carries.
 *
 * Exact, not approximately fresh: an answer is kept only when the state read before and after its
 * computation has the same version and, both times, neither the history aggregates nor the
 * catalogue's read model were waiting for a top-up (the request tops them up first; their top-up
 * writes move the version). Receipts and POS sales reach the answer only through them. (Not one
 * repeatable-read snapshot, as the chain variance: its reads run in parallel on the pool.)
 */
export interface KeptAnswer {
  /** The instant (epoch ms, exclusive) the clock changes the answer: a cut-off or the next midnight. */
  validUntil: number;
}

interface Entry<T> {
  version: string;
  /** The instant it was computed for: an earlier clock is not served from it. */
  from: number;
  answer: T;
}

/** Two variants (with the cart, as if empty) of 200 locations; one answer is a few hundred KB of objects at most. */
const MAX_ENTRIES = 400;
// Per database handle: location ids and versions mean something only within one database.
const caches = new WeakMap<
  Database,
  { entries: Map<string, Entry<KeptAnswer>>; computing: Map<string, Promise<Entry<KeptAnswer> | null>> }
>();
let computations = 0;

/** How many answers were computed rather than served (tests: a hit computes none). */
export function countSuggestionComputations(): number {
  return computations;
}

/** The location's version (catalogue's / location's) and whether its aggregates or read model await a top-up. */
export interface SuggestionState {
  version: string;
  stale: boolean;
}

/**
 * SuggestionState's row for the location `location` (none when it does not exist); also read with
 * the session on GET suggested-orders (`config.locationState`), so a kept answer costs no statement.
 */
export function suggestionStateSql(location: SQL | number): SQL {
  return sql`SELECT (SELECT version FROM suggestion_catalog_version)::text || '/'
                 || coalesce((SELECT version FROM suggestion_versions WHERE location_id = l.id), 0)::text AS version,
               (${suggestionDaysStaleSql(sql`l.id`)} OR ${readModelStaleSql(sql`l.id`, sql`(now() AT TIME ZONE l.timezone)::date`)}) AS stale
        FROM locations l WHERE l.id = ${location}`;
}

async function readState(db: Database, locationId: number): Promise<SuggestionState | undefined> {
  const [row] = await queryRows<SuggestionState>(db, suggestionStateSql(locationId));
  return row;
}

const isValidAt = (entry: Entry<KeptAnswer> | undefined, version: string, now: number): entry is Entry<KeptAnswer> =>
  entry !== undefined && entry.version === version && entry.from <= now && now < entry.answer.validUntil;

/**
 * Computes the answer between two reads of the state: when both read the same version and nothing
 * stale, no write to an input committed in between (each bumps the version in its own transaction,
 * and versions never repeat), so every read of the computation saw the state of that version. Null
 * when a write came between (the caller tries again).
 */
async function computeBetween<T extends KeptAnswer>(
  db: Database,
  locationId: number,
  version: string,
  now: number,
  compute: (db: Database, refresh: boolean) => Promise<T>,
): Promise<Entry<T> | null> {
  const answer = await compute(db, false);
  const after = await readState(db, locationId);
  return after && !after.stale && after.version === version ? { version, from: now, answer } : null;
}

/**
 * The answer of `variant` at the location at `now`: kept, or computed by `compute` (`refresh` false:
 * the aggregates were just found current) and kept. `refresh` tops the location's aggregates and read
 * model up. The answer is shared between requests: callers must not change it.
 */
export async function getKeptAnswer<T extends KeptAnswer>(
  db: Database,
  locationId: number,
  variant: string,
  now: number,
  compute: (db: Database, refresh: boolean) => Promise<T>,
  refresh: (db: Database) => Promise<void>,
  /** The location's state as read with the session (GET suggested-orders), for the first try. */
  session?: SuggestionState | null,
): Promise<T> {
  const key = `${locationId}:${variant}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), computing: new Map() }));
  const { entries, computing } = cache;
  // A write can land between the two reads of a computation, or mark the location again after its
  // top-up: a few tries, then computed as before, not kept.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // A hit needs this one statement, or none when the session read it.
    const state = attempt === 0 && session ? session : await readState(db, locationId);
    if (!state) break;
    if (state.stale) {
      await refresh(db);
      continue;
    }
    const kept = entries.get(key);
    if (isValidAt(kept, state.version, now)) return kept.answer as T;
    // Concurrent misses on the same answer and version wait for one computation.
    const flight = `${key}#${state.version}`;
    let pending = computing.get(flight);
    const isMine = !pending;
    if (!pending) {
      computations += 1;
      pending = computeBetween(db, locationId, state.version, now, compute);
      computing.set(flight, pending);
      pending.finally(() => computing.delete(flight)).catch(() => undefined);
    }
    const entry = await pending;
    if (!entry) continue;
    // Another request's computation for an earlier or later clock may not hold at this one.
    if (!isMine && !isValidAt(entry, state.version, now)) continue;
    // Not kept when already over by the clock (the database's today behind this clock's, near midnight).
    if (isValidAt(entry, entry.version, now)) rememberBounded(entries, key, entry, MAX_ENTRIES);
    return entry.answer as T;
  }
  computations += 1;
  return compute(db, true);
}
