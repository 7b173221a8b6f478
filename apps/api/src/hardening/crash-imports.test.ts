/**
 * Crash safety of the two big writes (issue 33 "Cases never tried"): kill -9 of the server while
 * an order guide is imported (50,000 rows in the full profile) and accounting bulk uploads run
 * back to back. Runs on the engine of the run: PostgreSQL with TEST_DATABASE_URL, else a PGlite
 * data folder as `npm start` lays it out. After the restart the guide is wholly applied or not at
 * all, and the user who started it sees it finish (the job resumes) or fail with a message; every
 * bulk upload is wholly applied or not at all, and every acknowledged one is applied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '@stockpot/db';
import { addDays, type GuideUpload } from '@stockpot/domain';
import { locationToday } from '../features/checkout/checkout-test-fixtures';
import { multipartForm } from '../test-support/multipart';
import type { ServerProcess } from '../test-support/server-process';
import { createServerDatabase } from '../test-support/test-app';
import { callApi, crashServerEnv, GRILL, HARBORLINE, openEmbeddedFolder, signIn, startTimed } from './crash-support';
import { byProfile, SUITE_TIMEOUT } from './hardening-support';

const serverUrl = process.env.TEST_DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
/** Rows of the guide: enough in the quick profile for the kill to land while the file is read. */
const GUIDE_ROWS = byProfile(8_000, 50_000);
const HEADER =
  'F,SUPC,Case Qty,Split Qty,Code,Item Status,Replaced Item,Pack,Size,Unit,Brand,Mfr #,Desc,Cat,Case $,Split $,Per Lb,Market,Stock';
const SETTLED = ['applied', 'failed', 'refused', 'ready'];

