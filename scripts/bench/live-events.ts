/**
 * `npx tsx scripts/bench/live-events.ts` — issue 40's live cart bound: with 200 open streams on one
 * server, how long after a cart save is answered its event reaches the other streams of that
 * location (p50/p95/max), and that no stream gets another location's event. Starts the real server
 * on PostgreSQL (demo data, loaded by its first start into its own database), opens the streams as
 * the owner spread over the owner's three locations, then saves the Harbor Grill cart `--saves`
 * times, one after another with `--gap` ms between. Prints a markdown table and writes
 * bench/results/live-events-<timestamp>.json.
 *
 *   --streams N           open streams (default 200)
 *   --saves N             cart saves measured (default 50)
 *   --gap MS              pause between saves (default 100)
 *   --workers N           server processes (default 1)
 *   --database-url URL    the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { recreateBenchDatabase } from './bench-database';
import { signInAll } from './api-scenarios';
import { startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (message: string) => console.error(message);

const databaseName = 'stockpot_bench_live';
/** The live events' row in `npm run bench`'s table (and what its --only matches). */
export const LIVE_EVENTS_NAME = 'live events: a cart save reaching the location’s other open streams';
/** The owner's three demo locations; the saves go to the first. */
const LOCATIONS = [1, 2, 3];

interface Stream {
  locationId: number;
  /** Arrival time (ms, performance.now) of each cart version this stream got. */
  arrivals: Map<string, number>;
  ready: Promise<void>;
  abort: AbortController;
}

function openStream(baseUrl: string, token: string, locationId: number): Stream {
  const abort = new AbortController();
  const arrivals = new Map<string, number>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    const response = await fetch(`${baseUrl}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}`, 'x-location-id': String(locationId) },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const now = performance.now();
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as { type: string; version?: string };
        if (event.type === 'ready') markReady();
        if (event.type === 'cart' && event.version) arrivals.set(event.version, now);
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) log(`a stream failed: ${String(error)}`);
  });
  return { locationId, arrivals, ready, abort };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export interface LiveEventsOptions {
  /** The PostgreSQL server (its maintenance database's URL). */
  serverUrl: string;
  streams: number;
  saves: number;
  gapMs: number;
  workers: number;
  log: (message: string) => void;
}

/** The live-events figures of one run: delivery delays after each save's answer (ms). */
export interface LiveEventsRow {
  streams: number;
  receivingStreams: number;
  saves: number;
  workers: number;
  deliveries: number;
  missed: number;
  foreignDeliveries: number;
  p50: number;
  p95: number;
  max: number;
}

/** Starts the server on a fresh demo database, opens the streams, saves the cart and measures. */
export async function measureLiveEvents(options: LiveEventsOptions): Promise<LiveEventsRow> {
  const { streams: streamCount, saves: saveCount, gapMs, log } = options;
  const databaseUrl = await recreateBenchDatabase(options.serverUrl, databaseName);
  log(`Live events: starting the server (WORKERS=${options.workers})…`);
  const server = await startServer({
    root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SIGN_IN_MAX_PER_MINUTE: '100000',
      SIGN_IN_MAX_FAILURES: '100000',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(os.tmpdir(), 'stockpot-bench-live'),
      WEB_DIST: '/nonexistent',
      WORKERS: String(options.workers),
    },
  });
  const streams: Stream[] = [];
  try {
    const [owner] = await signInAll(server.url, ['owner@demo.test']);
    const headers = {
      authorization: `Bearer ${owner.token}`,
      'x-location-id': String(LOCATIONS[0]),
      'content-type': 'application/json',
    };
    const items = (await (await fetch(`${server.url}/api/v1/items?limit=20&page=1`, { headers })).json()) as {
      data: { itemDistributorId: number; status: string; isUnpurchasable: boolean; isPunchedOut: boolean }[];
    };
    const item = items.data.find((i) => i.status === 'active' && !i.isUnpurchasable && !i.isPunchedOut);
    if (!item) throw new Error('no orderable item on the first page');

    log(`Opening ${streamCount} streams…`);
    for (let i = 0; i < streamCount; i += 1) streams.push(openStream(server.url, owner.token, LOCATIONS[i % LOCATIONS.length]));
    await Promise.all(streams.map((stream) => stream.ready));

    log(`Saving the cart ${saveCount} times…`);
    const answered = new Map<string, number>();
    let lastModified: string | null = null;
    for (let n = 0; n < saveCount; n += 1) {
      const response = await fetch(`${server.url}/api/v1/shopping-carts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemList: [{ itemDistributorId: item.itemDistributorId, quantity: (n % 9) + 1 }], lastModified }),
      });
      const at = performance.now();
      const body = (await response.json()) as { data: { lastModified: string } };
      lastModified = body.data.lastModified;
      answered.set(lastModified, at);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    // Let the last events arrive (bounded: what has not arrived in 5 s counts as missed).
    const deadline = performance.now() + 5_000;
    const receivers = streams.filter((s) => s.locationId === LOCATIONS[0]);
    while (performance.now() < deadline && receivers.some((s) => !s.arrivals.has(lastModified!))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const latencies: number[] = [];
    let missed = 0;
    for (const stream of receivers) {
      for (const [version, at] of answered) {
        const arrived = stream.arrivals.get(version);
        if (arrived === undefined) missed += 1;
        // An event may beat the save's answer to the client: that is 0 ms late.
        else latencies.push(Math.max(0, arrived - at));
      }
    }
    const foreign = streams
      .filter((s) => s.locationId !== LOCATIONS[0])
      .reduce((count, s) => count + [...s.arrivals.keys()].filter((v) => answered.has(v)).length, 0);
    latencies.sort((a, b) => a - b);
    const row: LiveEventsRow = {
      streams: streamCount,
      receivingStreams: receivers.length,
      saves: saveCount,
      workers: options.workers,
      deliveries: latencies.length,
      missed,
      foreignDeliveries: foreign,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies.at(-1) ?? NaN),
    };
    return row;
  } finally {
    streams.forEach((stream) => stream.abort.abort());
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      streams: { type: 'string', default: '200' },
      saves: { type: 'string', default: '50' },
      gap: { type: 'string', default: '100' },
      workers: { type: 'string', default: '1' },
      'database-url': { type: 'string' },
    },
  });
  const row = await measureLiveEvents({
    serverUrl: args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    streams: Number(args.streams),
    saves: Number(args.saves),
    gapMs: Number(args.gap),
    workers: Number(args.workers),
    log,
  });
  console.log(
    [
      `Live events bench: ${os.cpus().length} CPUs, Node ${process.version}, demo data on PostgreSQL, WORKERS=${row.workers}.`,
      '',
      '| streams | of the saved location | saves | deliveries | missed | to another location | p50 ms | p95 ms | max ms |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${row.streams} | ${row.receivingStreams} | ${row.saves} | ${row.deliveries} | ${row.missed} | ${row.foreignDeliveries} | ${row.p50} | ${row.p95} | ${row.max} |`,
    ].join('\n'),
  );
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(root, `bench/results/live-events-${stamp}.json`), JSON.stringify(row, null, 2));
}

// Run as a script (`npx tsx scripts/bench/live-events.ts`); `npm run bench` imports measureLiveEvents.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
