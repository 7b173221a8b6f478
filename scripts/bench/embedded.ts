/**
 * `npx tsx scripts/bench/embedded.ts [--concurrency 20] [--requests 400]`: the embedded default
 * (PGlite in memory, one connection) with the demo data, measured in-process with `app.inject`
 * (no sockets): list pages of every sort and item searches, `concurrency` requests in flight.
 * Prints p50/p97.5 per scenario. A quick check of issue 13's embedded budget, not the bench.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@stockpot/db';
import { seedDemo } from '@stockpot/db/seed';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { bearer, signInAs } from '../../apps/api/src/test-support/test-app';
import { buildSearchTerms } from './search-terms';

const { values } = parseArgs({
  options: { concurrency: { type: 'string', default: '20' }, requests: { type: 'string', default: '400' } },
});
const concurrency = Number(values.concurrency);
const requests = Number(values.requests);

const handle = await openDatabase();
await handle.migrate();
await seedDemo(handle.db);
const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });
await app.ready();
const token = await signInAs(app, 'owner@demo.test');
const terms = buildSearchTerms(120);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(name: string, url: (i: number) => string): Promise<void> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: url(i), headers: bearer(token) });
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${concurrency} | ${Math.round(requests / seconds)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 97.5).toFixed(1)} |`,
  );
}

const items = (filterOptions: object, page = 1) =>
  `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify(filterOptions))}&page=${page}&limit=50`;

console.log('| scenario | conc. | req/s | p50 ms | p97.5 ms |\n| --- | --: | --: | --: | --: |');
await run('warm-up (most purchased)', () => items({}));
await run('item search (relevance)', (i) => items({ search: terms[i % terms.length] }));
await run(
  'search suggestions',
  (i) => `/api/v1/items/search-suggestions?search=${encodeURIComponent(terms[i % terms.length].slice(0, 4))}`,
);
for (const sort of ['most-purchased', 'a-z', 'z-a', 'price-low', 'price-high', 'greatest-savings', 'custom']) {
  await run(`list ${sort}, pages 1-20`, (i) => items({ sort }, 1 + (i % 20)));
}
await app.close();
await handle.close();
