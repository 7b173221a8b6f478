/**
 * `npx tsx scripts/bench/suggested-orders-cpu.ts --database-url … --locations 176,108` — the CPU one
 * suggested order costs (issue 37), on a machine too loaded for latencies to mean much: per answer,
 * this process's Node CPU and the CPU of the one PostgreSQL backend that served it (read from /proc,
 * so the server must be local), with the history read from the aggregates and from a scan of the
 * history (the way before migration 0050), computed each time (the requests' way before 0053) and as
 * kept per location (0053): served (`kept hit`) and recomputed after a version bump each time (`kept
 * miss`, the bump's write included); and whether the answers are equal.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../packages/db/src/client';
import { readCpuSeconds } from './server';
import { computeSuggestions, getSuggestedOrders } from '../../apps/api/src/features/suggested-orders/suggested-orders.service';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    locations: { type: 'string', default: '176,108' },
    times: { type: 'string', default: '20' },
  },
});

/** User + system CPU seconds of a local process. */
// One connection: every statement runs on the backend whose CPU is read.
const handle = await openDatabase({ url: values['database-url'], poolSize: 1 });
try {
  const [{ pid }] = await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
  const times = Number(values.times);
  for (const locationId of values.locations.split(',').map(Number)) {
    const answers: Record<string, string> = {};
    const now = Date.UTC(2026, 10, 26, 15);
    const bump = () =>
      handle.db.execute(
        sql`UPDATE suggestion_versions SET version = nextval('suggestion_version_seq') WHERE location_id = ${locationId}`,
      );
    const modes: Record<string, () => Promise<unknown>> = {
      scan: () => computeSuggestions(handle.db, locationId, now, { source: 'scan' }),
      computed: () => computeSuggestions(handle.db, locationId, now),
      'kept hit': () => getSuggestedOrders(handle.db, locationId, now),
      'kept miss': async () => {
        await bump();
        return getSuggestedOrders(handle.db, locationId, now);
      },
    };
    // Every location has a version row to bump (a location never written since 0053 has none).
    await handle.db.execute(
      sql`INSERT INTO suggestion_versions VALUES (${locationId}, nextval('suggestion_version_seq')) ON CONFLICT DO NOTHING`,
    );
    for (const [mode, run] of Object.entries(modes)) {
      const { data, unorderable, groupCount } = (await run()) as Awaited<ReturnType<typeof getSuggestedOrders>>;
      answers[mode] = JSON.stringify({ data, unorderable, groupCount });
      const wall: number[] = [];
      const node = process.cpuUsage();
      const db = readCpuSeconds(pid);
      for (let k = 0; k < times; k += 1) {
        const started = performance.now();
        await run();
        wall.push(performance.now() - started);
      }
      const used = process.cpuUsage(node);
      const nodeMs = (used.user + used.system) / 1000 / times;
      const dbMs = ((readCpuSeconds(pid) - db) * 1000) / times;
      wall.sort((a, b) => a - b);
      console.log(
        `location ${locationId} ${mode.padEnd(9)}: median ${wall[Math.floor(times / 2)].toFixed(1)} ms, ` +
          `Node CPU ${nodeMs.toFixed(1)} ms, PostgreSQL CPU ${dbMs.toFixed(1)} ms an answer`,
      );
    }
    const equal = Object.values(answers).every((answer) => answer === answers.scan);
    console.log(`location ${locationId}: answers ${equal ? 'all equal' : 'DIFFER'}`);
  }
} finally {
  await handle.close();
}
