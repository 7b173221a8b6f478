/** The floors, the one-row reads, order history, distributors, analytics and the chain view's reads (api-run.ts runs it). */
import { routeExists, signInAll, simpleGet, type BenchUser } from './api-scenarios';
import { BUDGETS } from './report';
import { regionalEmail } from '../../packages/db/seed/large/index';
import { awaitFirstAnswers, log, READ_CONNECTIONS, CHAIN_OWNER_EMAIL, CHAIN_OWNER_USERS, type ApiRun } from './api-run-kit';
export async function measureBasicReads(run: ApiRun): Promise<void> {
  const { measure, server, users, only, scenarios, seconds, warmupSeconds, firstUser, floor50, chainOwnerLocations } = run;
  await measure(
    { name: floor50, kind: 'framework floor', request: 'GET /api/bench/noop', connections: READ_CONNECTIONS },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/bench/noop')] },
  );
  await measure(
    {
      name: 'health: GET /api/health (SELECT 1)',
      kind: 'api',
      request: 'GET /api/health',
      connections: READ_CONNECTIONS,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/health')] },
  );
  await measure(
    {
      name: 'current user: GET users/current-user',
      kind: 'api',
      request: 'GET /api/v1/users/current-user',
      connections: READ_CONNECTIONS,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/users/current-user', users)] },
  );

  await measure(
    {
      name: 'order history: GET orders, page 1 (24 a page)',
      kind: 'api',
      request: 'GET /api/v1/orders?page=1&limit=24',
      connections: READ_CONNECTIONS,
      budgetP95Ms: BUDGETS.orderHistoryP95Ms,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/orders?page=1&limit=24', users)] },
    () => routeExists(server.url, firstUser, 'GET', '/api/v1/orders?limit=1'),
  );

  // Issue 20's main read: the distributor list with reps and each one's last order guide (its item count).
  await measure(
    {
      name: 'distributors: GET distributors?expand=dsrs,lastOrderGuide',
      kind: 'api',
      request: 'GET /api/v1/distributors?expand=dsrs,lastOrderGuide',
      connections: READ_CONNECTIONS,
      budgetP95Ms: BUDGETS.distributorsP95Ms,
      frameworkFloor: floor50,
    },
    {
      duration: seconds,
      warmupSeconds,
      requests: [simpleGet('/api/v1/distributors?expand=dsrs,lastOrderGuide', users)],
    },
    () => routeExists(server.url, firstUser, 'GET', '/api/v1/distributors?expand=dsrs'),
  );

  // Issue 19's main read: a year of the location's headline figures and donuts.
  await measure(
    {
      name: 'analytics: GET analytics, YEARLY (headline figures and donuts)',
      kind: 'api',
      request: 'GET /api/v1/analytics?filter_type=YEARLY',
      connections: READ_CONNECTIONS,
      budgetP95Ms: BUDGETS.analyticsP95Ms,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/analytics?filter_type=YEARLY', users)] },
    () => routeExists(server.url, firstUser, 'GET', '/api/v1/analytics?filter_type=WEEKLY'),
  );

  // Issue 39's read: a regional manager's chain (the region's locations, each in its own time
  // zone) for a year, from the analytics daily aggregates. Regions that do not exist at this
  // scale fail to sign in and are left out.
  const chainName = 'chain: GET chain/summary, YEARLY (a regional manager’s locations)';
  if (!only || only.test(chainName)) {
    const regionals = await signInAll(
      server.url,
      Array.from({ length: 10 }, (_, i) => regionalEmail(i)),
    ).catch(() => [] as BenchUser[]);
    if (regionals.length === 0) {
      scenarios.push({
        name: chainName,
        kind: 'api',
        request: 'GET /api/v1/chain/summary?filter_type=YEARLY',
        connections: READ_CONNECTIONS,
        skipped: 'no regional manager',
      });
    } else {
      await measure(
        {
          name: chainName,
          kind: 'api',
          request: 'GET /api/v1/chain/summary?filter_type=YEARLY',
          connections: READ_CONNECTIONS,
          budgetP95Ms: BUDGETS.chainSummaryP95Ms,
          frameworkFloor: floor50,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/v1/chain/summary?filter_type=YEARLY', regionals)] },
        () => routeExists(server.url, regionals[0], 'GET', '/api/v1/chain/summary?filter_type=WEEKLY'),
      );
    }
  }

  // Issue 39's bar: a year's chain view for a user of every chain location (200 at full scale)
  // at 20 users; the three reads the chain page makes. The data set has no such user: the
  // bench adds one (addChainOwner), signed in 20 times.
  const ownerReads = [
    ['chain: GET chain/summary, YEARLY (an owner of every location, 20 users)', '/api/v1/chain/summary?filter_type=YEARLY'],
    [
      'chain: GET chain/price-variance, YEARLY (an owner of every location, 20 users)',
      '/api/v1/chain/price-variance?filter_type=YEARLY&page=1',
    ],
    ['chain: GET chain/stock (an owner of every location, 20 users)', '/api/v1/chain/stock'],
  ].filter(([name]) => !only || only.test(name!));
  if (ownerReads.length > 0) {
    const owners = await signInAll(server.url, Array<string>(CHAIN_OWNER_USERS).fill(CHAIN_OWNER_EMAIL));
    log(`Chain owner: ${chainOwnerLocations} locations.`);
    // The authenticated one-row floor at the owner rows' concurrency (managers of one location each), so
    // their "vs current user" ratio compares like with like.
    await measure(
      {
        name: `current user: GET users/current-user, ${CHAIN_OWNER_USERS} connections (the chain owner rows' floor)`,
        kind: 'api',
        request: 'GET /api/v1/users/current-user',
        connections: CHAIN_OWNER_USERS,
      },
      {
        duration: seconds,
        warmupSeconds,
        requests: [simpleGet('/api/v1/users/current-user', users.slice(0, CHAIN_OWNER_USERS))],
      },
    );
    for (const [name, request] of ownerReads) {
      await awaitFirstAnswers(server.url, name!, [{ user: owners[0]!, path: request! }]);
      await measure(
        {
          name: name!,
          kind: 'api',
          request: `GET ${request}`,
          connections: CHAIN_OWNER_USERS,
          budgetP95Ms: BUDGETS.chainViewP95Ms,
        },
        { duration: seconds, warmupSeconds, requests: [simpleGet(request!, owners)] },
      );
    }
  }
}
