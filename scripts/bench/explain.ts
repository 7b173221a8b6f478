/**
 * `npx tsx scripts/bench/explain.ts [options]` — EXPLAIN (ANALYZE, BUFFERS) of every statement one
 * GET items request runs (the catalog service's own SQL), on the bench database, without a server.
 *
 *   --database-url URL   default postgres://postgres@127.0.0.1:5432/stockpot_bench
 *   --search TEXT        default none (then --sort defaults to most-purchased)
 *   --sort SORT          relevance, most-purchased, a-z, z-a, price-low, price-high, greatest-savings, custom
 *   --location ID        default 11
 *   --page N             default 1
 */
import { parseArgs } from 'node:util';
import { LIST_SORTS, type ListSort } from '@stockpot/domain';
import { explainListQuery, floorFilters, loadCatalogService } from './db-floor';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    search: { type: 'string', default: '' },
    sort: { type: 'string' },
    location: { type: 'string', default: '11' },
    page: { type: 'string', default: '1' },
  },
});
const sort = (values.sort ?? (values.search ? 'relevance' : 'most-purchased')) as ListSort;
if (!LIST_SORTS.includes(sort)) throw new Error(`--sort must be one of ${LIST_SORTS.join(', ')}`);
const service = await loadCatalogService();
if (typeof service === 'string') throw new Error(service);
const results = await explainListQuery(
  values['database-url'],
  service,
  { locationId: Number(values.location), filters: floorFilters(values.search, sort), page: Number(values.page) },
  `${sort}${values.search ? ` "${values.search}"` : ''}, page ${values.page}`,
);
for (const result of results) {
  console.log(`--- ${result.label}, statement ${result.statement}: ${result.executionMs} ms (planning ${result.planningMs} ms)`);
  console.log(result.plan);
}
