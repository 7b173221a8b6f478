/**
 * The read model equals a recomputation from scratch after any sequence of the writes that change
 * it (issue 13): order-guide prices applied, invoice prices, an order placed, a reject or its
 * cancellation, a custom order, an offer punched out or added, and the location's date passing an
 * end date. Writes are made the way the application makes them (then refreshLocationReadModel with
 * the offers changed) or behind its back (SQL only, caught up by the read-time refresh).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../client';
import { seedDemo } from '../../seed/index';
import { readModelRowsSql, refreshLocationReadModel, syncPurchaseStatistics } from './read-model';
import { phraseSql } from './item-sql';
import { searchRowsSql } from './search-rows';

const TODAY = '2026-11-02';
let handle: DatabaseHandle;
let locationId: number;
let offers: number[];
/** Catalogue offers of the location's distributors that it does not list yet. */
let newOffers: number[];
/** Pairs of the location's offers of the same generic product (reject candidates). */
let pairs: [number, number][];
let today: string;

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  await seedDemo(handle.db, { today: TODAY });
  const db = handle.db;
  // The smallest demo location keeps every run quick.
  [{ locationId }] = await queryRows<{ locationId: number }>(
    db,
    sql`SELECT location_id AS "locationId" FROM location_items GROUP BY location_id ORDER BY count(*) LIMIT 1`,
  );
  offers = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${locationId} ORDER BY 1`,
    )
  ).map((row) => row.id);
  newOffers = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT d.id FROM item_distributors d
          JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = d.distributor_id
          WHERE NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = ${locationId} AND li.item_distributor_id = d.id)
          ORDER BY d.id LIMIT 40`,
    )
  ).map((row) => row.id);
  pairs = (
    await queryRows<{ a: number; b: number }>(
      db,
      sql`SELECT a.item_distributor_id AS a, b.item_distributor_id AS b
          FROM location_items a JOIN item_distributors da ON da.id = a.item_distributor_id JOIN items ia ON ia.id = da.item_id
          JOIN location_items b ON b.location_id = a.location_id AND b.item_distributor_id <> a.item_distributor_id
          JOIN item_distributors db ON db.id = b.item_distributor_id JOIN items ib ON ib.id = db.item_id
          WHERE a.location_id = ${locationId} AND lower(btrim(ia.generic_name)) = lower(btrim(ib.generic_name))
          ORDER BY 1, 2 LIMIT 60`,
    )
  ).map((row) => [row.a, row.b]);
  [{ today }] = await queryRows<{ today: string }>(
    db,
    sql`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today FROM locations WHERE id = ${locationId}`,
  );
}, 600_000);

afterAll(async () => {
  await handle?.close();
});

type Write =
  | { kind: 'guide-price'; offer: number; cents: number; endInDays: number | null }
  | { kind: 'invoice'; offer: number; cents: number; outdated: boolean; ago: number }
  | { kind: 'order'; offers: number[]; quantity: number }
  | { kind: 'reject'; pair: number }
  | { kind: 'cancel-reject'; pair: number }
  | { kind: 'custom-order'; offer: number; index: number | null }
  | { kind: 'punch-out'; offer: number; punched: boolean }
  | { kind: 'add-offer'; offer: number; cents: number }
  | { kind: 'describe'; offer: number; words: string }
  | { kind: 'drop-offer'; offer: number }
  | { kind: 'day-passes'; days: number };

