import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, queryRowsPrepared, type DatabaseHandle } from '@stockpot/db';
import { createServerDatabase } from '../../test-support/test-app';

let drop = async () => {};
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
  await drop();
});

async function openFreshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase();
  const database = await createServerDatabase(serverUrl, 'stockpot_prepared');
  drop = database.drop;
  return openDatabase({ url: database.url, poolSize: 1 });
}

it('answers as queryRows does, and on PostgreSQL keeps one generic-plan statement per text on the connection', async () => {
  handle = await openFreshDatabase();
  const read = (n: number) => sql`SELECT g AS n, g * 2 AS doubled FROM generate_series(1, ${n}::int) g ORDER BY g`;
  for (const n of [1, 3, 2]) {
    expect(await queryRowsPrepared(handle.db, read(n))).toEqual(await queryRows(handle.db, read(n)));
  }
  if (handle.kind !== 'postgres') return;
  // One pooled connection, so the catalogue below is the same session's.
  const statements = await queryRows<{ name: string; generic_plans: number; custom_plans: number }>(
    handle.db,
    sql`SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'sp\\_%'`,
  );
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatchObject({ generic_plans: 3, custom_plans: 0 });
});
