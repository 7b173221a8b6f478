import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '@stockpot/db';

/** The channel the 0044 migration's triggers notify on. */
export const LIVE_CHANNEL = 'stockpot_live';

/**
 * Where a process hears the database's notifications. `onMessage` gets each payload;
 * `onResumed` runs after the source lost its connection and listens again, because notifications
 * sent in the gap are gone and every stream must catch up from the database.
 */
export interface LiveEventSource {
  start(handlers: { onMessage: (payload: string) => void; onResumed: () => void }): Promise<void>;
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * PostgreSQL: a dedicated connection outside the pool (a pooled one would be handed to queries and
 * drop its LISTEN), opened with the pool's own settings or EVENTS_LISTEN_URL. A lost connection is opened again with
 * doubling waits; `start` resolves once LISTEN is in place, so a stream opened after it misses nothing.
 */
export function createPostgresSource(connection: pg.ClientConfig, log: FastifyBaseLogger): LiveEventSource {
  let client: pg.Client | null = null;
  let isStopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let handlers: Parameters<LiveEventSource['start']>[0] | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) handlers?.onMessage(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'live events: the LISTEN connection failed; listening again');
      void next.end().catch(() => undefined);
      if (client === next) {
        client = null;
        scheduleReconnect(0);
      }
    });
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    if (isStopped) {
      await next.end();
      return;
    }
    client = next;
  }

  function scheduleReconnect(attempt: number): void {
    if (isStopped || retryTimer) return;
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => handlers?.onResumed(),
        (error: unknown) => {
          log.warn({ err: error }, 'live events: could not LISTEN; trying again');
          scheduleReconnect(attempt + 1);
        },
      );
    }, wait);
    retryTimer.unref();
  }

  return {
    async start(given) {
      handlers = given;
      await connect();
    },
    async stop() {
      isStopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite (the embedded default) is one connection in this process: its own listen() hears the
 * triggers' notifications on commit, so the embedded server runs the same triggers and payloads
 * as a PostgreSQL server, without a second connection (docs/decisions.md "Live cart").
 */
export function createPgliteSource(client: PGlite): LiveEventSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start({ onMessage }) {
      unlisten = await client.listen(LIVE_CHANNEL, onMessage);
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      // A closed PGlite has nothing left to unlisten.
      if (stop && !client.closed) await stop().catch(() => undefined);
    },
  };
}

/**
 * The source for the app's database, from the driver Drizzle runs on. `listenUrl` (EVENTS_LISTEN_URL)
 * points the LISTEN connection at PostgreSQL itself when DATABASE_URL goes through a pooler in
 * transaction mode (PgBouncer), where a LISTEN does not outlive its transaction.
 */
export function createLiveEventSource(
  db: Database,
  kind: 'pglite' | 'postgres',
  log: FastifyBaseLogger,
  listenUrl?: string,
): LiveEventSource {
  const driver = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (kind === 'pglite') return createPgliteSource(driver as PGlite);
  const { connectionString, host, port, user, password, database, ssl } = (driver as pg.Pool).options;
  return createPostgresSource(
    listenUrl ? { connectionString: listenUrl } : { connectionString, host, port, user, password, database, ssl },
    log,
  );
}
