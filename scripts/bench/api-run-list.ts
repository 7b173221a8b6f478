/** Search, search suggestions, the list pages with their database floors, the cart, order submit and EXPLAIN (api-run.ts runs it). */
import {
  cartUpdateRequest,
  firstAskedSearchRequest,
  listRequest,
  LIST_PAGE_SORTS,
  routeExists,
  searchRequest,
  searchRequestsOfOnePeriod,
  simpleGet,
  suggestionsRequest,
  suggestionsRequestsOfOnePeriod,
  type BenchUser,
} from './api-scenarios';
import { explainListQuery, floorFilters } from './db-floor';
import { withQuery } from './bench-engine';
import { clearUnfinishedOrderJobs, measureOrderJobs } from './order-jobs';
import { prewarmRelations } from './prewarm';
import { cpuPerAnswer } from './server';
import { orderRequest, prepareOrderJobs } from './order-scenarios';
import { BUDGETS } from './report';
import { awaitFirstAnswers, log, READ_CONNECTIONS, ORDER_CONNECTIONS, type ApiRun } from './api-run-kit';
const EMBEDDED_CONNECTIONS = 20;
/** What a search and its page read (prewarm.ts): the read model, the search table and dictionary, the page's rows. */
const SEARCH_RELATIONS = [
  'location_item_searches',
  'location_item_reads',
  'location_search_words',
  'location_items',
  'item_distributors',
  'items',
  'distributors',
  'cart_items',
  'inventory_group_items',
];

