/**
 * `tsx scripts/bench/chain-timings.ts --database-url URL`: single-request warm timings of the chain
 * view's reads (issue 39) for the bench's owner of every chain location, in-process (inject, no
 * HTTP), one request at a time: figures that hold on a loaded machine, beside the bench's p95.
 */
import { parseArgs } from 'node:util';
import { openInProcessApp } from './in-process';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    user: { type: 'string', default: 'owner@chain.demo.test' },
    runs: { type: 'string', default: '7' },
  },
});

const PATHS = [
  '/api/v1/chain/summary?filter_type=YEARLY',
  '/api/v1/chain/summary?filter_type=WEEKLY',
  '/api/v1/chain/price-variance?filter_type=YEARLY&page=1',
  '/api/v1/chain/price-variance?filter_type=YEARLY&page=2',
  '/api/v1/chain/price-variance?filter_type=MONTHLY&page=1',
  '/api/v1/chain/stock',
  '/api/v1/chain/stock?page=5',
];

const { app, token, close } = await openInProcessApp(values['database-url'], values.user);
try {
  const headers = { authorization: `Bearer ${token}` };
  for (const url of PATHS) {
    // The first request may compute what later ones are served (the price variance's kept answer).
    const firstStart = performance.now();
    const first = await app.inject({ method: 'GET', url, headers });
    const firstMs = performance.now() - firstStart;
    const times: number[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const start = performance.now();
      await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `${url}: HTTP ${first.statusCode}, ${first.body.length} bytes, first ${firstMs.toFixed(0)} ms, warm median ${median.toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times.at(-1)!.toFixed(1)})`,
    );
  }
} finally {
  await close();
}
