/**
 * `npm run verify:chain-savings` (issue 32, "on the demo and the chain data"): the savings checks of
 * the demo API test (apps/api/src/test-support/savings-checks.ts) run on the chain-scale data set,
 * location by location, as each location's manager: every savings figure (MONTHLY and YEARLY)
 * equals the sum of its lines, and no savings suggestion is dearer per unit than what it replaces
 * (every suggestion). Reading analytics tops up its daily aggregate, so point it at a copy of the
 * bench database, never at one a bench is using.
 *
 *   --database-url URL   default postgres://postgres@127.0.0.1:5432/stockpot_bench
 *   --locations N        how many managers' locations (default all the data set has)
 *
 * Exits 1 when any check finds a problem, printing each one.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../packages/db/src/client';
import { managerEmail } from '../../packages/db/seed/large/chain-plan';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import {
  checkSavingsAddUp,
  checkSuggestionsNeverDearer,
  listAllSuggestions,
  suggestionOfferIds,
  type ApiGet,
  type OfferPack,
} from '../../apps/api/src/test-support/savings-checks';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string' }, locations: { type: 'string' } },
});
const databaseUrl = args['database-url'] ?? 'postgres://postgres@127.0.0.1:5432/stockpot_bench';

async function main(): Promise<number> {
  const started = performance.now();
  const handle = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const app = await buildApp({
    config: loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      // one sign-in per location from one address: the limit meant for people would stop the run
      SIGN_IN_MAX_PER_MINUTE: '100000',
    }),
    db: handle.db,
    databaseKind: 'postgres',
  });
  const managers = await queryRows<{ email: string }>(
    handle.db,
    sql`SELECT email FROM users WHERE email LIKE 'manager%@chain.demo.test' ORDER BY email`,
  );
  const wanted = Math.min(Number(args.locations ?? managers.length), managers.length);
  let problemCount = 0;
  let lineCount = 0;
  let suggestionCount = 0;
  try {
    for (let index = 0; index < wanted; index++) {
      const email = managerEmail(index);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/v1/authenticate',
        payload: { email, password: 'demo1234', company_id: '1', secret: 'stockpot-web' },
      });
      const token = (signIn.json() as { data?: { authKey?: string } }).data?.authKey;
      if (!token) throw new Error(`${email} could not sign in (HTTP ${signIn.statusCode})`);
      const get: ApiGet = (url) =>
        app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
      const problems: string[] = [];
      for (const filter of ['filter_type=MONTHLY', 'filter_type=YEARLY']) {
        const checked = await checkSavingsAddUp(get, filter);
        lineCount += checked.lineCount;
        problems.push(...checked.problems);
      }
      const suggestions = await listAllSuggestions(get);
      suggestionCount += suggestions.length;
      const ids = suggestionOfferIds(suggestions);
      const offers = new Map(
        ids.length === 0
          ? []
          : (
              await queryRows<OfferPack & { id: number }>(
                handle.db,
                sql`SELECT id, pack_size, unit_measure FROM item_distributors WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
              )
            ).map((row) => [row.id, row] as const),
      );
      problems.push(...checkSuggestionsNeverDearer(suggestions, offers));
      problemCount += problems.length;
      console.log(`${email}: ${suggestions.length} suggestions, ${problems.length} problems`);
      for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
    }
  } finally {
    await app.close();
    await handle.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${wanted} locations: ${lineCount} savings lines and ${suggestionCount} suggestions checked, ${problemCount} problems (${seconds} s).`,
  );
  return problemCount === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
