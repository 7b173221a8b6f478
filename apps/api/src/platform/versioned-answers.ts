import type { Database } from '@stockpot/db';
import { rememberBounded } from './bounded-memo';

/**
 * Answers kept per key and served while the versions they were computed under still hold (the chain
 * view at chain scale: docs/decisions.md "Chain stock and summary: kept answers checked against
 * versions"). Exact, not approximately fresh: on a miss the version and the answer are read in one
 * repeatable-read snapshot, so an answer is kept only under the version of the rows it was read
 * from; a hit costs the one statement that reads the current version, or none when the caller read it
 * with another statement (the chain's membership). Kept per database handle:
 * ids and versions mean something only within one database.
 */
export interface VersionedAnswers<T> {
  /** `current`: the version as the caller has just read it (then a hit costs no statement). */
  get(
    db: Database,
    key: string,
    read: { version: (db: Database) => Promise<string>; answer: (db: Database) => Promise<T> },
    current?: string,
  ): Promise<T>;
  /**
   * Inside a caller's snapshot that already read `version`: the kept answer when it is that
   * version's, else `answer(tx)` read in that snapshot and kept under it. `db` is the handle the
   * answers are kept for (not the transaction).
   */
  getAt(db: Database, tx: Database, key: string, version: string, answer: (tx: Database) => Promise<T>): Promise<T>;
  /** How many answers were computed rather than served (tests: a hit computes none). */
  readonly computations: number;
}

export function createVersionedAnswers<T>(maxEntries = 32): VersionedAnswers<T> {
  const caches = new WeakMap<Database, Map<string, { version: string; value: T }>>();
  let computations = 0;
  const entriesOf = (db: Database) => {
    let entries = caches.get(db);
    if (!entries) caches.set(db, (entries = new Map()));
    return entries;
  };
  return {
    get computations() {
      return computations;
    },
    async get(db, key, read, current) {
      const entries = entriesOf(db);
      const kept = entries.get(key);
      if (kept && (current ?? (await read.version(db))) === kept.version) return kept.value;
      const fresh = await db.transaction(
        async (tx) => {
          const version = await read.version(tx);
          computations += 1;
          return { version, value: await read.answer(tx) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      rememberBounded(entries, key, fresh, maxEntries);
      return fresh.value;
    },
    async getAt(db, tx, key, version, answer) {
      const entries = entriesOf(db);
      const kept = entries.get(key);
      if (kept?.version === version) return kept.value;
      computations += 1;
      const fresh = { version, value: await answer(tx) };
      rememberBounded(entries, key, fresh, maxEntries);
      return fresh.value;
    },
  };
}
