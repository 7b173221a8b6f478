/**
 * `npx tsx [--cpu-prof --cpu-prof-dir=/tmp/prof] scripts/bench/order-submit-profile.ts` — where an
 * order submission's time goes, one at a time on the quick bench data: carts filled through the API
 * as the bench's order scenario fills them, then each order submitted in-process (inject). Prints
 * the request's wall time and this process's CPU per submission, then the CPU the purchase order
 * jobs took after the answers (the documents made in the same process), and the database's
 * statements per submission (pg_stat_database's transactions and tuples, read before and after).
 * `--no-jobs` leaves the purchase order jobs queued, so the request's own cost stands alone.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signInAll } from './api-scenarios';
import { loadBenchLocations } from './bench-locations';
import { openInProcessApp } from './in-process';
import { prepareOrderJobs } from './order-scenarios';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench_quick' },
    users: { type: 'string', default: '8' },
    lines: { type: 'string', default: '6' },
    'no-jobs': { type: 'boolean', default: false },
    /** Orders submitted (and their jobs worked) before measuring: lazy imports and first plans are not an order's cost. */
    warmup: { type: 'string', default: '6' },
    /** Writes a CPU profile of the measured orders and their jobs (not start-up or warm-up) to this file. */
    'cpu-profile': { type: 'string', default: '' },
  },
});

const url = values['database-url'];
const { app, close } = await openInProcessApp(url, 'manager001@chain.demo.test', {
  JOBS_WORK: values['no-jobs'] ? 'false' : 'true',
});
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const emails = Array.from(
    { length: Number(values.users) },
    (_, i) => `manager${String(i + 1).padStart(3, '0')}@chain.demo.test`,
  );
  const users = await signInAll(address, emails);
  const query = async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
  const locations = await loadBenchLocations(query, [...new Set(users.map((u) => u.locationId))]);
  const { jobs, problems } = await prepareOrderJobs(address, users, locations, Number(values.lines));
  if (jobs.length === 0) throw new Error(`no order could be prepared: ${problems[0] ?? ''}`);

  const waitForJobs = async () => {
    for (let waited = 0; !values['no-jobs'] && waited < 120_000; waited += 200) {
      const [row] = (
        await client.query<{ left: number }>(
          `SELECT count(*)::int AS left FROM pgboss.job WHERE name = 'purchase-order' AND state IN ('created', 'retry', 'active')`,
        )
      ).rows;
      if (row.left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const submit = async (job: (typeof jobs)[number], key: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${job.user.token}`, 'idempotency-key': key },
      payload: job.body,
    });
    if (response.statusCode !== 201) console.log(`HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`);
  };
  const warmup = jobs.splice(0, Math.min(Number(values.warmup), jobs.length - 1));
  for (const [index, job] of warmup.entries()) await submit(job, `profile-warmup-${Date.now()}-${index}`);
  await waitForJobs();

  const stats = async () =>
    (
      await client.query<{ xact: string; fetched: string; inserted: string; updated: string; deleted: string }>(
        `SELECT xact_commit::text AS xact, tup_fetched::text AS fetched, tup_inserted::text AS inserted,
                tup_updated::text AS updated, tup_deleted::text AS deleted
           FROM pg_stat_database WHERE datname = current_database()`,
      )
    ).rows[0];
  await client.query('SELECT pg_stat_clear_snapshot()');
  const before = await stats();
  const profiler = values['cpu-profile'] ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (const [index, job] of jobs.entries()) {
    const started = performance.now();
    await submit(job, `profile-${Date.now()}-${index}`);
    times.push(performance.now() - started);
  }
  const cpuRequests = process.cpuUsage(cpuBefore);
  // The documents: wait until no purchase order job is left to do, then count the CPU they took.
  const cpuJobsStart = process.cpuUsage();
  await waitForJobs();
  const cpuJobs = process.cpuUsage(cpuJobsStart);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(values['cpu-profile'], JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of the measured orders: ${values['cpu-profile']}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 600)); // pg_stat_database is reported at most twice a second
  await client.query('SELECT pg_stat_clear_snapshot()');
  const after = await stats();

  const n = jobs.length;
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (micros: number) => (micros / 1000 / n).toFixed(2);
  console.log(`${n} orders of up to ${values.lines} lines`);
  console.log(`request wall: median ${sorted[Math.floor(n / 2)].toFixed(1)} ms, max ${sorted[n - 1].toFixed(1)} ms`);
  console.log(`request CPU: ${ms(cpuRequests.user + cpuRequests.system)} ms per order (this process)`);
  console.log(`jobs after the answers: ${ms(cpuJobs.user + cpuJobs.system)} ms CPU per order`);
  const per = (key: keyof typeof before) => ((Number(after[key]) - Number(before[key])) / n).toFixed(1);
  console.log(
    `database per order: ${per('xact')} commits, ${per('fetched')} rows fetched, ${per('inserted')} inserted, ${per('updated')} updated, ${per('deleted')} deleted`,
  );
} finally {
  await client.end();
  await close();
}
