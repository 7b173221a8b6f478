/**
 * The cluster test's scenario (run by scripts/cluster/run.sh once the cluster is up; docs/scaling.md).
 * Through the balancer only: a bounded autocannon read load, an order writer (cart saved, order
 * placed with an Idempotency-Key, retried with the same key until acknowledged) and a live-events
 * stream. Mid-run host a's processes are killed, then its link cut; the checks then ask that the
 * balancer marked it down within its check interval, every acknowledged order exists once, the
 * purchase-order jobs active at the kill completed while only host b lived, cart events kept
 * arriving, and host a, started again, serves again. Then the replica: paused replay and a stopped
 * replica send reads to the primary. Exits non-zero on any failed check.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { itemsPath, signInAll, type BenchUser } from '../bench/api-scenarios';
import { loadBenchLocations } from '../bench/bench-locations';
import {
  BALANCER,
  KILL_AT_MS,
  LOAD_SECONDS,
  PRIMARY,
  REPLICA,
  WORK,
  check,
  failures,
  log,
  serverStatus,
  sh,
  sleep,
  t0,
  waitFor,
  watchEvents,
  writeOrders,
} from './support';

async function main(): Promise<void> {
  const primary = new pg.Client({ connectionString: PRIMARY });
  await primary.connect();
  const users = await signInAll(BALANCER, ['owner@demo.test', 'chef@demo.test']);
  const locations = await loadBenchLocations(
    async (text, params) => (await primary.query(text, params)).rows,
    [...new Set(users.map((u) => u.locationId))],
  );
  log(`signed in ${users.length} users; load for ${LOAD_SECONDS} s, host a killed at ${KILL_AT_MS / 1000} s`);

  let isStopping = false;
  const stopAt = () => isStopping;
  const watcher = watchEvents(users[0], stopAt);
  const writer = writeOrders(users, locations, stopAt);
  const load = autocannon({
    url: BALANCER,
    connections: 8,
    duration: LOAD_SECONDS,
    timeout: 10,
    requests: [
      { method: 'GET', path: '/api/v1/items?limit=50&page=1', headers: { authorization: `Bearer ${users[0].token}` } },
      {
        method: 'GET',
        path: itemsPath({ sort: 'relevance', search: 'chicken' }, 1),
        headers: { authorization: `Bearer ${users[users.length - 1].token}` },
      },
    ],
  });

  await sleep(KILL_AT_MS);
  const activeAtKill = (
    await primary.query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = 'purchase-order' AND state = 'active'`)
  ).rows.map((r) => r.id);
  const killedAt = Date.now();
  sh(`pids=$(ip netns pids spc-a); [ -z "$pids" ] || kill -9 $pids`);
  log(`killed host a's processes (purchase-order jobs active then: ${activeAtKill.length})`);
  const markedDownMs = await waitFor(
    'host a marked DOWN',
    async () => (await serverStatus()).a.status.startsWith('DOWN'),
    10_000,
  );
  sh('ip link set spc-a-h down');
  log(`balancer marked host a down after ${markedDownMs} ms; link cut`);

  // Jobs the dead host held: completed while only host b lives (heartbeat sweep, expiry, retry).
  const heldDoneMs = await waitFor(
    'the held purchase-order jobs to complete',
    async () =>
      activeAtKill.length === 0 ||
      (
        await primary.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state = 'completed'`, [
          activeAtKill,
        ])
      ).rows[0].n === activeAtKill.length,
    120_000,
  );
  // Host a stays down at least 15 s, so the stream's reconnect (2 s) and cart saves happen without it.
  await sleep(Math.max(0, killedAt + 15_000 - Date.now()));
  const cartEventsWhileDown = watcher.cartEventTimes.filter((t) => t > killedAt + 3000).length;

  sh('ip link set spc-a-h up');
  sh(`${process.env.CLUSTER_ROOT ?? '.'}/scripts/cluster/host.sh a`);
  const rejoinMs = await waitFor('host a to rejoin', async () => (await serverStatus()).a.status === 'UP', 240_000);
  const sessionsAtRejoin = (await serverStatus()).a.sessions;
  log(`host a back after ${rejoinMs} ms`);

  const loadResult = await load;
  await waitFor(
    'host a to take requests again',
    async () => {
      await fetch(`${BALANCER}/api/health`);
      return (await serverStatus()).a.sessions > sessionsAtRejoin + 2;
    },
    20_000,
  );
  const servedAfterRejoin = (await serverStatus()).a.sessions - sessionsAtRejoin;
  isStopping = true;
  const written = await writer;
  await Promise.race([watcher.done, sleep(3000)]);

  // Every acknowledged order present once, and its purchase-order job done.
  const keys = written.acknowledged.map((a) => a.key);
  const rows = (
    await primary.query<{ key: string; id: number; n: number }>(
      `SELECT idempotency_key AS key, min(id) AS id, count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1) GROUP BY 1`,
      [keys],
    )
  ).rows;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const missingOrTwice = written.acknowledged.filter((a) => byKey.get(a.key)?.n !== 1 || byKey.get(a.key)?.id !== a.orderId);
  const jobsDoneMs = await waitFor(
    'every purchase-order job of the run to complete',
    async () =>
      (
        await primary.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'purchase-order' AND state <> 'completed' AND created_on > to_timestamp($1 / 1000.0)`,
          [t0],
        )
      ).rows[0].n === 0,
    120_000,
  );

  console.log(
    JSON.stringify(
      {
        load: {
          requests: loadResult.requests.total,
          rps: loadResult.requests.average,
          non2xx: loadResult.non2xx,
          errors: loadResult.errors,
          timeouts: loadResult.timeouts,
          p50: loadResult.latency.p50,
          p99: loadResult.latency.p99,
        },
        orders: {
          acknowledged: written.acknowledged.length,
          retries: written.retries,
          unacknowledged: written.unacknowledged.length,
        },
        markedDownMs,
        purchaseOrderJobsActiveAtKill: activeAtKill.length,
        heldJobsDoneMs: heldDoneMs,
        cartEvents: {
          total: watcher.cartEventTimes.length,
          whileHostDown: cartEventsWhileDown,
          reconnects: watcher.reconnects,
          why: [...new Set(watcher.reasons)],
        },
        rejoinMs,
        servedAfterRejoin,
      },
      null,
      2,
    ),
  );
  check(
    markedDownMs !== null && markedDownMs <= 4000,
    'the balancer marked the dead host down within its check interval (2 × 1 s, + 2 s slack)',
  );
  check(
    written.acknowledged.length > 0 && missingOrTwice.length === 0,
    `every acknowledged order is present once (${written.acknowledged.length})`,
  );
  check(written.unacknowledged.length === 0, 'every order attempt was acknowledged in the end');
  check(heldDoneMs !== null, `the purchase-order jobs host a held (${activeAtKill.length}) completed on host b`);
  check(jobsDoneMs !== null, 'every purchase-order job of the run completed');
  check(cartEventsWhileDown > 0, 'live cart events kept arriving while host a was down');
  check(rejoinMs !== null && servedAfterRejoin > 0, 'host a rejoined and serves again');
  check(loadResult.requests.total > 0, 'the read load ran');

  await checkReplica(users[0], primary);
  await primary.end();
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('\ncluster test passed');
}

/** Which database served a routed read. */
async function readFrom(user: BenchUser): Promise<string | null> {
  const response = await fetch(`${BALANCER}/api/v1/items?limit=5&page=1`, { headers: { authorization: `Bearer ${user.token}` } });
  await response.arrayBuffer();
  return response.status === 200 ? response.headers.get('x-stockpot-read-from') : `status ${response.status}`;
}

