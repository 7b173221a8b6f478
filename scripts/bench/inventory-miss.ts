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
  const timed = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return performance.now() - started;
  };
  await timed();
  const misses: number[] = [];
  const hits: number[] = [];
  for (let k = 0; k < Number(values.times); k += 1) {
    const first = sql`(SELECT min(id) FROM inventory_group_items WHERE location_id = ${list.merchantId})`;
    await queryRows(
      handle.db,
      values.write === 'price'
        ? sql`UPDATE location_items SET price = price WHERE location_id = ${list.merchantId}
                AND item_distributor_id = (SELECT item_distributor_id FROM inventory_group_items WHERE id = ${first})
              RETURNING item_distributor_id`
        : sql`UPDATE inventory_group_items SET on_hand = on_hand WHERE location_id = ${list.merchantId} AND id = ${first} RETURNING id`,
    );
    misses.push(await timed());
    hits.push(await timed());
  }
  const summary = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
  };
  console.log(`location ${list.merchantId}, list ${list.id}, ${misses.length} writes (${values.write})`);
  console.log(`miss (first read after a write): ${summary(misses)}`);
  console.log(`hit (the read after it):          ${summary(hits)}`);
} finally {
  await close();
}
