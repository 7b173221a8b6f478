import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The chain checks a membership's versions as one sum (chain-versions.ts), which is exact only while
 * each location's version moves up. Two commits of one location: the second to commit took its value
 * from the sequence first and waited for the version row (migration 0066).
 */
let t: TestApp;
const A = DEMO_IDS.locations.harborGrill;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const mark = (tx: Database, table: 'stock_version_marks' | 'suggestion_version_marks') =>
  tx.execute(sql`INSERT INTO ${sql.raw(table)} (location_id, xid) VALUES (${A}, txid_current()) ON CONFLICT DO NOTHING`);

async function versionOf(table: 'stock_versions' | 'suggestion_versions'): Promise<bigint> {
  const [row] = await queryRows<{ version: string }>(
    t.handle.db,
    sql`SELECT version::text FROM ${sql.raw(table)} WHERE location_id = ${A}`,
  );
  return BigInt(row.version);
}

async function waitUntilSomeoneWaitsForALock(): Promise<void> {
  for (;;) {
    const rows = await queryRows<{ pid: number }>(
      t.handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a location version written by two commits at once', () => {
  for (const [marks, versions, sequence] of [
    ['stock_version_marks', 'stock_versions', 'stock_version_seq'],
    ['suggestion_version_marks', 'suggestion_versions', 'suggestion_version_seq'],
  ] as const) {
    it(`only moves up (${versions})`, async () => {
      const db = t.handle.db;
      await db.transaction((tx) => mark(tx, marks));
      const start = await versionOf(versions);
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // The first holds the version row until the second's commit has taken its value and waits for it.
      const first = db.transaction(async (tx) => {
        await mark(tx, marks);
        await tx.execute(sql`SELECT 1 FROM ${sql.raw(versions)} WHERE location_id = ${A} FOR UPDATE`);
        held();
        await gate;
      });
      await holding;
      const second = db.transaction((tx) => mark(tx, marks));
      await waitUntilSomeoneWaitsForALock();
      open();
      await Promise.all([first, second]);
      const [{ last }] = await queryRows<{ last: string }>(db, sql`SELECT last_value::text AS last FROM ${sql.raw(sequence)}`);
      // The second to commit wrote the sequence's newest value, above the first's and the start.
      expect(await versionOf(versions)).toBe(BigInt(last));
      expect(await versionOf(versions)).toBeGreaterThan(start + 1n);
    });
  }
});
