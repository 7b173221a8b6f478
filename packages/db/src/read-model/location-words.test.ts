/**
 * Migration 0055: the list's search matches `location_words(location, query)` on the stored
 * `location_words(location, search_vector)` so its index reads one location's words. It must match
 * exactly the rows the search matches on search_vector (phrases, prefixes, hyphens, apostrophes,
 * digits) and never a row of another location, whose id may begin like this one's (5 and 58).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../client';
import { prefixQuerySql } from './item-sql';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

const WORDS = ['chicken', 'chick', 'breast', "o'brien", 'foo-bar', '80/20', 'l’eau', 'ch', 'a\\b', '58', '5:chi', 'Roma', 'b'];
const text = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 6 }).map((w) => w.join(' '));

async function matches(location: number, other: number, document: string, search: string) {
  const [row] = await queryRows<{ plain: boolean | null; own: boolean | null; foreign: boolean | null }>(
    handle.db,
    sql`WITH q AS (SELECT ${prefixQuerySql(search)} AS tsq), v AS (SELECT to_tsvector('simple', ${document}) AS vector)
        SELECT v.vector @@ q.tsq AS plain,
               location_words(${location}::int, v.vector) @@ location_words(${location}::int, q.tsq) AS own,
               location_words(${other}::int, v.vector) @@ location_words(${location}::int, q.tsq) AS foreign
        FROM q, v`,
  );
  return row;
}

describe('location_words', () => {
  it('matches what search_vector matches, for its own location only', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.constantFrom([5, 58], [58, 5], [1, 12], [120, 12]),
        async (document, search, [loc, other]) => {
          const row = await matches(loc, other, document, search);
          expect(Boolean(row.own)).toBe(Boolean(row.plain));
          expect(Boolean(row.foreign)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps phrases and prefixes: "chick bre" finds "Chicken Breast", "breast chicken" as well, "roma 80" an 80/20 Roma', async () => {
    expect((await matches(58, 5, 'Chicken Breast Boneless', 'chick bre')).own).toBe(true);
    expect((await matches(58, 5, 'Chicken Breast Boneless', 'breast chicken')).own).toBe(true);
    expect((await matches(58, 5, 'Beef Ground 80/20 Roma', 'roma 80')).own).toBe(true);
    expect((await matches(58, 5, 'Beef Ground', 'chick')).own).toBe(false);
    expect((await matches(5, 58, 'Chicken', 'chick')).foreign).toBe(false);
  });
});
