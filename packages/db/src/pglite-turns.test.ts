import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldTurnBeforeEachStatement } from './pglite-turns';

/** Queues `count` statements at once and a callback for the event loop's next turn; the order things finished in. */
async function finishOrder(client: PGlite, count: number): Promise<string[]> {
  const order: string[] = [];
  const statements = Array.from({ length: count }, (_, i) =>
    client.query('SELECT $1::int AS n', [i]).then(() => order.push(`statement ${i}`)),
  );
  setImmediate(() => order.push('next turn'));
  await Promise.all(statements);
  return order;
}

describe('PGlite statements give the event loop a turn', () => {
  let plain: PGlite;
  let fair: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    fair = await PGlite.create();
    yieldTurnBeforeEachStatement(fair);
    // Two engines start from scratch (WASM and a fresh data folder): seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await plain.close();
    await fair.close();
  });

  it('as PGlite comes, twenty queued statements all run before the next turn (the socket reads wait)', async () => {
    expect(await finishOrder(plain, 20)).not.toContain('next turn');
  });

  it('with the yield, the next turn comes after the first statement, and the statements keep their order', async () => {
    const order = await finishOrder(fair, 20);
    expect(order.indexOf('next turn')).toBeLessThanOrEqual(1);
    expect(order.filter((entry) => entry !== 'next turn')).toEqual(Array.from({ length: 20 }, (_, i) => `statement ${i}`));
  });

  it('a transaction still runs its statements together, with its answers', async () => {
    const rows = await fair.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE t (n int)');
      await tx.query('INSERT INTO t VALUES (1), (2)');
      return (await tx.query<{ total: number }>('SELECT sum(n)::int AS total FROM t')).rows;
    });
    expect(rows).toEqual([{ total: 3 }]);
  });
});
