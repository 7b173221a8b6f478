import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, queryRowsPrepared, type Database, type DatabaseHandle } from '@stockpot/db';
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

describe('on PGlite (the embedded default)', () => {
  let lite: DatabaseHandle;
  beforeAll(async () => {
    lite = await openDatabase();
  });
  afterAll(async () => {
    await lite.close();
  });

  const statementsKept = async () =>
    (await queryRows<{ name: string }>(lite.db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'sp\\_%'`)).length;

  it('keeps one named statement per text and answers rows exactly as queryRows does (dates, numerics, nulls, arrays)', async () => {
    const read = (n: number, day: string | null) =>
      sql`SELECT g AS n, (g * 1.25)::numeric(10,2) AS price, ${day}::date AS day, now() AS at,
                 ARRAY[g, g + 1] AS pair, ${`x${n}`}::text AS label, g % 2 = 0 AS even
          FROM generate_series(1, ${n}::int) g ORDER BY g`;
    const before = await statementsKept();
    for (const [n, day] of [
      [1, '2026-11-02'],
      [3, null],
      [2, '2026-02-28'],
    ] as const) {
      const named = await queryRowsPrepared<Record<string, unknown>>(lite.db, read(n, day));
      const plain = await queryRows<Record<string, unknown>>(lite.db, read(n, day));
      // now() differs between the two statements; everything else is compared as returned.
      expect(named.map(({ at, ...row }) => ({ ...row, atType: typeof at }))).toEqual(
        plain.map(({ at, ...row }) => ({ ...row, atType: typeof at })),
      );
    }
    expect(await statementsKept()).toBe(before + 1);
    // Planned once, as on the server's pool; the session's own mode (for every other statement) is untouched.
    const [kept] = await queryRows<{ generic_plans: number; custom_plans: number }>(
      lite.db,
      sql`SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE '%(g * 1.25)%'`,
    );
    expect(kept).toEqual({ generic_plans: 3, custom_plans: 0 });
    expect(await queryRows(lite.db, sql`SELECT current_setting('plan_cache_mode') AS mode`)).toEqual([{ mode: 'auto' }]);
  });

  it('reports a failing statement as drizzle does, with the database error as its cause', async () => {
    const failing = sql`SELECT 1 / ${0}::int AS never`;
    const named = await queryRowsPrepared(lite.db, failing).catch((error: unknown) => error);
    const plain = await queryRows(lite.db, failing).catch((error: unknown) => error);
    expect(named).toBeInstanceOf(Error);
    expect((named as { cause?: { code?: string } }).cause?.code).toBe('22012');
    expect((named as { cause?: { code?: string } }).cause?.code).toBe((plain as { cause?: { code?: string } }).cause?.code);
    // The database answers the next statement: the failed one left no open state behind.
    expect(await queryRowsPrepared<{ n: number }>(lite.db, sql`SELECT ${5}::int AS n`)).toEqual([{ n: 5 }]);
  });

  it("never runs inside another caller's transaction, and inside one's own runs in it", async () => {
    await queryRows(lite.db, sql`CREATE TABLE IF NOT EXISTS named_probe (n int)`);
    const count = (db: Database) => queryRowsPrepared<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM named_probe`);
    let begun = () => {};
    const isBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let own: unknown;
    const transaction = lite.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO named_probe VALUES (1)`);
      // Inside the transaction: its own row is seen (the statement runs on the transaction).
      own = await count(tx);
      begun();
      await held;
      tx.rollback();
    });
    await isBegun;
    // Asked while the transaction is open: it waits for the transaction to end, so it sees the table as the rollback left it.
    const outside = count(lite.db);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow();
    expect(own).toEqual([{ count: 1 }]);
    expect(await outside).toEqual([{ count: 0 }]);
  });

  it("inside a transaction runs the database's kept statement, and a failure there fails the transaction", async () => {
    const read = (db: Database) => queryRowsPrepared<{ n: number }>(db, sql`SELECT ${2}::int * 21 AS n`);
    const plans = async () =>
      (
        await queryRows<{ plans: number }>(
          lite.db,
          sql`SELECT generic_plans::int AS plans FROM pg_prepared_statements WHERE statement LIKE '%* 21 AS n%'`,
        )
      )[0]?.plans ?? 0;
    expect(await read(lite.db)).toEqual([{ n: 42 }]);
    const before = await plans();
    expect(await lite.db.transaction((tx) => read(tx))).toEqual([{ n: 42 }]);
    expect(await plans()).toBe(before + 1);
    const failing = lite.db.transaction(async (tx) => {
      await queryRowsPrepared(tx, sql`SELECT 1 / ${0}::int AS never`);
    });
    await expect(failing).rejects.toThrow();
    expect(await read(lite.db)).toEqual([{ n: 42 }]);
  });

  it('runs a statement again after its table changed shape', async () => {
    await queryRows(lite.db, sql`CREATE TABLE reshaped (id int, label text)`);
    await queryRows(lite.db, sql`INSERT INTO reshaped VALUES (1, 'a')`);
    const read = () => queryRowsPrepared<Record<string, unknown>>(lite.db, sql`SELECT * FROM reshaped WHERE id = ${1}::int`);
    expect(await read()).toEqual([{ id: 1, label: 'a' }]);
    await queryRows(lite.db, sql`ALTER TABLE reshaped ADD COLUMN extra int DEFAULT 7`);
    expect(await read()).toEqual([{ id: 1, label: 'a', extra: 7 }]);
  });
});
