/**
 * GET distributors reads its rows as a kept read (issue 38, migration 0060): the rows are kept until
 * a write they come from marks the location, and the answer is always what is computed from scratch
 * (the delivery dates worked out from the rows on each request).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import type { DistributorExpansion } from '@stockpot/domain';
import { expectKeptRead, getBodies } from '../../test-support/kept-read-checks';
import { createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { selectDistributorListParts, toDistributorList } from './sales-reps.service';

const GRILL = DEMO_IDS.locations.harborGrill;
const EXPANSIONS: DistributorExpansion[][] = [[], ['dsrs', 'lastOrderGuide', 'skyloader', 'dcn']];

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

async function served(): Promise<unknown[]> {
  const urls = EXPANSIONS.map((expand) => (expand.length > 0 ? `distributors?expand=${expand.join(',')}` : 'distributors'));
  return (await getBodies(t, owner, urls)).map((body) => JSON.parse(body).data);
}

async function fresh(): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const expand of EXPANSIONS) {
    const parts = await selectDistributorListParts(t.handle.db, GRILL, expand);
    answers.push(JSON.parse(JSON.stringify(toDistributorList(parts, expand))));
  }
  return answers;
}

describe('GET distributors as a kept read', () => {
  it('keeps its rows until a write they come from marks the location, then answers as computed from scratch', async () => {
    const db = t.handle.db;
    const [account] = await queryRows<{ distributorId: number }>(
      db,
      sql`SELECT distributor_id AS "distributorId" FROM location_distributors WHERE location_id = ${GRILL}
          ORDER BY distributor_id LIMIT 1`,
    );
    const where = sql`location_id = ${GRILL} AND distributor_id = ${account.distributorId}`;
    await expectKeptRead({
      db,
      locationId: GRILL,
      served,
      fresh,
      unmarkedWrite: sql`UPDATE location_distributors SET customer_number = 'PROBE-1' WHERE ${where}`,
      writes: [
        sql`UPDATE location_distributors SET min_order_amount = min_order_amount + 25 WHERE ${where}`,
        sql`UPDATE location_distributors SET delivery_weekdays = '{2,4}', order_cutoff_time = '10:00' WHERE ${where}`,
        sql`INSERT INTO sales_reps (location_id, distributor_id, name, email) VALUES (${GRILL}, ${account.distributorId}, 'Probe Rep', 'probe.rep@example.test')`,
        sql`UPDATE sales_reps SET phone = '555-0100' WHERE ${where} AND name = 'Probe Rep'`,
        sql`DELETE FROM sales_reps WHERE ${where} AND name = 'Probe Rep'`,
        sql`UPDATE distributors SET nickname = nickname || '.' WHERE id = ${account.distributorId}`,
        sql`UPDATE order_guides SET item_count = item_count + 1
          WHERE id = (SELECT id FROM order_guides WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 1)`,
      ],
    });
  });
});
