/**
 * Named prepared statements on PGlite, which its `query` does not offer: every `query` parses,
 * analyses and plans its text again (an unnamed statement), in five calls into the WASM engine.
 * Here a statement is parsed once per database and each later run is one call: Bind, Describe,
 * Execute and Sync in one message. Rows are parsed as `query` parses them (same parsers, same
 * options), so an answer is the same either way.
 */
import { parse, PGlite, protocol, type QueryOptions } from '@electric-sql/pglite';
import { EmscriptenBuiltinFilesystem } from '@electric-sql/pglite/basefs';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { withoutRedundantParsers } from './pglite-parsers';
import { asNamedStatement, planModeAround, RESET_PLAN_MODE } from './pglite-plan-mode';

/**
 * Prepared statements kept per database. Each holds its parse tree and plan in the engine's
 * memory; the hot reads are a few dozen texts, so the oldest beyond this are closed.
 */
const MAX_STATEMENTS = 200;

interface Prepared {
  name: string;
  /** The parameters' type oids as PostgreSQL inferred them, to serialise values as `query` does. */
  paramTypes: number[];
}

const preparedByDatabase = new WeakMap<PGlite, Map<string, Prepared>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function prepare(client: PGlite, statements: Map<string, Prepared>, text: string, name: string): Promise<Prepared> {
  const messages: Uint8Array[] = [];
  if (statements.size >= MAX_STATEMENTS) {
    const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
    statements.delete(oldestText);
    messages.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
  }
  // Closing a name that does not exist is no error; closing first means a statement left under
  // this name (a run that failed after its Parse) never makes the Parse fail.
  messages.push(
    protocol.serialize.close({ type: 'S', name }),
    protocol.serialize.parse({ name, text }),
    protocol.serialize.describe({ type: 'S', name }),
    protocol.serialize.sync(),
  );
  const answer = await client.execProtocolStream(concat(messages), { syncToFs: false });
  const prepared = { name, paramTypes: parse.parseDescribeStatementResults(answer) };
  statements.set(text, prepared);
  return prepared;
}

function serialise(client: PGlite, prepared: Prepared, params: unknown[], options: QueryOptions): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const oid = prepared.paramTypes[i];
    const serialize = options.serializers?.[oid] ?? client.serializers[oid];
    return serialize ? serialize(param) : String(param as string);
  });
}

/**
 * Whether the database's file system does anything on `syncToFs`: on disk (NodeFS) and in memory
 * PGlite writes through Emscripten's own file system and the sync is a no-op that still costs a
 * mutex and a few promises per statement; a file system that overrides it (a browser's) keeps it.
 */
function needsSyncToFs(client: PGlite): boolean {
  const fs = (client as unknown as { fs?: { syncToFs?: unknown } }).fs;
  return fs?.syncToFs !== EmscriptenBuiltinFilesystem.prototype.syncToFs;
}

/** Messages that are the same on every run, serialised once. */
const DESCRIBE_EXECUTE_SYNC = concat([
  protocol.serialize.describe({ type: 'P' }),
  protocol.serialize.execute({}),
  protocol.serialize.sync(),
]);
const setMessages = new Map<string, Uint8Array>();

function setMessage(planCacheMode: string): Uint8Array {
  let message = setMessages.get(planCacheMode);
  if (!message) setMessages.set(planCacheMode, (message = protocol.serialize.query(`SET plan_cache_mode = ${planCacheMode}`)));
  return message;
}

async function run(
  client: PGlite,
  prepared: Prepared,
  params: unknown[],
  options: QueryOptions,
  planCacheMode: string,
  inTransaction: boolean,
) {
  // The plan is chosen at Bind: the pool's mode for the named statements only, so PGlite's other
  // (unnamed) statements keep their custom plans. Planning the list page was half its cost.
  const { set, reset } = planModeAround(client, planCacheMode, inTransaction);
  const bind = protocol.serialize.bind({ statement: prepared.name, values: serialise(client, prepared, params, options) });
  const answer = await client.execProtocolStream(
    concat([...(set ? [setMessage(planCacheMode)] : []), bind, DESCRIBE_EXECUTE_SYNC, ...(reset ? [RESET_PLAN_MODE] : [])]),
    { syncToFs: needsSyncToFs(client) },
  );
  // Result sets: the SET's if sent, the statement's rows, the RESET's if sent.
  return parse.parseResults(answer, client.parsers, withoutRedundantParsers(client, options))[set ? 1 : 0];
}

/** A statement whose tables changed shape since it was prepared; prepared again, it runs. */
const isStalePlan = (error: unknown) => error instanceof Error && /cached plan must not change result type/.test(error.message);

/**
 * Runs `text` as the named statement `name` on the database. Outside a transaction it waits for the
 * database's transaction and query locks as `query` does, so it never runs inside another caller's
 * transaction; `inTransaction` (the caller's transaction holds the first) waits for the query lock
 * alone, as a transaction's own `query` does.
 */
export async function queryPgliteNamed<T>(
  client: PGlite,
  text: string,
  params: unknown[],
  name: string,
  options: QueryOptions,
  planCacheMode: string,
  inTransaction = false,
): Promise<T[]> {
  await client._checkReady();
  let statements = preparedByDatabase.get(client);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(client, statements);
  }
  const known = statements;
  const runNamed = () =>
    client._runExclusiveQuery(
      asNamedStatement(async () => {
        const prepared = known.get(text) ?? (await prepare(client, known, text, name));
        try {
          return (await run(client, prepared, params, options, planCacheMode, inTransaction)).rows as T[];
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          known.delete(text);
          // Inside a transaction the failed run has aborted it: the caller's transaction fails as a
          // `query` would make it fail, and the statement is prepared again on its next run.
          if (inTransaction) throw error;
          const again = await prepare(client, known, text, name);
          return (await run(client, again, params, options, planCacheMode, inTransaction)).rows as T[];
        }
      }),
    );
  try {
    return await (inTransaction ? runNamed() : client._runExclusiveTransaction(runNamed));
  } catch (error) {
    // As drizzle reports a failed query, so callers that look for a cause (a unique violation) find it.
    throw new DrizzleQueryError(text, params, error as Error);
  }
}
