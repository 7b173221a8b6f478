import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL on the server's own thread, and each statement's wait for the database
 * lock and its run are promise continuations: under load, statement after statement of every
 * request in flight ran without the event loop getting a turn. A connection's first request was
 * then read only between two such runs, so with 50 connections opened at once on a busy server
 * their first answers came one every 50–70 ms, up to 2–3 s late (docs/performance.md "The embedded
 * p99 tail"). Each statement now waits one turn of the event loop once the lock is its own, so
 * sockets are read between statements and requests are served in the order they arrived.
 */
export function yieldTurnBeforeEachStatement(client: PGlite): void {
  const runExclusive = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(statement: () => Promise<T>): Promise<T> =>
    runExclusive(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return statement();
    });
}