async function checkReplica(user: BenchUser, primary: pg.Client): Promise<void> {
  const replica = new pg.Client({ connectionString: REPLICA });
  await replica.connect();
  const onReplica = await waitFor('reads on the replica', async () => (await readFrom(user)) === 'replica', 15_000);
  check(onReplica !== null, 'with the replica in step, reads go to it');
  // The other routed reads, on a real hot standby (which refuses any write they might make). This
  // user's orders were written moments ago: the process that took the last one keeps the session's
  // reads on the primary for the read-your-writes window (stickyMs, 3 s), and the balancer may send
  // any request there, so each path is asked until the window has passed.
  for (const path of ['/api/v1/orders', '/api/v1/items/search-suggestions?search=chick']) {
    let last = '';
    const answeredMs = await waitFor(
      `GET ${path} from the replica`,
      async () => {
        const response = await fetch(`${BALANCER}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
        await response.arrayBuffer();
        last = `${response.status}, ${response.headers.get('x-stockpot-read-from')}`;
        return last === '200, replica';
      },
      10_000,
    );
    check(answeredMs !== null, `GET ${path} answers from the replica (${last})`);
  }
  await replica.query('SELECT pg_wal_replay_pause()');
  const lagFallbackMs = await waitFor(
    'reads to fall back while replay is paused',
    async () => {
      await primary.query(`SELECT pg_notify('cluster-test', 'x'), txid_current()`);
      return (await readFrom(user)) === 'primary';
    },
    15_000,
  );
  check(lagFallbackMs !== null, 'a replica behind by more than the bound sends reads to the primary');
  await replica.query('SELECT pg_wal_replay_resume()');
  await replica.end();
  check(
    (await waitFor('reads back on the replica', async () => (await readFrom(user)) === 'replica', 15_000)) !== null,
    'a replica back in step takes reads again',
  );
  sh(`runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D ${WORK}/replica -m fast stop`);
  await sleep(2 * 1000); // the probe's interval and timeout: until then a read may still be routed to it
  const statuses = new Set<string | null>();
  for (let i = 0; i < 10; i += 1) statuses.add(await readFrom(user));
  check(
    statuses.size === 1 && statuses.has('primary'),
    `with the replica stopped, reads answer from the primary (${[...statuses].join(', ')})`,
  );
}

await main();
