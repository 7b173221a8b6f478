import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { areNamedStatementsOn, queryRowsPrepared, statementName, type Database } from '@stockpot/db';
import { retryJobsWithoutHeartbeat, startHeartbeat, type Heartbeat } from './heartbeat';
import { retryJobsOfDeadProcess } from './startup-sweep';

/**
 * The durable job queue (ARCHITECTURE.md "background jobs"): pg-boss on the application's own
 * database, on both engines. pg-boss accepts any `{ executeSql(text, values) }` as its database, so
 * it shares the server's pool (PostgreSQL) or the one embedded PGlite connection, and a job is
 * enqueued through the caller's transaction: it commits or rolls back with the write that needs it.
 */

export interface JobQueueOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  /** False for a process that serves requests but runs no jobs. */
  isWorking: boolean;
  /** Whether this process fires schedules (cron); only a working process with at least one schedule does. */
  isScheduling: boolean;
  pollSeconds: number;
  maintenanceSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long stop() waits for running jobs before it leaves them to expiry (30 s unless a test says). */
  stopWaitMs?: number;
}

export interface QueueDefinition<T extends object> {
  name: string;
  /** Runs one job; throwing makes pg-boss retry it with back-off, up to the retry limit. */
  handle: (data: T, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;
  /** Runs once a job has failed its last retry (or expired while a process died holding it). */
  onFailed: (data: T, error: string) => Promise<void>;
  /** How long one attempt may run before it counts as failed (and is retried). */
  expireInSeconds: number;
  /** On PostgreSQL: beat while running; a job whose beat stopped is retried long before its expiry (heartbeat.ts). */
  heartbeat?: Heartbeat;
  /**
   * At most this base retry delay (back-off doubles it) for this queue: a queue whose retries must
   * come soon caps the configured JOBS_RETRY_DELAY_SECONDS, and a shorter configured one still wins.
   */
  retryDelaySeconds?: number;
}

export interface JobQueue {
  /** Enqueues a job through `tx`, so it exists exactly when the transaction commits. */
  enqueue<T extends object>(tx: Database, name: string, data: T): Promise<string>;
  /** Declares a queue and its handler; workers start with start(). */
  define<T extends object>(definition: QueueDefinition<T>): Promise<void>;
  /**
   * Sends a job to a defined queue on a cron schedule (UTC), kept in the database: with several
   * processes, pg-boss sends it once per tick. `null` removes the queue's schedule.
   */
  schedule(name: string, cron: string | null): Promise<void>;
  /** Starts the workers of every defined queue (when this process works). */
  start(): Promise<void>;
  /** Wakes this process's worker of a queue now instead of at its next poll (after a commit). */
  wake(name: string): void;
  /** Stops the workers, letting running jobs finish (bounded), before the database closes. */
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

type SqlResult = { rows: unknown[] };

/** pg-boss's statements as Drizzle SQL: `$n` placeholders become bound parameters, in any order. */
export function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
  return sql.join(chunks, sql.raw(''));
}

/** pg-boss's database in a Drizzle transaction; its fixed texts run named, as the queue's own do. */
export function executorFor(db: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (values?.length) return { rows: await queryRowsPrepared(db, toDrizzleSql(text, values)) };
      return { rows: ((await db.execute(toDrizzleSql(text, values))) as unknown as SqlResult).rows };
    },
  };
}

/**
 * The queue's own connection. PostgreSQL: the server's pool. PGlite: its single connection, where
 * pg-boss's parameterless multi-statement scripts (schema creation, maintenance in BEGIN … COMMIT)
 * need PGlite's exec (simple protocol); everything else is an ordinary parameterised query.
 */
function mainExecutor(db: Database, kind: 'pglite' | 'postgres'): PgBoss.Db {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (kind === 'postgres') {
    const pool = client as pg.Pool;
    // Named, so each connection plans pg-boss's statements once (the pool forces generic plans):
    // planning the fetch over its partitioned job table cost ~2 ms a call, more than running it
    // (docs/performance.md "Order submit: where a submission's time goes"). Parameterless scripts stay unnamed.
    return {
      executeSql: async (text, values) =>
        values && values.length > 0 && areNamedStatementsOn()
          ? pool.query({ name: statementName(text), text, values })
          : pool.query(text, values),
    };
  }
  const pglite = client as PGlite;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return pglite.query(
        text,
        values.map((value) => value ?? null),
      );
    },
  };
}

const failedQueueName = (name: string) => `${name}.failed`;

/**
 * The executor, keeping its statements under way. pg-boss 10 completes or fails a finished job
 * without awaiting the statement, and after its stop() timeout it leaves a job still running to
 * finish on its own; that job's late bookkeeping would then run on a closed pool and reject with
 * nobody listening (CI failed twice on 'Cannot use a pool after calling end on the pool').
 * stop() therefore waits for the running handlers and these statements, and once closed the
 * executor answers a late statement as "no row affected" instead of touching the pool. With the
 * workers stopped only completing or failing a job can come late, and both read that answer; the
 * job stays active in the database and pg-boss's expiry retries it, as after a crash.
 */
