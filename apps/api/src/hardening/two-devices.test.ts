/**
 * Two devices syncing offline counts (issue 33, "Cases never tried"): two phones count the same
 * inventory lists offline and sync with `PATCH comparison-views/update-item-batch` at the same
 * time, each batch sent twice at once (a phone that lost the answer sends it again). Whatever the
 * interleaving: every batch is acknowledged once and replayed otherwise, the latest count of each
 * item is the one stored, and every other count is in the item's history exactly once.
 * Rounds and items are few in the quick profile and many in the full one (HARDENING_PROFILE=full).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { createRandom, DEMO_IDS } from '@stockpot/db/seed';
import type { GenericGroup, InventoryList } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { byProfile, checkLogs, LogCapture, SUITE_TIMEOUT } from './hardening-support';

const GRILL = DEMO_IDS.locations.harborGrill;
const ROUNDS = byProfile(12, 250);
const ITEMS_PER_BATCH = byProfile(6, 25);
const SEED = Number(process.env.HARDENING_SEED ?? 20261125);

let t: TestApp;
let devices: { name: string; token: string }[];
let lists: InventoryList[];
const logs = new LogCapture();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: logs });
  const owner = await signInAs(t.app, 'owner@demo.test');
  const chef = await signInAs(t.app, 'chef@demo.test');
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/comparison-views/all-views', headers: bearer(owner) });
  lists = (response.json().data as InventoryList[]).filter((list) => ['Kitchen', 'Bar'].includes(list.name));
  expect(lists).toHaveLength(2);
  // Two people with a phone each; the chef also has a second phone (the same user on two devices).
  devices = [
    { name: 'chef phone', token: chef },
    { name: 'owner phone', token: owner },
    { name: 'chef tablet', token: chef },
  ];
});
afterAll(async () => {
  await t?.close();
});

interface CountedItem {
  id: number;
  genericGroupId: number;
  listId: number;
}

interface Entry extends CountedItem {
  onHand: number;
  onHandPack: number;
  onHandUom: number;
  /** Epoch milliseconds, unique over the whole run. */
  countedAt: number;
}

interface Batch {
  batchId: string;
  device: string;
  token: string;
  listId: number;
  entries: Entry[];
}

interface Answer {
  batch: Batch;
  status: number;
  body: string;
  data?: { batchId: string; applied: number; kept: number; replayed: boolean };
}

