/** What the cluster test's scenario (drive.ts) is made of: addresses, checks, and the traffic it sends through the balancer. */
import { spawnSync } from 'node:child_process';
import { type BenchUser } from '../bench/api-scenarios';
import { loadBenchLocations } from '../bench/bench-locations';
import { prepareOrderJobs } from '../bench/order-scenarios';

export const WORK = process.env.CLUSTER_WORK ?? '/tmp/stockpot-cluster';
export const BALANCER = 'http://127.0.0.1:3441';
export const STATS = 'http://127.0.0.1:3443/stats;csv';
export const PRIMARY = 'postgres://postgres@127.0.0.1:5440/stockpot';
export const REPLICA = 'postgres://postgres@127.0.0.1:5441/stockpot';
export const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 45);
export const KILL_AT_MS = 10_000;

export const t0 = Date.now();
export const elapsed = () => ((Date.now() - t0) / 1000).toFixed(1);
export const log = (message: string) => console.log(`[${elapsed()} s] ${message}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const failures: string[] = [];
export function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}
export function sh(command: string): string {
  const result = spawnSync('bash', ['-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`);
  return result.stdout.trim();
}

export async function serverStatus(): Promise<Record<string, { status: string; sessions: number }>> {
  const csv = await (await fetch(STATS)).text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header.split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)];
  const servers: Record<string, { status: string; sessions: number }> = {};
  for (const line of rows) {
    const row = line.split(',');
    if (at(row, 'pxname') === 'app' && !['FRONTEND', 'BACKEND'].includes(at(row, 'svname'))) {
      servers[at(row, 'svname')] = { status: at(row, 'status'), sessions: Number(at(row, 'stot')) };
    }
  }
  return servers;
}

export async function waitFor(what: string, predicate: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await predicate().catch(() => false)) return Date.now() - started;
    await sleep(200);
  }
  log(`gave up waiting for ${what} after ${limitMs} ms`);
  return null;
}

/** A live-events reader that reconnects like EventSource (retry 2 s), counting cart events by time. */
export function watchEvents(
  user: BenchUser,
  stopAt: () => boolean,
): { cartEventTimes: number[]; reconnects: number; reasons: string[]; done: Promise<void> } {
  const watcher = { cartEventTimes: [] as number[], reconnects: 0, reasons: [] as string[], done: Promise.resolve() };
  watcher.done = (async () => {
    while (!stopAt()) {
      try {
        const response = await fetch(`${BALANCER}/api/v1/events`, {
          headers: { authorization: `Bearer ${user.token}`, 'x-location-id': String(user.locationId) },
          signal: AbortSignal.timeout(600_000),
        });
        if (response.status !== 200) watcher.reasons.push(`status ${response.status}`);
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk);
          for (const _ of text.matchAll(/event: cart/g)) watcher.cartEventTimes.push(Date.now());
          if (stopAt()) return;
        }
        watcher.reasons.push('stream ended');
      } catch (error) {
        // The host holding the stream died: reconnect through the balancer, as a browser does.
        watcher.reasons.push((error as Error).message);
      }
      watcher.reconnects += 1;
      await sleep(2000);
    }
  })();
  return watcher;
}

export interface Acknowledged {
  key: string;
  orderId: number;
  locationId: number;
}

/** Fills carts and places orders until stopped; a failed attempt is retried with the same key. */
export async function writeOrders(
  users: BenchUser[],
  locations: Awaited<ReturnType<typeof loadBenchLocations>>,
  stopAt: () => boolean,
): Promise<{ acknowledged: Acknowledged[]; retries: number; unacknowledged: string[] }> {
  const acknowledged: Acknowledged[] = [];
  const unacknowledged: string[] = [];
  let retries = 0;
  let n = 0;
  while (!stopAt()) {
    const prepared = await prepareOrderJobs(BALANCER, users, locations, 2).catch(() => ({ jobs: [], problems: ['network'] }));
    if (prepared.jobs.length === 0) {
      await sleep(300);
      continue;
    }
    for (const job of prepared.jobs) {
      const key = `cluster-${t0}-${n++}`;
      let isDone = false;
      for (let attempt = 0; attempt < 20 && !isDone; attempt += 1) {
        try {
          const response = await fetch(`${BALANCER}/api/v1/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${job.user.token}`, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify(job.body),
            signal: AbortSignal.timeout(15_000),
          });
          const body = (await response.json()) as { data?: { id: number } };
          if ((response.status === 200 || response.status === 201) && body.data) {
            acknowledged.push({ key, orderId: body.data.id, locationId: job.user.locationId });
            isDone = true;
          } else if (response.status < 500) {
            isDone = true; // refused (a rule), not lost: nothing was acknowledged
          }
        } catch {
          // Connection cut with the host: unknown whether it committed; the same key makes the retry safe.
        }
        if (!isDone) {
          retries += 1;
          await sleep(500);
        }
      }
      if (!isDone) unacknowledged.push(key);
    }
  }
  return { acknowledged, retries, unacknowledged };
}