function trackStatements(
  executor: PgBoss.Db,
  log: FastifyBaseLogger,
): { executor: PgBoss.Db; settle: () => Promise<void>; close: () => void } {
  const pending = new Set<Promise<unknown>>();
  let isClosed = false;
  return {
    executor: {
      executeSql(text: string, values: unknown[]) {
        if (isClosed) {
          log.warn({ statement: text.slice(0, 80) }, 'job queue statement after stop, left to expiry');
          return Promise.resolve({ rows: [{ count: '0' }] });
        }
        const statement = executor.executeSql(text, values);
        pending.add(statement);
        void statement.finally(() => pending.delete(statement)).catch(() => undefined);
        return statement;
      },
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      isClosed = true;
    },
  };
}

const STOP_WAIT_MS = 30_000;

async function settleWithin(promises: Set<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([...promises]), deadline]);
  clearTimeout(timer);
}

export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const statements = trackStatements(mainExecutor(options.db, options.databaseKind), log);
  const running = new Set<Promise<unknown>>();
  /** Keeps a handler's promise until it settles, so stop() can wait for it. */
  const tracked = (work: Promise<void>): Promise<void> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };
  const boss = new PgBoss({
    db: statements.executor,
    // The scheduler (a clock-skew check and a cron tick per minute) runs only where schedules fire.
    schedule: options.isWorking && options.isScheduling,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const definitions = new Map<string, QueueDefinition<object>>();
  const workerIds = new Map<string, string>();
  let isStopped = false;
  let heartbeatSweep: NodeJS.Timeout | undefined;
  const wakeWorker = (name: string) => {
    const id = workerIds.get(name);
    if (id && !isStopped) boss.notifyWorker(id);
  };
  /**
   * A worker of the queue, one job at a time. pg-boss fetches once per poll interval unless
   * notified, so a worker that finished a job looks again at once: a backlog is worked off back to
   * back, not one job every JOBS_POLL_SECONDS (docs/decisions.md "Background jobs").
   */
  const workBackToBack = async (name: string, run: (job: PgBoss.JobWithMetadata<object>) => Promise<void>) => {
    const workOptions = { pollingIntervalSeconds: options.pollSeconds, includeMetadata: true as const, batchSize: 1 };
    const id = await boss.work<object>(name, workOptions, async ([job]) => {
      try {
        await run(job);
      } finally {
        wakeWorker(name);
      }
    });
    workerIds.set(name, id);
  };

  return {
    boss,

    async enqueue(tx, name, data) {
      const id = await boss.send(name, data, { db: executorFor(tx) });
      if (!id) throw new Error(`The job queue ${name} is not defined.`);
      return id;
    },

    async define<T extends object>(definition: QueueDefinition<T>) {
      const failed = failedQueueName(definition.name);
      await boss.createQueue(failed, { name: failed, policy: 'standard', retryLimit: 3, retryDelay: 5, retryBackoff: true });
      const settings = {
        name: definition.name,
        policy: 'standard' as const,
        retryLimit: options.retryLimit,
        retryDelay: Math.min(definition.retryDelaySeconds ?? Infinity, options.retryDelaySeconds),
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
        deadLetter: failed,
      };
      await boss.createQueue(definition.name, settings);
      // The queue's settings follow the configuration of the latest start.
      await boss.updateQueue(definition.name, settings);
      definitions.set(definition.name, definition as unknown as QueueDefinition<object>);
    },

    async schedule(name, cron) {
      if (!definitions.has(name)) throw new Error(`The job queue ${name} is not defined.`);
      if (cron === null) await boss.unschedule(name);
      else await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },

    async start() {
      if (!options.isWorking) return;
      if (options.databaseKind === 'pglite') await retryJobsOfDeadProcess(boss, log);
      const beating = [...definitions.values()].flatMap((d) => (d.heartbeat ? [{ name: d.name, heartbeat: d.heartbeat }] : []));
      if (options.databaseKind === 'postgres' && beating.length > 0) {
        heartbeatSweep = setInterval(() => {
          retryJobsWithoutHeartbeat(boss, beating).then(
            (count) => count > 0 && log.warn({ count }, 'jobs whose process stopped beating are retried'),
            (error: unknown) => log.warn({ err: error }, 'heartbeat sweep failed'),
          );
        }, options.maintenanceSeconds * 1000);
        heartbeatSweep.unref();
      }
      for (const definition of definitions.values()) {
        await workBackToBack(definition.name, async (job) => {
          const stopBeating =
            options.databaseKind === 'postgres' && definition.heartbeat
              ? startHeartbeat(statements.executor, definition.heartbeat, job, (error) =>
                  log.warn({ err: error, job: job.id }, 'job heartbeat failed'),
                )
              : () => {};
          try {
            await tracked(definition.handle(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit }));
          } finally {
            stopBeating();
          }
        });
        await workBackToBack(failedQueueName(definition.name), async (job) => {
          const output = job.output as { message?: string; value?: { message?: string } } | undefined;
          const reason = output?.message ?? output?.value?.message ?? 'The job failed.';
          await tracked(definition.onFailed(job.data, reason));
        });
      }
    },

    wake: wakeWorker,

    async stop() {
      if (isStopped) return;
      isStopped = true;
      clearInterval(heartbeatSweep);
      const waitMs = options.stopWaitMs ?? STOP_WAIT_MS;
      await boss.stop({ graceful: true, wait: true, timeout: waitMs, close: false });
      await settleWithin(running, waitMs);
      await settleWithin(new Set([statements.settle()]), waitMs);
      statements.close();
    },
  };
}
