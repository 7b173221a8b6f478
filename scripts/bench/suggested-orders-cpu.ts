/**
 * `npx tsx scripts/bench/suggested-orders-cpu.ts --database-url … --locations 176,108` — the CPU one
 * suggested order costs (issue 37), on a machine too loaded for latencies to mean much: per answer,
 * this process's Node CPU and the CPU of the one PostgreSQL backend that served it (read from /proc,
 * so the server must be local), with the history read from the aggregates (the requests' way) and from
 * a scan of the history (the way before migration 0050), and whether both answers are equal.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../packages/db/src/client';
import { getSuggestedOrders } from '../../apps/api/src/features/suggested-orders/suggested-orders.service';
import type { HistorySource } from '../../apps/api/src/features/suggested-orders/pos-basis.repo';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    locations: { type: 'string', default: '176,108' },
    times: { type: 'string', default: '20' },
  },
});

/** User + system CPU seconds of a local process. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// One connection: every statement runs on the backend whose CPU is read.
const handle = await openDatabase({ url: values['database-url'], poolSize: 1 });
try {
  const [{ pid }] = await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
  const times = Number(values.times);
  for (const locationId of values.locations.split(',').map(Number)) {
    const answers: Record<string, string> = {};
    for (const source of ['scan', 'aggregate'] as HistorySource[]) {
      const now = Date.UTC(2026, 10, 26, 15);
      answers[source] = JSON.stringify(await getSuggestedOrders(handle.db, locationId, now, source));
      const wall: number[] = [];
      const node = process.cpuUsage();
      const db = cpuSeconds(pid);
      for (let k = 0; k < times; k += 1) {
        const started = performance.now();
        await getSuggestedOrders(handle.db, locationId, now, source);
        wall.push(performance.now() - started);
      }
      const used = process.cpuUsage(node);
      const nodeMs = (used.user + used.system) / 1000 / times;
      const dbMs = ((cpuSeconds(pid) - db) * 1000) / times;
      wall.sort((a, b) => a - b);
      console.log(
        `location ${locationId} ${source.padEnd(9)}: median ${wall[Math.floor(times / 2)].toFixed(1)} ms, ` +
          `Node CPU ${nodeMs.toFixed(1)} ms, PostgreSQL CPU ${dbMs.toFixed(1)} ms an answer`,
      );
    }
    console.log(`location ${locationId}: answers ${answers.scan === answers.aggregate ? 'equal' : 'DIFFER'}`);
  }
} finally {
  await handle.close();
}
