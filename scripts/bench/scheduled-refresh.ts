/**
 * `tsx scripts/bench/scheduled-refresh.ts --database-url URL`: times each part of the scheduled
 * refresh (read-model-refresh.job.ts, hourly by default) on a bench database after a night has passed for every location (its
 * read model and recipe costs priced the day before) and after a day of marks (migration 0062: one
 * per write, so the analytics, suggestion and recipe-cost marks left by `--writes` statements on each
 * location's history). It writes to the database it is given: run it on a bench copy only.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  openDatabase,
  queryRows,
  refreshAllAnalyticsDays,
  refreshAllReadModels,
  refreshAllRecipeCosts,
  refreshAllSuggestionDays,
} from '../../packages/db/src/index';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    writes: { type: 'string', default: '20' },
  },
});
if (!/\/stockpot_bench[a-z0-9_]*$/.test(values['database-url']!)) throw new Error('Not a bench database.');

const handle = await openDatabase({ url: values['database-url'], poolSize: 2 });
const db = handle.db;
const count = async (table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;
const timed = async (label: string, work: () => Promise<number>) => {
  const start = performance.now();
  const locations = await work();
  console.log(`| ${label} | ${locations} | ${(performance.now() - start).toFixed(0)} |`);
};

try {
  // A day of writes: each location's latest received order and one recipe's ingredients, touched
  // `writes` times (each statement a mark of its own in every aggregate it feeds).
  for (let i = 0; i < Number(values.writes); i += 1) {
    await db.execute(sql`UPDATE order_items SET quantity = quantity WHERE order_id IN (
      SELECT DISTINCT ON (location_id) id FROM orders WHERE received_at IS NOT NULL ORDER BY location_id, received_at DESC)`);
    await db.execute(sql`UPDATE recipe_ingredients SET recipe_amount = recipe_amount WHERE recipe_id IN (
      SELECT DISTINCT ON (location_id) id FROM recipes ORDER BY location_id, id)`);
  }
  // The night: every location's prices and costs were worked out for yesterday.
  await db.execute(sql`UPDATE location_item_read_state SET priced_on = priced_on - 1`);
  await db.execute(sql`UPDATE recipe_cost_state SET priced_on = priced_on - 1`);
  const marks = await Promise.all(
    ['analytics_dirty_days', 'suggestion_dirty_days', 'recipe_cost_dirty'].map(async (t) => `${t} ${await count(t)}`),
  );
  console.log(`marks before the job: ${marks.join(', ')}`);
  console.log('| part of the job | locations | ms |\n| --- | ---: | ---: |');
  await timed('read models re-priced', () => refreshAllReadModels(db));
  await timed('analytics days', () => refreshAllAnalyticsDays(db));
  await timed('suggestion days', () => refreshAllSuggestionDays(db));
  await timed('recipe costs', () => refreshAllRecipeCosts(db));
} finally {
  await handle.close();
}
