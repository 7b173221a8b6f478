/**
 * `npx tsx scripts/bench/explain-areas.ts [options]` — EXPLAIN (ANALYZE, BUFFERS) of every statement
 * each area's main read runs (issues 15, 16, 17, 21, 22: the bench's own requests), on the bench
 * database: the real app answers each request through inject() while the pool records its SQL,
 * which is then explained one statement at a time. Prints each statement's time and any
 * sequential scan; `--plans` prints the whole plans.
 *
 *   --database-url URL   default postgres://postgres@127.0.0.1:5432/stockpot_bench
 *   --plans              print every plan, not only the summary
 *   --only REGEX         only the areas whose name matches
 *   --repeat N           time the request N more times in-process (median; default 5)
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import type { Database } from '../../packages/db/src/client';
import * as schema from '../../packages/db/src/schema/index';
import { AUTH_SECRET, PASSWORD } from './api-scenarios';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench' },
    plans: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});

interface Area {
  name: string;
  /** Which of the chain's locations can answer it. */
  where: string;
  path: (location: { id: number; list_id: number | null; menu_id: number | null }) => string;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

// The same requests as run.ts's area scenarios.
const AREAS: Area[] = [
  {
    name: 'inventory view (issue 15)',
    where: 'TRUE',
    path: (l) =>
      `/api/v1/comparison-views/${l.list_id}/groups?${q({
        page: '1',
        limit: '70',
        expand: 'items,purchased,onHandTotal,units',
        filterOptions: JSON.stringify({ sort: 'custom' }),
        filters: JSON.stringify({ name: '' }),
      })}`,
  },
  { name: 'past inventories (issue 16)', where: 'l.display_inventory', path: () => '/api/v1/inventory?page=1&limit=12' },
  {
    name: 'recipes (issue 17)',
    where: 'l.display_recipe_costing',
    path: (l) =>
      `/api/v1/recipe?${q({
        filters: JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value: l.menu_id }]),
        expand: 'posQuantitySold,posTotalSold,menu',
        bgn_date: day(7),
        end_date: day(1),
        sort: 'name',
        page: '1',
        limit: '20',
      })}`,
  },
  {
    name: 'accounting (issue 21)',
    where: 'l.display_accounting',
    path: () =>
      `/api/v1/merchant-accounting?${q({ filterOptions: JSON.stringify({ search: '', sort: 'most_purchased', product: 'ALL' }), page: '1' })}`,
  },
  { name: 'messages (issue 22)', where: 'TRUE', path: (l) => `/api/v1/users/get-message?merchant_id=${l.id}` },
];

const pool = new pg.Pool({ connectionString: values['database-url'], max: 2 });
let captured: { text: string; params: unknown[] }[] | null = null;
const realQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  if (captured) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') captured.push({ text: first, params: second ?? [] });
    else captured.push({ text: first.text, params: first.values ?? second ?? [] });
  }
  return realQuery(...args);
};
const db = drizzle(pool, { schema }) as unknown as Database;
const app = await buildApp({
  config: loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: values['database-url'] }),
  db,
  databaseKind: 'postgres',
});
try {
  for (const area of AREAS.filter((a) => !values.only || new RegExp(values.only, 'i').test(a.name))) {
    // A chain manager (their active location is their own) whose location has the area on and its data.
    const [location] = (
      await pool.query<{ id: number; email: string; list_id: number | null; menu_id: number | null }>(
        `SELECT l.id, u.email,
                (SELECT il.id FROM inventory_lists il WHERE il.location_id = l.id ORDER BY il.sort, il.id LIMIT 1) AS list_id,
                (SELECT r.menu_category_id FROM recipes r WHERE r.location_id = l.id AND NOT r.is_sub_recipe
                  GROUP BY r.menu_category_id ORDER BY count(*) DESC, r.menu_category_id LIMIT 1) AS menu_id
           FROM users u JOIN locations l ON l.id = u.active_location_id
          WHERE u.email LIKE 'manager%@chain.demo.test' AND ${area.where}
            AND EXISTS (SELECT 1 FROM inventory_lists il WHERE il.location_id = l.id)
          ORDER BY u.email LIMIT 1`,
      )
    ).rows;
    if (!location) {
      console.log(`=== ${area.name}: no chain location has it`);
      continue;
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: location.email, password: PASSWORD, company_id: '1', secret: AUTH_SECRET },
    });
    const token = (signIn.json() as { data: { authKey: string } }).data.authKey;
    const url = area.path(location);
    await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }); // warm
    captured = [];
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    const statements = captured;
    const bytes = answer.body.length;
    captured = null;
    const times = [ms];
    for (let k = 0; k < Number(values.repeat); k += 1) {
      const again = performance.now();
      await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - again);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `=== ${area.name}, location ${location.id}: HTTP ${answer.statusCode}, median ${median.toFixed(1)} ms in-process of ${times.length}, ${statements.length} statements, ${Math.round(bytes / 1024)} KB`,
    );
    console.log(`    ${url}`);
    for (const [index, statement] of statements.entries()) {
      if (!/^\s*(SELECT|WITH)/i.test(statement.text)) continue;
      const plan = (
        await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params)
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      const execution = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      const seqScans = [...plan.matchAll(/Seq Scan on (\w+)[^\n]*rows=(\d+)[^\n]*\n?/g)].map((m) => `${m[1]}`);
      console.log(
        `  ${index + 1}. ${execution} ms${seqScans.length ? `  SEQ SCAN: ${seqScans.join(', ')}` : ''}  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`,
      );
      if (values.plans) console.log(plan.replace(/^/gm, '     '));
    }
  }
} finally {
  await app.close();
  await pool.end();
}
