import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readModelStaleSql } from '@stockpot/db';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { READ_MODEL_REFRESH_QUEUE } from './read-model-refresh.job';

async function staleLocations(test: TestApp): Promise<number> {
  const result = (await test.handle.db.execute(
    sql`SELECT count(*)::int AS n FROM locations l WHERE ${readModelStaleSql(sql`l.id`, sql`(now() AT TIME ZONE l.timezone)::date`)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

describe('scheduled read model refresh', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ READ_MODEL_REFRESH_CRON: '5 * * * *', JOBS_POLL_SECONDS: 0.5 });
  });
  afterAll(() => test.close());

  it('keeps the configured schedule in the job queue', async () => {
    const schedules = await test.app.jobs.boss.getSchedules();
    expect(schedules.map(({ name, cron }) => ({ name, cron }))).toContainEqual({
      name: READ_MODEL_REFRESH_QUEUE,
      cron: '5 * * * *',
    });
  });

  it('re-prices every location whose day has turned when the job runs', async () => {
    // A night passes: every location's rows now carry yesterday's prices.
    await test.handle.db.execute(sql`UPDATE location_item_read_state SET priced_on = priced_on - 1`);
    const before = await staleLocations(test);
    expect(before).toBeGreaterThan(0);

    await test.app.jobs.boss.send(READ_MODEL_REFRESH_QUEUE, {});
    test.app.jobs.wake(READ_MODEL_REFRESH_QUEUE);
    await vi.waitFor(async () => expect(await staleLocations(test)).toBe(0), { timeout: 30_000, interval: 100 });
  });

  it('takes the marks the analytics, suggestion and recipe-cost writes left, however many (migration 0062), and vacuums them', async () => {
    const marks = async () => {
      const result = (await test.handle.db.execute(
        sql`SELECT (SELECT count(*) FROM analytics_dirty_days) + (SELECT count(*) FROM suggestion_dirty_days)
                   + (SELECT count(*) FROM recipe_cost_dirty) AS n`,
      )) as unknown as { rows: { n: string }[] };
      return Number(result.rows[0].n);
    };
    // Each write leaves a row of its own: a received order's lines and a recipe's ingredients, twice.
    for (let round = 0; round < 2; round += 1) {
      await test.handle.db.execute(sql`UPDATE order_items SET quantity = quantity
        WHERE order_id = (SELECT id FROM orders WHERE received_at IS NOT NULL ORDER BY id LIMIT 1)`);
      await test.handle.db.execute(sql`UPDATE recipe_ingredients SET recipe_amount = recipe_amount
        WHERE recipe_id = (SELECT min(recipe_id) FROM recipe_ingredients)`);
    }
    expect(await marks()).toBeGreaterThanOrEqual(6);
    const vacuums = async () => {
      const result = (await test.handle.db.execute(
        sql`SELECT coalesce(sum(vacuum_count), 0)::int AS n FROM pg_stat_user_tables
            WHERE relname IN ('suggestion_dirty_days', 'analytics_dirty_days', 'recipe_cost_dirty')`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0].n;
    };
    const vacuumsBefore = await vacuums();

    await test.app.jobs.boss.send(READ_MODEL_REFRESH_QUEUE, {});
    test.app.jobs.wake(READ_MODEL_REFRESH_QUEUE);
    // The demo data's own marks (its whole order history's days) are taken in the same run.
    await vi.waitFor(async () => expect(await marks()).toBe(0), { timeout: 100_000, interval: 200 });
    // …and vacuums their tables, which nothing else does on PGlite.
    await vi.waitFor(async () => expect(await vacuums()).toBeGreaterThanOrEqual(vacuumsBefore + 3), {
      timeout: 30_000,
      interval: 200,
    });
  }, 120_000);
});

describe('read model refresh switched off', () => {
  it('removes the schedule', async () => {
    const test = await createTestApp();
    try {
      const schedules = await test.app.jobs.boss.getSchedules();
      expect(schedules.map((schedule) => schedule.name)).not.toContain(READ_MODEL_REFRESH_QUEUE);
    } finally {
      await test.close();
    }
  });
});
