/**
 * drizzle's PGlite driver reads dates, timestamps and intervals (and their arrays) as the text
 * PostgreSQL sends: it passes nine parsers that return their input on every statement. PGlite then
 * spreads them into the database's own 318 parsers for each answer, about 150 µs a statement on a
 * slow machine (6 µs without; docs/performance.md, issue 38 stop 63). The embedded database reads
 * those types as text itself (readTypesAsText), so a statement's own parsers that only say the same
 * are dropped before PGlite sees them, and its answers are what they were.
 */
import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/** The types drizzle's driver reads as text: timestamp, timestamptz, interval, date, numeric[] and the arrays of the four. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string): string => value;

/** A parser's source that returns its argument as it is: `(value) => value`. */
const RETURNS_ITS_INPUT = /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\1\s*$/;

/**
 * The options without their parsers when the database reads every one of those types as text
 * already (readTypesAsText) and each given parser returns its input; else the options as given.
 */
export function withoutRedundantParsers(client: PGlite, options?: QueryOptions): QueryOptions | undefined {
  const own = options?.parsers;
  if (!own) return options;
  for (const [oid, parser] of Object.entries(own)) {
    if (client.parsers[Number(oid)] !== asText || !RETURNS_ITS_INPUT.test(String(parser))) return options;
  }
  return { ...options, parsers: undefined };
}

/** Whether readTypesAsText has set the database to read drizzle's text types as text. */
export const readsTypesAsText = (client: PGlite): boolean => TEXT_TYPES.every((oid) => client.parsers[oid] === asText);

/**
 * Makes the database read drizzle's text types as text itself, and drops redundant parsers
 * (withoutRedundantParsers) from every statement run on it, in a transaction too (a transaction's
 * client is PGlite's own object, made per call). After PGlite.create: it sets its array types'
 * parsers at start-up.
 */
export function readTypesAsText(client: PGlite): void {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutRedundantParsers(client, options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutRedundantParsers(client, options))) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}