async function countedItems(): Promise<CountedItem[]> {
  const items: CountedItem[] = [];
  for (const list of lists) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/comparison-views/${list.id}/groups?expand=items&limit=200`,
      headers: { ...bearer(devices[1].token), 'x-location-id': String(GRILL) },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const group of response.json().data as GenericGroup[])
      for (const item of group.items ?? []) items.push({ id: item.id, genericGroupId: group.id, listId: list.id });
  }
  return items;
}

function send(batch: Batch): Promise<Answer> {
  return t.app
    .inject({
      method: 'PATCH',
      url: '/api/v1/comparison-views/update-item-batch',
      headers: { ...bearer(batch.token), 'x-location-id': String(GRILL) },
      payload: {
        batchId: batch.batchId,
        comparisonViewId: batch.listId,
        batch: batch.entries.map((entry) => ({
          id: entry.id,
          genericGroupId: entry.genericGroupId,
          onHand: entry.onHand,
          onHandPack: entry.onHandPack,
          onHandUom: entry.onHandUom,
          countedAt: new Date(entry.countedAt).toISOString(),
        })),
      },
    })
    .then((response) => ({
      batch,
      status: response.statusCode,
      body: response.body,
      data: response.statusCode === 200 ? response.json().data : undefined,
    }));
}

interface StoredCount {
  id: number;
  onHand: number;
  onHandPack: number;
  onHandUom: number;
  countedAt: number;
}

const readCounts = (ids: number[]) =>
  queryRows<StoredCount>(
    t.handle.db,
    sql`SELECT id, on_hand::float8 AS "onHand", on_hand_pack::float8 AS "onHandPack", on_hand_uom::float8 AS "onHandUom",
               (extract(epoch FROM updated_at) * 1000)::float8 AS "countedAt"
        FROM inventory_group_items WHERE location_id = ${GRILL} AND id IN ${sql.raw(`(${ids.join(',')})`)}`,
  );

const readHistory = (ids: number[], since: number) =>
  queryRows<StoredCount & { reason: string }>(
    t.handle.db,
    sql`SELECT group_item_id AS id, on_hand::float8 AS "onHand", on_hand_pack::float8 AS "onHandPack",
               on_hand_uom::float8 AS "onHandUom", (extract(epoch FROM counted_at) * 1000)::float8 AS "countedAt", reason
        FROM inventory_count_history
        WHERE location_id = ${GRILL} AND group_item_id IN ${sql.raw(`(${ids.join(',')})`)}
          AND counted_at >= ${new Date(since).toISOString()}::timestamptz`,
  );

describe('two devices syncing offline counts of the same lists', () => {
  it(
    `keeps the latest count of every item and every other count in history, over ${ROUNDS} rounds of concurrent batches sent twice`,
    async () => {
      // The seed's own generator (mulberry32): a failing run is replayed with HARDENING_SEED.
      const { next, pick, shuffle } = createRandom(SEED);
      const all = await countedItems();
      expect(all.length).toBeGreaterThan(ITEMS_PER_BATCH);
      // A pool small enough that the devices keep counting the same items.
      const pool = shuffle(all).slice(0, Math.max(ITEMS_PER_BATCH + 2, Math.ceil(ITEMS_PER_BATCH * 1.5)));
      // Every count of the run is made after the demo's counts, at a time no other count has; rounds
      // draw their times from one span, so a late-arriving batch often carries older counts.
      const start = Date.now() + 86_400_000;
      const usedTimes = new Set<number>();
      const countedAt = (): number => {
        let time: number;
        do time = start + Math.floor(next() * ROUNDS * 60_000);
        while (usedTimes.has(time));
        usedTimes.add(time);
        return time;
      };

      const answers: Answer[] = [];
      const sent: Entry[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const batches: Batch[] = [];
        for (const device of shuffle(devices).slice(0, 2)) {
          const listId = pick(lists).id;
          // Each device counts some items of the pool, in its own order (lock order differs).
          const entries = shuffle(pool)
            .slice(0, ITEMS_PER_BATCH)
            .map((item) => ({
              ...item,
              onHand: Math.floor(next() * 40) + (next() < 0.3 ? 0.5 : 0),
              onHandPack: Math.floor(next() * 6),
              onHandUom: Math.floor(next() * 12),
              countedAt: countedAt(),
            }));
          sent.push(...entries);
          batches.push({
            batchId: `sync-${SEED}-${round}-${batches.length}`,
            device: device.name,
            token: device.token,
            listId,
            entries,
          });
        }
        // Both batches and their retries at once, in an order drawn for the round.
        answers.push(...(await Promise.all(shuffle([...batches, ...batches]).map(send))));
      }

      const problems: string[] = checkLogs(logs);
      const byBatch = new Map<string, Answer[]>();
      for (const answer of answers) byBatch.set(answer.batch.batchId, [...(byBatch.get(answer.batch.batchId) ?? []), answer]);
      for (const [batchId, pair] of byBatch) {
        for (const answer of pair)
          if (answer.status !== 200)
            problems.push(`${batchId} (${answer.batch.device}): ${answer.status} ${answer.body.slice(0, 200)}`);
        const ok = pair.filter((answer) => answer.data);
        if (ok.length !== pair.length) continue;
        const firsts = ok.filter((answer) => !answer.data!.replayed);
        if (firsts.length !== 1) problems.push(`${batchId}: applied ${firsts.length} times, not once`);
        const [a, b] = ok.map((answer) => answer.data!);
        if (a.applied !== b.applied || a.kept !== b.kept)
          problems.push(`${batchId}: the retry answered ${JSON.stringify(b)} after ${JSON.stringify(a)}`);
        if (a.applied + a.kept !== pair[0].batch.entries.length)
          problems.push(`${batchId}: ${a.applied} applied + ${a.kept} kept of ${pair[0].batch.entries.length}`);
      }

      const ids = pool.map((item) => item.id);
      const stored = new Map((await readCounts(ids)).map((row) => [row.id, row]));
      const history = await readHistory(ids, start);
      const values = (count: { onHand: number; onHandPack: number; onHandUom: number }) =>
        `${count.onHand}/${count.onHandPack}/${count.onHandUom}`;
      let superseded = 0;
      let replaced = 0;
      for (const id of ids) {
        const counts = sent.filter((entry) => entry.id === id).sort((x, y) => x.countedAt - y.countedAt);
        if (counts.length === 0) continue;
        const latest = counts[counts.length - 1];
        const row = stored.get(id)!;
        if (values(row) !== values(latest) || row.countedAt !== latest.countedAt)
          problems.push(
            `item ${id}: stored ${values(row)} of ${new Date(row.countedAt).toISOString()}, the latest count is ${values(latest)} of ${new Date(latest.countedAt).toISOString()}`,
          );
        const kept = history.filter((entry) => entry.id === id);
        for (const count of counts.slice(0, -1)) {
          const found = kept.filter((entry) => entry.countedAt === count.countedAt);
          if (found.length !== 1 || values(found[0]) !== values(count))
            problems.push(
              `item ${id}: the count ${values(count)} of ${new Date(count.countedAt).toISOString()} is in history ${found.length} times${found.length ? ` as ${values(found[0])}` : ''}`,
            );
          for (const entry of found)
            if (entry.reason === 'superseded') superseded++;
            else replaced++;
        }
        if (kept.length !== counts.length - 1)
          problems.push(`item ${id}: ${kept.length} history rows for ${counts.length - 1} earlier counts`);
      }
      console.info(
        `two devices: ${byBatch.size} batches of ${ITEMS_PER_BATCH} counts on ${pool.length} items, each sent twice at once (${answers.length} requests, ${sent.length} counts): ` +
          `${superseded} arrived after a later count and went straight to history, ${replaced} were stored then replaced, ${problems.length} problems`,
      );
      expect(problems).toEqual([]);
    },
    SUITE_TIMEOUT,
  );
});
