import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '@stockpot/db';
import { sql } from 'drizzle-orm';
import { readCookie, serializeCookie } from './cookies';

declare module 'fastify' {
  interface FastifyInstance {
    readReplica: ReadReplica | null;
  }
}

/**
 * Reads that may go to a streaming replica (issue 41): the place-order list, search, analytics and
 * order history, when DATABASE_REPLICA_URL is set. Writes, sessions and the job queue stay on the
 * primary. A probe asks the replica how far behind it is every PROBE_MS; while it is down, not
 * streaming, or behind by more than DATABASE_REPLICA_MAX_LAG_MS, reads go to the primary.
 */
const settingsSchema = z.object({
  DATABASE_REPLICA_URL: z.string().optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
});

export const PROBE_MS = 500;
const PROBE_TIMEOUT_MS = 1000;
/** The cookie that sends a browser's reads to the primary for a while after its own write. */
export const RECENT_WRITE_COOKIE = 'stockpot_rw';
/** Answers routed by readDbFor say where they were read (tests and operators). */
export const READ_FROM_HEADER = 'x-stockpot-read-from';

export type ReplicaState = { isUsable: boolean; lagMs: number | null; reason: string };

export interface ReadReplica {
  db: Database;
  state(): ReplicaState;
  /** How long after a session's write its reads stay on the primary: longer than any lag the replica may be used at. */
  stickyMs: number;
  probe(): Promise<ReplicaState>;
  close(): Promise<void>;
}

/**
 * The replica's lag as an upper bound that never understates it. Replayed all it received: zero.
 * Otherwise two bounds, the smaller kept: the age of the last replayed transaction (which alone
 * overstates the lag after a quiet spell: WAL that just arrived is measured from the last commit
 * before the quiet), and the time since this process last saw it caught up (whatever is pending
 * arrived after that). A server not in recovery (a second URL to the primary, as the API tests
 * use) has none.
 */
export function boundReplicaLag(reading: {
  isCaughtUp: boolean;
  replayAgeMs: number | null;
  lastCaughtUpAt: number | null;
  now: number;
}): number | null {
  if (reading.isCaughtUp) return 0;
  const sinceCaughtUp = reading.lastCaughtUpAt === null ? null : reading.now - reading.lastCaughtUpAt;
  if (reading.replayAgeMs === null) return sinceCaughtUp;
  return sinceCaughtUp === null ? reading.replayAgeMs : Math.min(reading.replayAgeMs, sinceCaughtUp);
}

async function measureLag(db: Database, lastCaughtUpAt: number | null): Promise<ReplicaState & { isCaughtUp: boolean }> {
  const [row] = await queryRows<{ standby: boolean; streaming: boolean; caught_up: boolean; replay_age_ms: number | null }>(
    db,
    sql`SELECT pg_is_in_recovery() AS standby,
               EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') AS streaming,
               (NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()) AS caught_up,
               (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`,
  );
  const isCaughtUp = Boolean(row.caught_up);
  if (row.standby && !row.streaming)
    return { isUsable: false, lagMs: null, reason: 'not streaming from the primary', isCaughtUp };
  const replayAgeMs = row.replay_age_ms === null ? null : Math.round(Number(row.replay_age_ms));
  const lagMs = boundReplicaLag({ isCaughtUp, replayAgeMs, lastCaughtUpAt, now: Date.now() });
  return { isUsable: true, lagMs, reason: 'streaming', isCaughtUp };
}

export async function openReadReplica(url: string, maxLagMs: number): Promise<ReadReplica> {
  const handle: DatabaseHandle = await openDatabase({ url });
  let current: ReplicaState = { isUsable: false, lagMs: null, reason: 'not probed yet' };
  let lastCaughtUpAt: number | null = null;
  const probe = async (): Promise<ReplicaState> => {
    // Seen caught up at some moment of this probe: its start is the conservative one.
    const startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the probe timed out')), PROBE_TIMEOUT_MS);
    });
    try {
      const { isCaughtUp, ...measured } = await Promise.race([measureLag(handle.db, lastCaughtUpAt), timeout]);
      if (isCaughtUp) lastCaughtUpAt = startedAt;
      const isTooFar = measured.lagMs === null || measured.lagMs > maxLagMs;
      current = isTooFar && measured.isUsable ? { ...measured, isUsable: false, reason: `lag over ${maxLagMs} ms` } : measured;
    } catch (error) {
      current = { isUsable: false, lagMs: null, reason: `down: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
    return current;
  };
  await probe();
  // A replica reached directly ends its idle connections when it shuts down: route away now, not at
  // the next probe (behind PgBouncer the probe alone notices).
  (handle.db as unknown as { $client: pg.Pool }).$client.on('error', (error) => {
    current = { isUsable: false, lagMs: null, reason: `down: ${error.message}` };
  });
  const timer = setInterval(() => void probe(), PROBE_MS);
  timer.unref();
  return {
    db: handle.db,
    state: () => current,
    stickyMs: maxLagMs + 2 * PROBE_MS + 1000,
    probe,
    close: async () => {
      clearInterval(timer);
      await handle.close();
    },
  };
}

const recentWrites = new Map<number, number>();

function sessionIdOf(request: FastifyRequest): number | null {
  return request.auth?.sessionId ?? null;
}

/**
 * The database a routed read uses: the replica when it is usable and this session has not written
 * within stickyMs (read-your-writes: known from this process's memory, or, for a browser whose
 * next request reaches another host, from the short-lived cookie its write set); else the primary.
 */
export function readDbFor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Database {
  const replica = app.readReplica;
  if (!replica) return app.db;
  const sessionId = sessionIdOf(request);
  const wroteAt = sessionId === null ? undefined : recentWrites.get(sessionId);
  const hasRecentWrite =
    readCookie(request.headers.cookie, RECENT_WRITE_COOKIE) !== undefined ||
    (wroteAt !== undefined && Date.now() - wroteAt < replica.stickyMs);
  const useReplica = !hasRecentWrite && replica.state().isUsable;
  void reply.header(READ_FROM_HEADER, useReplica ? 'replica' : 'primary');
  return useReplica ? replica.db : app.db;
}

/** Remembers a session's successful write (this process, and the browser's cookie for other hosts). */
function noteWrite(app: FastifyInstance, replica: ReadReplica, request: FastifyRequest, reply: FastifyReply): void {
  if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
  const sessionId = sessionIdOf(request);
  if (sessionId === null) return;
  const now = Date.now();
  recentWrites.set(sessionId, now);
  // Bounded: entries older than the window mean nothing.
  if (recentWrites.size > 10_000) {
    for (const [id, at] of recentWrites) if (now - at >= replica.stickyMs) recentWrites.delete(id);
  }
  void reply.header(
    'set-cookie',
    serializeCookie(RECENT_WRITE_COOKIE, '1', {
      maxAgeSeconds: Math.ceil(replica.stickyMs / 1000),
      path: '/api',
      isSecure: request.protocol === 'https' || app.config.APP_URL.startsWith('https:'),
    }),
  );
}

/** Decorates app.readReplica (null without DATABASE_REPLICA_URL) and remembers writes for read-your-writes. */
export async function registerReadReplica(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = settingsSchema.parse(env);
  const url = app.databaseKind === 'postgres' ? settings.DATABASE_REPLICA_URL : undefined;
  const replica = url ? await openReadReplica(url, settings.DATABASE_REPLICA_MAX_LAG_MS) : null;
  app.decorate('readReplica', replica);
  if (!replica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    noteWrite(app, replica, request, reply);
    return payload;
  });
  app.addHook('onClose', async () => replica.close());
}
