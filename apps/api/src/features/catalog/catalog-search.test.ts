import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isDinMatchSql, isPhraseMatchSql, prefixQuerySql, queryRows, TYPO_SIMILARITY, TYPO_WORD_SIMILARITY } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { getAllItems, getItemsPage } from './catalog.test-support';
import { withTypoThreshold } from './catalog.repo';

const HARBOR_GRILL = DEMO_IDS.locations.harborGrill;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** Harbor Grill items whose searchable text satisfies a condition, by id. */
async function storedIds(condition: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.handle.db,
    sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
        WHERE li.location_id = ${HARBOR_GRILL} AND ${condition} ORDER BY d.id`,
  );
  return rows.map((r) => r.id);
}

const sortedIds = (rows: { itemDistributorId: number }[]) => rows.map((r) => r.itemDistributorId).sort((a, b) => a - b);
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);

describe('search', () => {
  it('finds every word in any order', async () => {
    const forward = await getAllItems(t.app, owner, { search: 'chicken breast' });
    const reversed = await getAllItems(t.app, owner, { search: 'breast chicken' });
    expect(forward.length).toBeGreaterThan(3);
    expect(sortedIds(reversed)).toEqual(sortedIds(forward));
    expect(sortedIds(forward)).toEqual(await storedIds(sql`d.search_text ~ '\\mchicken' AND d.search_text ~ '\\mbreast'`));
    // The names holding the phrase come first.
    expect(reversed[0].name.toLowerCase()).toContain('chicken breast');
  });

  it('treats each word as a prefix', async () => {
    const rows = await getAllItems(t.app, owner, { search: 'chick brea' });
    expect(sortedIds(rows)).toEqual(await storedIds(sql`d.search_text ~ '\\mchick' AND d.search_text ~ '\\mbrea'`));
    expect(rows.some((r) => r.name.startsWith('Chicken Breast'))).toBe(true);
  });

  it('forgives a small typo when no word matches as typed', async () => {
    const rows = await getAllItems(t.app, owner, { search: 'chiken' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.slice(0, 5).every((r) => words(r.name).includes('chicken'))).toBe(true);
    const [{ hits }] = await queryRows<{ hits: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS hits FROM item_distributors WHERE search_vector @@ to_tsquery('simple', 'chiken:*')`,
    );
    expect(hits).toBe(0);
    const typo = await getAllItems(t.app, owner, { search: 'brocoli' });
    expect(typo.length).toBeGreaterThan(0);
    expect(words(typo[0].name)).toContain('broccoli');
  });

  it('puts an exact DIN first and marks it', async () => {
    const [item] = await queryRows<{ id: number; din: string }>(
      t.handle.db,
      sql`SELECT d.id, d.din FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${HARBOR_GRILL} AND d.distributor_id = ${DEMO_IDS.distributors.coastalProduce} ORDER BY d.id LIMIT 1`,
    );
    const page = await getItemsPage(t.app, owner, { search: item.din.toLowerCase() }, 1, 10);
    expect(page.data[0]).toMatchObject({ itemDistributorId: item.id, din: item.din, isExactSearchMatch: true });
  });

  it('finds a brand, all of its items', async () => {
    const [{ brand }] = await queryRows<{ brand: string }>(
      t.handle.db,
      sql`SELECT d.brand FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${HARBOR_GRILL} AND d.brand = 'Hillside Creamery' LIMIT 1`,
    );
    const rows = await getAllItems(t.app, owner, { search: brand });
    const ofBrand = await storedIds(sql`d.brand = ${brand}`);
    expect(ofBrand.length).toBeGreaterThan(0);
    expect(sortedIds(rows)).toEqual(expect.arrayContaining(ofBrand));
    // Nothing else: the brand's words are in every other row too (its maker, or its description).
    expect(sortedIds(rows)).toEqual(await storedIds(sql`d.search_text ~ '\\mhillside' AND d.search_text ~ '\\mcreamery'`));
  });

  it('ranks whole-phrase names before the rest, then by text rank', async () => {
    const rows = await getAllItems(t.app, owner, { search: 'chicken breast' });
    const firstPartial = rows.findIndex((r) => !r.isExactSearchMatch);
    expect(firstPartial).toBeGreaterThan(0);
    expect(rows.slice(0, firstPartial).every((r) => r.name.toLowerCase().includes('chicken breast'))).toBe(true);
    expect(rows.slice(firstPartial).some((r) => r.isExactSearchMatch || r.name.toLowerCase().includes('chicken breast'))).toBe(
      false,
    );
  });

  it('pages a relevance search in the order of its whole key, each row ranked by every key at once', async () => {
    // The page's SQL computes word similarity only for rows near the page; the order must be the one
    // of every key computed for every match (as the list ordered before), across pages of 7 rows.
    const expectedOrder = async (search: string, typo: boolean) => {
      // A typo's rows: every word of the search begins a word of the row or, when it has a letter,
      // is within a typo of one with a letter (the row's own words, not the dictionary the pass reads).
      const match = typo
        ? sql`NOT EXISTS (SELECT 1 FROM unnest(to_tsvector('simple', ${search})) q WHERE NOT EXISTS (
              SELECT 1 FROM unnest(tsvector_to_array(s.search_vector)) AS w(word)
              WHERE starts_with(w.word, q.lexeme)
                OR (q.lexeme ~ '[[:alpha:]]' AND w.word ~ '[[:alpha:]]' AND word_similarity(q.lexeme, w.word) >= ${TYPO_SIMILARITY}
                    AND similarity(q.lexeme, w.word) >= ${TYPO_WORD_SIMILARITY})))`
        : sql`(s.search_vector @@ ${prefixQuerySql(search)} OR lower(s.din) = lower(btrim(${search}::text)))`;
      const read = (db: typeof t.handle.db) =>
        queryRows<{ id: number }>(
          db,
          sql`SELECT r.item_distributor_id AS id FROM location_item_reads r
              JOIN location_item_searches s ON s.location_id = r.location_id AND s.item_distributor_id = r.item_distributor_id
              WHERE r.location_id = ${HARBOR_GRILL} AND ${match}
              ORDER BY ${isDinMatchSql(sql`r.din`, search)} DESC, ${isPhraseMatchSql(sql`r.name`, search)} DESC,
                coalesce(ts_rank(s.search_vector, ${prefixQuerySql(search)}), 0) DESC,
                word_similarity(lower(${search}::text), r.name_key) DESC, r.name_key, r.item_distributor_id`,
        );
      return (typo ? await withTypoThreshold(t.handle.db, read) : await read(t.handle.db)).map((row) => row.id);
    };
    for (const [search, typo] of [
      ['ch', false],
      ['chicken breast', false],
      ['beef ground', false],
      ['chiken', true],
      ['chiken brest', true],
      ['chiken breast', true],
    ] as const) {
      const expected = await expectedOrder(search, typo);
      expect(expected.length, search).toBeGreaterThan(7);
      const first = await getItemsPage(t.app, owner, { search }, 1, 7);
      expect(first._meta.totalCount, search).toBe(expected.length);
      const ids = [...first.data];
      for (let page = 2; page <= first._meta.pageCount; page += 1) {
        ids.push(...(await getItemsPage(t.app, owner, { search }, page, 7)).data);
      }
      expect(
        ids.map((row) => row.itemDistributorId),
        search,
      ).toEqual(expected);
    }
  });

  it('sorts by relevance by default while searching, and by any other sort when asked', async () => {
    const relevance = await getAllItems(t.app, owner, { search: 'beef ground' });
    const explicit = await getAllItems(t.app, owner, { search: 'beef ground', sort: 'relevance' });
    expect(explicit.map((r) => r.itemDistributorId)).toEqual(relevance.map((r) => r.itemDistributorId));
    const byName = await getAllItems(t.app, owner, { search: 'beef ground', sort: 'a-z' });
    expect(sortedIds(byName)).toEqual(sortedIds(relevance));
    const names = byName.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('answers nothing found with an empty page, and survives query syntax in the text', async () => {
    const none = await getItemsPage(t.app, owner, { search: 'zzqxw' });
    expect(none).toEqual({ data: [], _meta: { pageCount: 1, currentPage: 1, totalCount: 0 } });
    for (const search of ["o'brien & | ! :* <-> (", '\\', '%_', "'; DROP TABLE items; --"]) {
      const page = await getItemsPage(t.app, owner, { search });
      expect(Array.isArray(page.data), search).toBe(true);
    }
  });

  it('searches only the active location', async () => {
    const rows = await getAllItems(t.app, owner, { search: 'cheese' });
    const own = await storedIds(sql`true`);
    expect(rows.every((r) => own.includes(r.itemDistributorId))).toBe(true);
  });
});
