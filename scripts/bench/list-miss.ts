/**
 * `npx tsx scripts/bench/list-miss.ts --database-url postgres://postgres@127.0.0.1:5432/stockpot_bench_quick` —
 * the place-order list's first page (GET items, Most Purchased, 50 rows) right after a write, when
 * the location's kept pages are no longer valid and the read builds the page again under the
 * location's lock (a miss), next to the read that follows (a hit). One request at a time,
 * in-process, by a chain manager. `--write cart` (default): a cart line's quantity set to itself,
 * which marks the location as any write does; `--write price`: an offer's price set to itself,
 * which also leaves the read model to refresh first. Prints the medians and the slowest of each.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../packages/db/src/client';
import { openInProcessApp } from './in-process';
import { summariseTimes, timeMissesAndHits } from './miss-timing';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench_quick' },
    user: { type: 'string', default: 'manager001@chain.demo.test' },
    times: { type: 'string', default: '30' },
    write: { type: 'string', default: 'cart' },
  },
});

const { app, handle, token, close } = await openInProcessApp(values['database-url'], values.user);
try {
  const headers = { authorization: `Bearer ${token}` };
  const page = await app.inject({ method: 'GET', url: '/api/v1/items?limit=50&page=1', headers });
  const [first] = (page.json() as { data: { itemDistributorId: number; merchantId: number }[] }).data;
  const locationId = first.merchantId;
  // A cart line to rewrite (the chain's carts may be empty).
  await queryRows(
    handle.db,
    sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity)
        SELECT ${locationId}, ${first.itemDistributorId}, 1
        WHERE NOT EXISTS (SELECT 1 FROM cart_items WHERE location_id = ${locationId} AND item_distributor_id = ${first.itemDistributorId})
        RETURNING 1 AS one`,
  );
  const { misses, hits } = await timeMissesAndHits({
    app,
    path: '/api/v1/items?limit=50&page=1',
    headers,
    times: Number(values.times),
    write: () =>
      queryRows(
        handle.db,
        values.write === 'price'
          ? sql`UPDATE location_items SET price = price WHERE location_id = ${locationId} AND item_distributor_id = ${first.itemDistributorId}
                RETURNING item_distributor_id`
          : sql`UPDATE cart_items SET quantity = quantity WHERE location_id = ${locationId} AND item_distributor_id = ${first.itemDistributorId}
                RETURNING item_distributor_id`,
      ),
  });
  console.log(`location ${locationId}, ${misses.length} writes (${values.write})`);
  console.log(`miss (first read after a write): ${summariseTimes(misses)}`);
  console.log(`hit (the read after it):          ${summariseTimes(hits)}`);
} finally {
  await close();
}
