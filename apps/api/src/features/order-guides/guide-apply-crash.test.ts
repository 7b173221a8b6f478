/**
 * Issue 33 crash suites: a reviewed order guide whose server died right after the guide's
 * transaction committed. The retried job must not tell the buyer that nothing was applied: the
 * upload says "applied" in the same transaction as the guide, so no crash can split the two.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderGuideUploads, queryRows, type Database } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, getIsoDateInTimeZone } from '@stockpot/domain';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { multipartForm } from '../../test-support/multipart';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { runImportJob } from './guide-import.service';
import { applyStagedUpload } from './guide-review.service';
import type { GuideContext } from './order-guides.service';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let filesDir: string;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'stockpot-guide-apply-crash-'));
  t = await createTestApp({ FILES_DIR: filesDir, JOBS_POLL_SECONDS: 0.5 });
  owner = await signInAs(t.app, 'owner@demo.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** The database as a process sees it that dies once its first transaction has committed: every later write throws. */
function dyingAfterCommit(db: Database): Database {
  let hasCommitted = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return async (...args: Parameters<Database['transaction']>) => {
          const result = await target.transaction(...args);
          hasCommitted = true;
          return result;
        };
      if (hasCommitted && (property === 'update' || property === 'execute' || property === 'insert'))
        return () => {
          throw new Error('the server was killed');
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

it('a reviewed guide whose server died just after the guide committed reads "applied" after the retry, not "no items"', async () => {
  const today = getIsoDateInTimeZone(new Date(), 'America/New_York');
  const rows = ['Product Number,Product Description,Product Brand,Product Package Size,Product Price'];
  for (let i = 0; i < 40; i += 1) rows.push(`APPLY-${i},Apply item ${i},House,1/10 LB,${10 + i}.50`);
  const body = multipartForm(
    {
      distributor_id: String(DEMO_IDS.distributors.harborline),
      merchantIds: JSON.stringify([L.harborGrill]),
      start_date: today,
      end_date: addDays(today, 7),
      preview: '1',
    },
    { name: 'guide.csv', content: rows.join('\r\n') },
  );
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order-guides/front-upload',
    headers: { ...bearer(owner), ...body.headers },
    payload: body.payload,
  });
  expect(accepted.statusCode, accepted.body).toBe(202);
  const uploadId = accepted.json().data.id as number;
  const read = async () => {
    const [row] = await t.handle.db.select().from(orderGuideUploads).where(eq(orderGuideUploads.id, uploadId));
    return row;
  };
  await expect.poll(async () => (await read()).status, { timeout: 120_000, interval: 100 }).toBe('ready');

  // The buyer applied it (POST uploads/{id}/apply sets 'applying' and queues the apply job) …
  await t.handle.db.execute(sql`UPDATE order_guide_uploads SET status = 'applying' WHERE id = ${uploadId}`);
  const ctx: GuideContext = {
    db: t.handle.db,
    jobs: t.app.jobs,
    store: createFileStore(resolveFilesDir(t.app.config)),
    log: t.app.log,
  };
  // … and the process running the job died right after the guide's transaction committed.
  await applyStagedUpload({ ...ctx, db: dyingAfterCommit(t.handle.db) }, await read()).catch(() => undefined);
  // The queue retries the job on the next start.
  await runImportJob(ctx, { uploadId, apply: true });

  expect(await read()).toMatchObject({ status: 'applied', message: 'Your order guide was applied: 40 items.' });
  const [guide] = await queryRows<{ listed: number }>(
    t.handle.db,
    sql`SELECT count(*)::int AS listed FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND d.din LIKE 'APPLY-%' AND NOT li.is_punched_out`,
  );
  expect(guide.listed).toBe(40);
}, 300_000);