const writeArb = (): fc.Arbitrary<Write> => {
  const offer = fc.nat({ max: offers.length - 1 }).map((i) => offers[i]);
  const cents = fc.integer({ min: 1, max: 40_000 });
  return fc.oneof(
    fc.record({
      kind: fc.constant('guide-price' as const),
      offer,
      cents,
      endInDays: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
    }),
    fc.record({ kind: fc.constant('invoice' as const), offer, cents, outdated: fc.boolean(), ago: fc.nat({ max: 10 }) }),
    fc.record({
      kind: fc.constant('order' as const),
      offers: fc.array(offer, { minLength: 1, maxLength: 4 }),
      quantity: fc.integer({ min: 1, max: 9 }),
    }),
    fc.record({ kind: fc.constant('reject' as const), pair: fc.nat({ max: Math.max(0, pairs.length - 1) }) }),
    fc.record({ kind: fc.constant('cancel-reject' as const), pair: fc.nat({ max: Math.max(0, pairs.length - 1) }) }),
    fc.record({
      kind: fc.constant('custom-order' as const),
      offer,
      index: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    }),
    fc.record({ kind: fc.constant('punch-out' as const), offer, punched: fc.boolean() }),
    fc.record({
      kind: fc.constant('add-offer' as const),
      offer: fc.nat({ max: Math.max(0, newOffers.length - 1) }).map((i) => newOffers[i]),
      cents,
    }),
    fc.record({ kind: fc.constant('day-passes' as const), days: fc.integer({ min: 1, max: 3 }) }),
    // The searchable text (migration 0063 keeps it in its own table, written only when it changes).
    fc.record({ kind: fc.constant('describe' as const), offer, words: fc.constantFrom('Smoked Roma', 'IQF 80/20', '') }),
    fc.record({ kind: fc.constant('drop-offer' as const), offer }),
  );
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Applies one write as SQL; returns the offers it changed (what the application passes on). */
async function applyWrite(db: Database, write: Write, day: string): Promise<number[]> {
  switch (write.kind) {
    case 'guide-price':
      await db.execute(sql`UPDATE location_items SET price = ${dollars(write.cents)}::numeric,
          end_date = ${write.endInDays === null ? null : shift(day, write.endInDays)}::date
        WHERE location_id = ${locationId} AND item_distributor_id = ${write.offer}`);
      return [write.offer];
    case 'invoice':
      await db.execute(sql`UPDATE location_items SET purchased_price = ${dollars(write.cents)}::numeric,
          invoice_date = ${shift(day, -write.ago)}::date, is_price_outdated = ${write.outdated}
        WHERE location_id = ${locationId} AND item_distributor_id = ${write.offer}`);
      return [write.offer];
    case 'order':
      for (const offer of write.offers) {
        await db.execute(sql`UPDATE location_items SET purchased_quantity = purchased_quantity + ${write.quantity},
            last_purchased_date = ${day}::date, last_purchased_qty = ${write.quantity}, last_purchased_price = price
          WHERE location_id = ${locationId} AND item_distributor_id = ${offer}`);
      }
      return write.offers;
    case 'reject': {
      const pair = pairs[write.pair];
      if (!pair) return [];
      await db.execute(sql`INSERT INTO item_swaps (location_id, old_item_distributor_id, new_item_distributor_id, type)
        VALUES (${locationId}, ${pair[0]}, ${pair[1]}, 'reject')
        ON CONFLICT (location_id, old_item_distributor_id, new_item_distributor_id) WHERE order_id IS NULL DO NOTHING`);
      return [pair[0]];
    }
    case 'cancel-reject': {
      const pair = pairs[write.pair];
      if (!pair) return [];
      await db.execute(sql`DELETE FROM item_swaps WHERE location_id = ${locationId} AND type = 'reject'
        AND old_item_distributor_id = ${pair[0]} AND new_item_distributor_id = ${pair[1]}`);
      return [pair[0]];
    }
    case 'custom-order':
      await db.execute(sql`UPDATE location_items SET sort_index = ${write.index}
        WHERE location_id = ${locationId} AND item_distributor_id = ${write.offer}`);
      return [write.offer];
    case 'punch-out':
      await db.execute(sql`UPDATE location_items SET is_punched_out = ${write.punched}
        WHERE location_id = ${locationId} AND item_distributor_id = ${write.offer}`);
      return [write.offer];
    case 'add-offer':
      if (write.offer === undefined) return [];
      await db.execute(sql`INSERT INTO location_items (location_id, item_distributor_id, distributor_id, price, unit_price, end_date)
        SELECT ${locationId}, d.id, d.distributor_id, ${dollars(write.cents)}::numeric, d.unit_price, ${shift(day, 2)}::date
        FROM item_distributors d WHERE d.id = ${write.offer}
        ON CONFLICT DO NOTHING`);
      return [write.offer];
    case 'describe':
      await db.execute(sql`UPDATE item_distributors SET description = ${write.words} WHERE id = ${write.offer}`);
      return [write.offer];
    case 'drop-offer':
      await db.execute(
        sql`DELETE FROM location_items WHERE location_id = ${locationId} AND item_distributor_id = ${write.offer}`,
      );
      return [write.offer];
    case 'day-passes':
      return [];
  }
}

/** The maintained rows and counts next to a recomputation from the source tables. */
async function compare(db: Database, day: string) {
  const stored = await queryRows<Record<string, unknown>>(
    db,
    // The search columns live in their own table (0063): a row missing from either side, or one
    // left over on either side, shows as nulls.
    sql`SELECT r.*, s.location_id AS search_location_id, s.item_distributor_id AS search_item_distributor_id,
               s.din AS search_din, s.search_text, s.search_vector, s.location_search_vector
        FROM (SELECT * FROM location_item_reads WHERE location_id = ${locationId}) r
        FULL JOIN (SELECT * FROM location_item_searches WHERE location_id = ${locationId}) s
          ON s.item_distributor_id = r.item_distributor_id
        ORDER BY coalesce(r.item_distributor_id, s.item_distributor_id)`,
  );
  const targets = sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${locationId}`;
  const fresh = await queryRows<Record<string, unknown>>(
    db,
    // The stored words carrying the location and the name as a phrase are generated from the row (migrations 0055, 0061).
    sql`SELECT f.*, ${phraseSql(sql`f.name`)} AS name_phrase, s.location_id AS search_location_id,
               s.item_distributor_id AS search_item_distributor_id, s.din AS search_din, s.search_text, s.search_vector,
               location_words(s.location_id, s.search_vector) AS location_search_vector
        FROM (${readModelRowsSql(locationId, day, targets)}) f
        JOIN (${searchRowsSql(locationId, targets)}) s ON s.item_distributor_id = f.item_distributor_id
        ORDER BY f.item_distributor_id`,
  );
  const counts = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT distributor_id, offers, purchased FROM location_item_read_counts WHERE location_id = ${locationId} ORDER BY 1`,
  );
  const freshCounts = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT li.distributor_id, count(*)::int AS offers, (count(*) FILTER (WHERE li.purchased_quantity > 0))::int AS purchased
        FROM location_items li WHERE li.location_id = ${locationId} GROUP BY 1 ORDER BY 1`,
  );
  // The typo pass's dictionary (0065) holds every word with a letter of the location's offers.
  const missingWords = await queryRows<{ word: string }>(
    db,
    sql`SELECT DISTINCT w.word FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id,
          unnest(tsvector_to_array(d.search_vector)) AS w(word)
        WHERE li.location_id = ${locationId} AND w.word ~ '[[:alpha:]]'
          AND NOT EXISTS (SELECT 1 FROM location_search_words sw WHERE sw.location_id = li.location_id AND sw.word = w.word)`,
  );
  return { stored, fresh, counts, freshCounts, missingWords };
}

class Rollback extends Error {}

describe('the place-order read model', () => {
  it('equals a recomputation from scratch after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(writeArb(), fc.boolean()), { minLength: 1, maxLength: 8 }), async (writes) => {
        let result: Awaited<ReturnType<typeof compare>> | undefined;
        await handle.db
          .transaction(async (tx) => {
            let day = today;
            for (const [write, byApplication] of writes) {
              if (write.kind === 'day-passes') {
                day = shift(day, write.days);
                // The nightly job or the read-time check, on the new date.
                await refreshLocationReadModel(tx, locationId, { today: day });
                continue;
              }
              if (write.kind === 'order' && byApplication) {
                // As checkout does: refresh, record the purchases, copy the statistics.
                await refreshLocationReadModel(tx, locationId, { today: day });
                await applyWrite(tx, write, day);
                await syncPurchaseStatistics(tx, locationId, write.offers);
                continue;
              }
              const changed = await applyWrite(tx, write, day);
              // The application refreshes with what it changed; SQL behind its back leaves the
              // triggers' marks for the next read.
              if (byApplication) await refreshLocationReadModel(tx, locationId, { itemDistributorIds: changed, today: day });
            }
            // The read-time check before the list is read.
            await refreshLocationReadModel(tx, locationId, { today: day });
            result = await compare(tx, day);
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
        expect(result!.stored).toEqual(result!.fresh);
        expect(result!.counts).toEqual(result!.freshCounts);
        expect(result!.missingWords).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