export async function measureListReads(run: ApiRun): Promise<void> {
  const {
    measure,
    dbFloor,
    server,
    engine,
    users,
    locations,
    terms,
    only,
    scenarios,
    explains,
    seconds,
    warmupSeconds,
    listWarmupSeconds,
    firstUser,
    floor50,
    floor10,
    service,
    stamp,
  } = run;
  const searchFloor = `database floor: item search (${terms.length} terms)`;
  const userAt = (n: number) => users[n % users.length];
  const pagesOf = (user: BenchUser) => Math.max(1, Math.ceil((locations.get(user.locationId)?.itemCount ?? 0) / 50));
  const itemsProbe = () => routeExists(server.url, firstUser, 'GET', '/api/v1/items?limit=1');
  // Issue 38's embedded budget is at 20 connections (p97.5 ≤ 50 ms, between this table's p95 and p99):
  // on PGlite (--embedded) the list page and search get that row too.
  const embeddedRow = async (label: string, request: string, next: ReturnType<typeof searchRequest>) => {
    if (engine.kind !== 'pglite') return;
    await measure(
      {
        name: `${label}, ${EMBEDDED_CONNECTIONS} connections`,
        kind: 'api',
        request,
        connections: EMBEDDED_CONNECTIONS,
        frameworkFloor: floor50,
      },
      { duration: seconds, warmupSeconds: 0, requests: [next] },
    );
  };
  if (!only || only.test('item search')) {
    if (engine.kind === 'postgres') {
      const warmed = await withQuery(engine, (query) => prewarmRelations(query, SEARCH_RELATIONS));
      log(
        warmed
          ? `  search relations read into the file cache: ${warmed.megabytes} MB in ${warmed.seconds} s`
          : '  no pg_prewarm: not pre-read',
      );
    }
    await awaitFirstAnswers(server.url, 'item search, rotating terms', searchRequestsOfOnePeriod(users, terms));
  }
  await measure(
    {
      name: `item search: GET items, relevance, ${terms.length} rotating terms`,
      kind: 'api',
      request: 'GET /api/v1/items?filterOptions={sort:relevance,search}&limit=50&page=1',
      connections: READ_CONNECTIONS,
      budgetP95Ms: BUDGETS.searchP95Ms,
      frameworkFloor: floor50,
      databaseFloor: searchFloor,
    },
    { duration: seconds, warmupSeconds, requests: [searchRequest(users, terms)] },
    itemsProbe,
  );
  if (scenarios.at(-1)?.result) {
    await dbFloor(searchFloor, (n) => ({
      locationId: userAt(n).locationId,
      filters: floorFilters(terms[(n * 7) % terms.length], 'relevance'),
      page: 1,
    }));
    // One user alone: what a search costs before any queueing.
    await measure(
      {
        name: 'item search, 1 user at a time',
        kind: 'api',
        request: 'GET /api/v1/items (search)',
        connections: 1,
        frameworkFloor: floor50,
      },
      { duration: seconds, warmupSeconds: 0, requests: [searchRequest(users, terms)] },
    );
    await embeddedRow('item search', 'GET /api/v1/items (search)', searchRequest(users, terms));
    // The rotating terms are kept after their first request: what a term nobody asked before costs.
    await measure(
      {
        name: 'item search, terms not asked before (not kept)',
        kind: 'api',
        request: 'GET /api/v1/items (search, new text each time)',
        connections: READ_CONNECTIONS,
        frameworkFloor: floor50,
      },
      { duration: seconds, warmupSeconds: 0, requests: [firstAskedSearchRequest(users, terms)] },
    );
  }
  // As the rotating search: every suggestion of the row's period asked once, so the row reads kept answers.
  if (!only || only.test('search suggestions')) {
    await awaitFirstAnswers(server.url, 'search suggestions', suggestionsRequestsOfOnePeriod(users, terms));
  }
  await measure(
    {
      name: 'search suggestions: GET items/search-suggestions',
      kind: 'api',
      request: 'GET /api/v1/items/search-suggestions?search=',
      connections: READ_CONNECTIONS,
      frameworkFloor: floor50,
      databaseFloor: searchFloor,
    },
    { duration: seconds, warmupSeconds, requests: [suggestionsRequest(users, terms)] },
    () => routeExists(server.url, firstUser, 'GET', '/api/v1/items/search-suggestions?search=tom'),
  );

  // Quick mode reads the deepest page of two sorts only (the two with a database floor), to stay under five minutes.
  const quickDeepSorts = new Set(['most-purchased', 'a-z']);
  for (const sort of LIST_PAGE_SORTS) {
    for (const deep of run.isQuick && !quickDeepSorts.has(sort) ? [false] : [false, true]) {
      const label = `list ${sort}, ${deep ? 'last page' : 'page 1'}`;
      const floorName = `database floor: ${label}`;
      await measure(
        {
          name: `${label}: GET items`,
          kind: 'api',
          request: `GET /api/v1/items?filterOptions={sort:${sort}}&page=${deep ? 'last' : 1}`,
          connections: READ_CONNECTIONS,
          frameworkFloor: floor50,
          databaseFloor: !run.isQuick || (sort === 'most-purchased' && !deep) || (sort === 'a-z' && deep) ? floorName : undefined,
        },
        { duration: seconds, warmupSeconds: listWarmupSeconds, requests: [listRequest(users, locations, sort, deep)] },
        itemsProbe,
      );
      // Quick mode measures the database floor of two list variants only, to stay under five minutes.
      const wantsFloor = !run.isQuick || (sort === 'most-purchased' && !deep) || (sort === 'a-z' && deep);
      if (scenarios.at(-1)?.result && wantsFloor) {
        await dbFloor(floorName, (n) => ({
          locationId: userAt(n).locationId,
          filters: floorFilters('', sort),
          page: deep ? pagesOf(userAt(n)) : 1,
        }));
      }
      if (sort === 'most-purchased' && !deep && scenarios.some((row) => row.name === `${label}: GET items` && row.result)) {
        await embeddedRow(label, 'GET /api/v1/items (list page)', listRequest(users, locations, sort, deep));
      }
    }
  }

  await measure(
    {
      name: `cart update: POST shopping-carts, ${users.length} users`,
      kind: 'api',
      request: 'POST /api/v1/shopping-carts',
      connections: READ_CONNECTIONS,
      budgetP95Ms: BUDGETS.cartUpdateP95Ms,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [cartUpdateRequest(users, locations)] },
    () => routeExists(server.url, firstUser, 'GET', '/api/v1/shopping-carts'),
  );
  if (scenarios.at(-1)?.result) {
    await measure(
      {
        name: 'cart update, 1 user at a time',
        kind: 'api',
        request: 'POST /api/v1/shopping-carts',
        connections: 1,
        frameworkFloor: floor50,
      },
      { duration: seconds, warmupSeconds: 0, requests: [cartUpdateRequest(users, locations)] },
    );
  }

  if (!only || only.test('order submit')) {
    const ordersExist = await routeExists(server.url, firstUser, 'POST', '/api/v1/orders', {});
    const cartExists = await routeExists(server.url, firstUser, 'GET', '/api/v1/shopping-carts');
    const name = 'order submit: POST /orders (cart → order)';
    const row = {
      name,
      kind: 'api' as const,
      request: 'POST /api/v1/orders',
      connections: ORDER_CONNECTIONS,
      budgetP95Ms: BUDGETS.orderSubmitP95Ms,
      frameworkFloor: floor10,
    };
    if (!ordersExist || !cartExists) {
      scenarios.push({ ...row, skipped: !ordersExist ? 'endpoint not built yet' : 'the cart endpoint is not built yet' });
    } else {
      await measure(
        { name: floor10, kind: 'framework floor', request: 'GET /api/bench/noop', connections: ORDER_CONNECTIONS },
        { duration: seconds, warmupSeconds, requests: [simpleGet('/api/bench/noop')] },
      );
      log('  preparing carts for the order scenario…');
      // Several orders per distributor and location, each of its own lines: a run long enough for its p95 (97 orders did not).
      const { jobs, problems } = await prepareOrderJobs(server.url, users, locations, run.isQuick ? 6 : 8, run.isQuick ? 5 : 2);
      if (jobs.length === 0) {
        scenarios.push({ ...row, skipped: `no order could be prepared${problems.length ? `: ${problems[0]}` : ''}` });
      } else {
        // A fifth of the prepared orders go one at a time (the cost of one submission), the rest 10 at once.
        const alone = jobs.filter((_, i) => i % 5 === 0);
        const together = jobs.filter((_, i) => i % 5 !== 0);
        await measure(row, { amount: together.length, requests: [orderRequest(together, `${stamp}-c`)] });
        await measure(
          { ...row, name: 'order submit, 1 user at a time', connections: 1, budgetP95Ms: undefined },
          { amount: alone.length, requests: [orderRequest(alone, `${stamp}-1`)] },
        );
        if (engine.kind === 'postgres') await measureOrderBackground(run);
      }
    }
  }

  if (
    !run.isExplainSkipped &&
    typeof service !== 'string' &&
    scenarios.some((s) => s.name.startsWith('item search') && s.result)
  ) {
    log('EXPLAIN (ANALYZE, BUFFERS) of the list SQL…');
    const user = users[Math.floor(users.length / 2)];
    const explainTerms = ['chicken', 'roma tomato', 'chiken', terms[5]];
    for (const term of explainTerms) {
      explains.push(
        ...(await explainListQuery(
          engine.databaseUrl!,
          service,
          { locationId: user.locationId, filters: floorFilters(term, 'relevance'), page: 1 },
          `search "${term}"`,
        )),
      );
    }
    for (const sort of LIST_PAGE_SORTS) {
      explains.push(
        ...(await explainListQuery(
          engine.databaseUrl!,
          service,
          { locationId: user.locationId, filters: floorFilters('', sort), page: pagesOf(user) },
          `list ${sort}, last page`,
        )),
      );
    }
    for (const e of explains) log(`  ${e.label} [statement ${e.statement}]: ${e.executionMs} ms (planning ${e.planningMs} ms)`);
  }
}

/**
 * The documents and e-mail of the orders just submitted, worked off by the server with no requests
 * (its one job worker), as a row of their own; what is still queued after the window is removed, so
 * the scenarios after it (and the next run on this database) are not measured beside it.
 */
async function measureOrderBackground(run: ApiRun): Promise<void> {
  const { engine, server, seconds, scenarios } = run;
  const name = 'order documents and e-mail (background jobs, no requests)';
  const result = await withQuery(engine, (query) => measureOrderJobs(query, server.pid, seconds));
  await withQuery(engine, clearUnfinishedOrderJobs);
  const row = { name, kind: 'api' as const, request: 'purchase-order job', connections: 1 };
  if (!result) {
    scenarios.push({ ...row, skipped: 'no purchase order job was queued' });
    return;
  }
  scenarios.push({ ...row, result });
  const per = cpuPerAnswer(result, result.requests);
  log(
    `- ${name}: ${result.requests} jobs in ${result.seconds} s, run time p50 ${result.p50} p95 ${result.p95} ms, CPU/job ${per.server} + ${per.database} ms`,
  );
}
