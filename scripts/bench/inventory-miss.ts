/**
 * `npx tsx scripts/bench/inventory-miss.ts --database-url postgres://postgres@127.0.0.1:5432/stockpot_bench` —
 * the inventory view's page read (issue 15) right after a write, when its stored answer is no
 * longer valid and the read recomputes it (a miss), next to the read that follows (a hit). One
 * request at a time, in-process (inject), by a chain manager on the first list of their location.
 * `--write count` (default): a count that changes nothing (on hand set to itself), which marks the
 * location as any write does; `--write price`: a linked offer's price set to itself, which also
 * leaves the list read model to refresh first. Prints the medians and the slowest of each.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../packages/db/src/client';
import { openInProcessApp } from './in-process';
import { summariseTimes, timeMissesAndHits } from './miss-timing';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    user: { type: 'string', default: 'manager001@chain.demo.test' },
    times: { type: 'string', default: '30' },
    write: { type: 'string', default: 'count' },
  },
});

const { app, handle, token, close } = await openInProcessApp(values['database-url'], values.user);
try {
  const headers = { authorization: `Bearer ${token}` };
  const lists = await app.inject({ method: 'GET', url: '/api/v1/comparison-views/all-views', headers });
  const list = (lists.json() as { data: { id: number; merchantId: number }[] }).data[0];
  const path = `/api/v1/comparison-views/${list.id}/groups?page=1&limit=70&expand=items,purchased,onHandTotal,units&filterOptions=%7B%22sort%22%3A%22custom%22%7D`;
  const first = sql`(SELECT min(id) FROM inventory_group_items WHERE location_id = ${list.merchantId})`;
  const { misses, hits } = await timeMissesAndHits({
    app,
    path,
    headers,
    times: Number(values.times),
    write: () =>
      queryRows(
        handle.db,
        values.write === 'price'
          ? sql`UPDATE location_items SET price = price WHERE location_id = ${list.merchantId}
                  AND item_distributor_id = (SELECT item_distributor_id FROM inventory_group_items WHERE id = ${first})
                RETURNING item_distributor_id`
          : sql`UPDATE inventory_group_items SET on_hand = on_hand WHERE location_id = ${list.merchantId} AND id = ${first} RETURNING id`,
      ),
  });
  console.log(`location ${list.merchantId}, list ${list.id}, ${misses.length} writes (${values.write})`);
  console.log(`miss (first read after a write): ${summariseTimes(misses)}`);
  console.log(`hit (the read after it):          ${summariseTimes(hits)}`);
} finally {
  await close();
}
