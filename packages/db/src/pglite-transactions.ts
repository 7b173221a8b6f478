import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * The database behind each of PGlite's transaction objects, so a statement inside a transaction can
 * run as the database's named statement (pglite-statements.ts) rather than be parsed and planned
 * again: PGlite is one session, so a statement prepared outside a transaction is there inside one
 * too. The typo pass of a search (a transaction for its trigram threshold) planned its page's
 * statement on every request (docs/performance.md, stop 65).
 */
const databaseOf = new WeakMap<object, PGlite>();

/** Remembers the database of every transaction `client` opens from now on. */
export function rememberTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      databaseOf.set(tx, client);
      return callback(tx);
    });
}

/** The database whose transaction `client` is (a drizzle session's client), if it is one. */
export function pgliteOfTransaction(client: unknown): PGlite | undefined {
  return typeof client === 'object' && client !== null ? databaseOf.get(client) : undefined;
}