function guideCsv(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`P,CRASH-${String(i).padStart(6, '0')},,,,A,,4,5LB,CS,House,,Crash item ${i},CAT,${(i % 90) + 10}.25,,,,Y`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Reads the database while no server holds it (PGlite is one process's folder). */
async function withDb<T>(target: { url?: string; dataDir: string }, read: (db: Database) => Promise<T>): Promise<T> {
  const handle = target.url ? await openDatabase({ url: target.url, poolSize: 2 }) : await openEmbeddedFolder(target.dataDir);
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

/** Harbor Grill's Harborline guide (items listed, guides kept, lines left staged) and its accounting items. */
async function readGuide(db: Database) {
  const [guide] = await queryRows<{ listed: number; crash: number; guides: number; staged: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM location_items WHERE location_id = ${GRILL} AND distributor_id = ${HARBORLINE} AND NOT is_punched_out) AS listed,
               (SELECT count(*)::int FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
                 WHERE li.location_id = ${GRILL} AND d.distributor_id = ${HARBORLINE} AND d.din LIKE 'CRASH-%' AND NOT li.is_punched_out) AS crash,
               (SELECT count(*)::int FROM order_guides WHERE location_id = ${GRILL}) AS guides,
               (SELECT count(*)::int FROM order_guide_upload_lines WHERE location_id = ${GRILL}) AS staged`,
  );
  return guide;
}

/** The suppliers the bulk uploads created, and the supplier of each tagged item. */
async function readTags(db: Database, items: number[]) {
  const names = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM accounting_suppliers WHERE location_id = ${GRILL} AND name LIKE 'Crash supplier %'`,
  );
  const tagged = await queryRows<{ name: string | null }>(
    db,
    sql`SELECT s.name FROM location_items li
        LEFT JOIN merchant_accountings m ON m.location_id = li.location_id AND m.item_distributor_id = li.item_distributor_id
        LEFT JOIN accounting_suppliers s ON s.id = m.supplier_id
        WHERE li.location_id = ${GRILL} AND li.item_distributor_id IN (${sql.join(
          items.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return { names: new Set(names.map((n) => n.name)), suppliers: new Set(tagged.map((t) => t.name)) };
}

async function uploadGuide(server: ServerProcess, token: string): Promise<number> {
  const start = locationToday();
  const body = multipartForm(
    { distributor_id: String(HARBORLINE), merchantIds: JSON.stringify([GRILL]), start_date: start, end_date: addDays(start, 7) },
    { name: 'crash-guide.csv', content: guideCsv(GUIDE_ROWS) },
  );
  const response = await callApi(server, token, 'POST', 'order-guides/front-upload', body);
  expect(response.status).toBe(202);
  return ((await response.json()) as { data: GuideUpload }).data.id;
}

async function readUpload(server: ServerProcess, token: string, id: number): Promise<GuideUpload> {
  const response = await callApi(server, token, 'GET', `order-guides/uploads/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: GuideUpload }).data;
}

async function waitForUpload(
  server: ServerProcess,
  token: string,
  id: number,
  isDone: (upload: GuideUpload) => boolean,
  timeoutMs: number,
): Promise<GuideUpload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const upload = await readUpload(server, token, id);
    if (isDone(upload)) return upload;
    if (Date.now() > deadline) throw new Error(`the upload did not get there in time: ${JSON.stringify(upload)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface BulkUpload {
  name: string;
  acknowledged: boolean;
}

/** Bulk uploads one after the other, each tagging every item with its own new supplier, until the server dies. */
async function bulkUploadsUntilKilled(
  server: ServerProcess,
  token: string,
  items: number[],
  uploads: BulkUpload[],
  kill: { isSent: boolean },
) {
  for (let n = 1; ; n += 1) {
    const upload: BulkUpload = { name: `Crash supplier ${n}`, acknowledged: false };
    uploads.push(upload);
    const csv = ['Item ID,Supplier', ...items.map((id) => `${id},${upload.name}`)].join('\r\n');
    try {
      const body = multipartForm({}, { name: 'tags.csv', content: csv });
      const response = await callApi(server, token, 'POST', 'merchant-accounting/upload', body);
      upload.acknowledged = response.status === 200;
      expect(response.status, await response.text()).toBe(200);
    } catch (error) {
      if (kill.isSent) return;
      throw error;
    }
  }
}

describe(`crash safety: kill -9 during an order-guide import and accounting bulk uploads (${engine})`, () => {
  it(
    `applies the ${GUIDE_ROWS.toLocaleString('en-US')}-row guide wholly or not at all and tells its user, and each bulk upload wholly or not at all`,
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stockpot-crash-imports-'));
      const database = serverUrl
        ? await createServerDatabase(serverUrl, 'stockpot_crash', process.env.STOCKPOT_TEST_SERVER_TEMPLATE)
        : null;
      const target = { url: database?.url, dataDir };
      let server: ServerProcess | null = null;
      try {
        // Every item of another distributor: the guide's punch-out leaves them on the location.
        const { before, items } = await (async () => {
          if (!database) await (await openEmbeddedFolder(dataDir, { isNew: true })).close();
          return withDb(target, async (db) => ({
            before: await readGuide(db),
            items: (
              await queryRows<{ id: number }>(
                db,
                sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${GRILL} AND distributor_id <> ${HARBORLINE} ORDER BY 1`,
              )
            ).map((r) => r.id),
          }));
        })();
        expect(items.length).toBeGreaterThan(10);
        const env = crashServerEnv({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });

        ({ server } = await startTimed(env));
        const token = await signIn(server);
        const uploadId = await uploadGuide(server, token);
        const uploads: BulkUpload[] = [];
        const kill = { isSent: false };
        const bulk = bulkUploadsUntilKilled(server, token, items, uploads, kill);
        // The kill lands while the file is read (chunks of it staged, none applied) or while it is
        // applied: both must end wholly applied or not at all. On a loaded machine the polls are slow
        // (the bulk uploads share the server), so either window counts.
        const atKill = await waitForUpload(
          server,
          token,
          uploadId,
          (u) => (u.status === 'processing' && u.progress > 0) || u.status === 'applying',
          300_000,
        );
        kill.isSent = true;
        await server.kill();
        const killedAt = Date.now();
        await bulk;

        const restart = await startTimed(env);
        server = restart.server;
        const retryToken = await signIn(server);
        const seen = new Set<string>();
        const final = await waitForUpload(
          server,
          retryToken,
          uploadId,
          (u) => (seen.add(`${u.status}: ${u.message}`), SETTLED.includes(u.status)),
          byProfile(240_000, 900_000),
        );
        const settledAfter = (Date.now() - killedAt) / 1000;
        await server.stop();
        server = null;

        const after = await withDb(target, readGuide);
        const tags = await withDb(target, (db) => readTags(db, items));
        // The guide: the job resumed and applied all of it, or it failed and told its user so, with nothing applied.
        expect(['applied', 'failed'], JSON.stringify(final)).toContain(final.status);
        if (final.status === 'applied') {
          expect(final.message).toBe(`Your order guide was applied: ${GUIDE_ROWS.toLocaleString('en-US')} items.`);
          expect(after).toMatchObject({ listed: GUIDE_ROWS, crash: GUIDE_ROWS, guides: before.guides + 1, staged: 0 });
        } else {
          expect(final.message).toMatch(/\w/);
          expect(after).toEqual({ ...before, staged: 0 });
        }
        // Bulk uploads: one transaction each, so all items carry the supplier of the last one applied,
        // and the names of an upload exist exactly when it was applied.
        const applied = uploads.filter((u) => tags.names.has(u.name));
        for (const upload of uploads.filter((u) => u.acknowledged)) expect(tags.names.has(upload.name), upload.name).toBe(true);
        expect([...tags.suppliers]).toEqual([applied.at(-1)?.name]);
        expect(applied.map((u) => u.name)).toEqual(uploads.slice(0, applied.length).map((u) => u.name));
        console.info(
          `crash-imports (${engine}): guide of ${GUIDE_ROWS} rows killed at ${atKill.progress} rows read; after a restart of ${restart.seconds.toFixed(1)} s it was ${final.status} ${settledAfter.toFixed(1)} s after the kill (seen: ${[...seen].join(' | ')}); ` +
            `${uploads.length} bulk uploads of ${items.length} rows sent, ${uploads.filter((u) => u.acknowledged).length} acknowledged, ${applied.length} applied, the one cut off ${applied.length === uploads.length ? 'applied' : 'not applied'}`,
        );
      } finally {
        await server?.stop();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    byProfile(420_000, SUITE_TIMEOUT),
  );
});
