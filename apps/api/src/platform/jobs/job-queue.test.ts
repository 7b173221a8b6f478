import { afterAll, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from '@stockpot/db';
import { createServerDatabase } from '../../test-support/test-app';
import { createJobQueue } from './job-queue';

/** A logger that keeps its warnings, so the test can see the late statement being dropped. */
function recordingLog(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const log = {
    warn: (_details: unknown, message: string) => warnings.push(message),
    error: (_details: unknown, message: string) => warnings.push(`error: ${message}`),
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    child: () => log,
    level: 'warn',
    silent: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

const drops: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(drops.map((drop) => drop())));

async function openFreshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase();
  const database = await createServerDatabase(serverUrl, 'stockpot_jobs');
  drops.push(database.drop);
  return openDatabase({ url: database.url, poolSize: 4 });
}

/** A working queue on a fresh database, retrying nothing, polling every `pollSeconds`. */
async function openWorkingQueue(pollSeconds: number) {
  const handle = await openFreshDatabase();
  const { log, warnings } = recordingLog();
  const queue = await createJobQueue({
    db: handle.db,
    databaseKind: handle.kind,
    log,
    isWorking: true,
    isScheduling: false,
    pollSeconds,
    maintenanceSeconds: 3600,
    retryLimit: 0,
    retryDelaySeconds: 1,
    stopWaitMs: 1000,
  });
  return { handle, queue, warnings };
}

it('stops with a job still running past the wait, and its late bookkeeping never touches the closed database', async () => {
  const { handle, queue, warnings } = await openWorkingQueue(0.5);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let hasStarted = false;
  await queue.define<{ n: number }>({
    name: 'slow-test',
    expireInSeconds: 60,
    handle: async () => {
      hasStarted = true;
      await released;
    },
    onFailed: async () => undefined,
  });
  await queue.start();
  await queue.enqueue(handle.db, 'slow-test', { n: 1 });
  queue.wake('slow-test');
  await vi.waitFor(() => expect(hasStarted).toBe(true), { timeout: 15_000, interval: 100 });

  await queue.stop();
  await handle.close();
  // The job finishes after the pool closed; pg-boss then completes it without awaiting. Without the
  // guard that statement rejects unhandled and vitest fails the run.
  release();
  await vi.waitFor(() => expect(warnings).toContain('job queue statement after stop, left to expiry'), {
    timeout: 5_000,
    interval: 50,
  });
  expect(warnings.filter((w) => w.startsWith('error:'))).toEqual([]);
}, 60_000);

it('works off a backlog back to back, not one job a poll interval', async () => {
  // A poll interval far longer than the test: only a worker that looks again after each job finishes.
  const { handle, queue } = await openWorkingQueue(60);
  const done: number[] = [];
  await queue.define<{ n: number }>({
    name: 'backlog-test',
    expireInSeconds: 60,
    handle: async ({ n }) => {
      done.push(n);
    },
    onFailed: async () => undefined,
  });
  for (const n of [1, 2, 3, 4]) await queue.enqueue(handle.db, 'backlog-test', { n });
  // Started with the backlog already queued (a restart, or another process's jobs): no wake-up comes.
  await queue.start();
  await vi.waitFor(() => expect(done.sort()).toEqual([1, 2, 3, 4]), { timeout: 20_000, interval: 100 });
  await queue.stop();
  await handle.close();
}, 60_000);
