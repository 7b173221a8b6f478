import { protocol, type PGlite } from '@electric-sql/pglite';

/**
 * The plan cache mode of PGlite's one session between statements. A named statement is planned in
 * the pool's mode (force_generic_plan) and every other statement in PostgreSQL's default (custom
 * plans for PGlite's unnamed statements: docs/decisions.md "Generic plans for these statements
 * only"). Each named run sent `SET plan_cache_mode` before its Bind and `RESET` after it: two simple
 * queries, each its own transaction in the engine, about 30–40 µs of a slow machine's thread a
 * statement. Now the session stays in the named mode from one named statement to the next, and any
 * other statement restores the default first, under the same query lock, so no statement ever runs
 * in the other's mode. Inside a transaction a named run still sets and resets around itself (a
 * rollback would undo a setting left there).
 */

/** The mode a named statement left the session in, when it is not the default. */
const leftInMode = new WeakMap<PGlite, string>();

/** Databases whose other statements restore the default mode first (keepPlanModeBetweenNamedStatements). */
const restoresDefault = new WeakSet<PGlite>();

/** The named path's statements (its callbacks under the query lock), which choose their own mode. */
const namedStatements = new WeakSet<object>();

/** The simple query that restores the default mode (also what a named run sends after itself where the mode may not stay). */
export const RESET_PLAN_MODE = protocol.serialize.query('RESET plan_cache_mode');

/**
 * Has every statement of the database that is not a named one restore the default plan mode when a
 * named statement left another. After `yieldTurnBeforeEachStatement`, so it sees the statements
 * themselves.
 */
export function keepPlanModeBetweenNamedStatements(client: PGlite): void {
  const runExclusive = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(statement: () => Promise<T>): Promise<T> =>
    runExclusive(async () => {
      if (!namedStatements.has(statement) && leftInMode.has(client)) {
        leftInMode.delete(client);
        await client.execProtocolStream(RESET_PLAN_MODE, { syncToFs: false });
      }
      return statement();
    });
  restoresDefault.add(client);
}

/** Marks a callback as the named path's statement (it sets its own mode), and returns it. */
export function asNamedStatement<T>(statement: () => Promise<T>): () => Promise<T> {
  namedStatements.add(statement);
  return statement;
}

/**
 * What a named run sends around its Bind to be planned in `mode`: a SET unless the session is in
 * that mode already, and a RESET after it only where the mode may not stay (inside a transaction,
 * or on a database whose other statements do not restore the default). Records the mode it leaves.
 */
export function planModeAround(client: PGlite, mode: string, inTransaction: boolean): { set: boolean; reset: boolean } {
  if (inTransaction || !restoresDefault.has(client)) {
    // Outside a transaction BEGIN has restored the default already; this run's RESET does it again.
    leftInMode.delete(client);
    return { set: true, reset: true };
  }
  if (leftInMode.get(client) === mode) return { set: false, reset: false };
  // The SET is its own simple query: once sent it holds even if the statement after it fails.
  leftInMode.set(client, mode);
  return { set: true, reset: false };
}
