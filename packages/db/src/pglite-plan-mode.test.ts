import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, queryRowsPrepared, type DatabaseHandle } from './client';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
}, 60_000);
afterAll(async () => {
  await handle.close();
});

const MODE = sql`SELECT current_setting('plan_cache_mode') AS mode`;
const named = async () => (await queryRowsPrepared<{ mode: string }>(handle.db, MODE))[0].mode;
const unnamed = async () => (await queryRows<{ mode: string }>(handle.db, MODE))[0].mode;

it('plans named statements generically and every other statement in the default mode, one after another', async () => {
  expect(await unnamed()).toBe('auto');
  // Two named runs in a row: the second finds the session in their mode and sends no SET.
  expect(await named()).toBe('force_generic_plan');
  expect(await named()).toBe('force_generic_plan');
  expect(await unnamed()).toBe('auto');
  expect(await named()).toBe('force_generic_plan');
  await handle.db.execute(sql`SELECT 1`);
  expect(await unnamed()).toBe('auto');
});

it('inside a transaction a named statement sets and resets its mode, and a rollback leaves the default', async () => {
  expect(await named()).toBe('force_generic_plan');
  await expect(
    handle.db.transaction(async (tx) => {
      expect((await queryRows<{ mode: string }>(tx, MODE))[0].mode).toBe('auto');
      expect((await queryRowsPrepared<{ mode: string }>(tx, MODE))[0].mode).toBe('force_generic_plan');
      expect((await queryRows<{ mode: string }>(tx, MODE))[0].mode).toBe('auto');
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await unnamed()).toBe('auto');
  expect(await named()).toBe('force_generic_plan');
});

it('runs statements arriving together each in its own mode', async () => {
  const modes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? unnamed() : named())));
  expect(modes).toEqual(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'auto' : 'force_generic_plan')));
});
