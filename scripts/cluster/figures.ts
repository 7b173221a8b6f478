/**
 * `npm run test:cluster -- --figures`: instead of the failure scenario, measures the cluster's read
 * throughput for docs/scaling.md: one app host (its address, past the balancer) against two (the
 * balancer), with reads on the replica, then again with both hosts restarted without
 * DATABASE_REPLICA_URL. Each run: autocannon, CLUSTER_FIGURE_SECONDS (default 15) s, 10
 * connections, the place-order list page and a search alternating, two signed-in users.
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { itemsPath, signInAll } from '../bench/api-scenarios';

const BALANCER = 'http://127.0.0.1:3441';
const HOST_A = 'http://10.41.1.2:3442';
const SECONDS = Number(process.env.CLUSTER_FIGURE_SECONDS ?? 15);

function sh(command: string): void {
  const result = spawnSync('bash', ['-c', command], { encoding: 'utf8', stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} failed`);
}

async function measure(label: string, url: string): Promise<string> {
  // A host just restarted can drop the first connections (kept-alive sockets to its old processes).
  let users: Awaited<ReturnType<typeof signInAll>> | null = null;
  for (let attempt = 0; users === null; attempt += 1) {
    users = await signInAll(url, ['owner@demo.test', 'chef@demo.test']).catch((error: unknown) => {
      if (attempt >= 5) throw error;
      return null;
    });
    if (users === null) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const signedIn = users;
  const headersOf = (i: number) => ({ authorization: `Bearer ${signedIn[i % signedIn.length].token}` });
  const result = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    timeout: 20,
    requests: [
      { method: 'GET', path: '/api/v1/items?limit=50&page=1', headers: headersOf(0) },
      { method: 'GET', path: itemsPath({ sort: 'relevance', search: 'chicken' }, 1), headers: headersOf(1) },
    ],
  });
  const row = `| ${label} | ${result.requests.average} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`;
  console.log(row);
  return row;
}

async function restartHosts(withReplica: boolean): Promise<void> {
  for (const name of ['a', 'b']) {
    sh(
      `pids=$(ip netns pids spc-${name}); [ -z "$pids" ] || kill $pids; while [ -n "$(ip netns pids spc-${name})" ]; do sleep 0.5; done`,
    );
    sh(`CLUSTER_REPLICA=${withReplica ? 1 : 0} scripts/cluster/host.sh ${name}`);
  }
  for (const name of ['a', 'b']) {
    sh(`until ip netns exec spc-${name} curl -sf -o /dev/null http://127.0.0.1:3442/api/health; do sleep 1; done`);
  }
  // The balancer's checks (rise 2 × 1 s) see both up again.
  sh('sleep 3');
}

const rows = ['| configuration | req/s | p50 ms | p99 ms | non-2xx + errors |', '| --- | ---: | ---: | ---: | ---: |'];
rows.push(await measure('one host (WORKERS=2), reads on the replica', HOST_A));
rows.push(await measure('two hosts behind HAProxy, reads on the replica', BALANCER));
await restartHosts(false);
rows.push(await measure('one host (WORKERS=2), primary only', HOST_A));
rows.push(await measure('two hosts behind HAProxy, primary only', BALANCER));
console.log(`\n${rows.join('\n')}`);
