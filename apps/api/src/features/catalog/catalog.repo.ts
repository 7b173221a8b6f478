/**
 * SQL of the place-order list: the location's items filtered, searched, sorted and paged in
 * PostgreSQL (the rows themselves are read through the one projection, item-rows.repo.ts), and the
 * search suggestions. Numerics and dates leave the database as text and are parsed by the service
 * (never as floats).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  correctedQuerySql,
  holdsPhraseSql,
  isDinMatchSql,
  prefixQuerySql,
  queryRowsPrepared,
  searchPhraseSql,
  TYPO_SIMILARITY,
  type Database,
} from '@stockpot/db';
import type { FilterOptions, ListSort } from '@stockpot/domain';
import { intArray } from '../../platform/sql';
import type { LocationContext } from './item-rows.repo';

/** The read model's rows of a location: what the list filters, sorts, searches and counts. */
const READS = sql`location_item_reads li`;

/**
 * The read model's rows joined to their search columns (migration 0063: apart, so a purchase or a
 * price never writes through the search's GIN indexes). A search finds its offers through `s`.
 */
const SEARCHED = sql`location_item_reads li
  JOIN location_item_searches s ON s.location_id = li.location_id AND s.item_distributor_id = li.item_distributor_id`;

/** What the sorts and the relevance keys read of a search's matches. */
const MATCH_COLUMNS = sql.raw(
  'li.item_distributor_id, li.name_phrase, li.name_key, li.din, li.purchased_quantity, li.effective_price, ' +
    'li.best_savings, li.sort_index, s.search_vector',
);

/** Conditions of the filters modal (doc 1 §3 "Filters") on the read model `li`, each scoped to the location. */
function filterConditions(ctx: LocationContext, filters: FilterOptions): SQL {
  const conditions: SQL[] = [sql`li.location_id = ${ctx.locationId}`];
  if (filters.product === 'PURCHASED') conditions.push(sql`li.is_purchased`);
  if (filters.distributorIds.length > 0) conditions.push(sql`li.distributor_id = ANY(${intArray(filters.distributorIds)})`);
  if (filters.pastOrderIds.length > 0) {
    conditions.push(sql`EXISTS (SELECT 1 FROM order_items oi
      WHERE oi.location_id = li.location_id AND oi.item_distributor_id = li.item_distributor_id
        AND oi.order_id = ANY(${intArray(filters.pastOrderIds)}))`);
  }
  if (filters.shoppingIds.length > 0) {
    conditions.push(sql`EXISTS (SELECT 1 FROM shopping_list_items sli
      WHERE sli.location_id = li.location_id AND sli.item_distributor_id = li.item_distributor_id
        AND sli.shopping_list_id = ANY(${intArray(filters.shoppingIds)}))`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * How a search is matched: `exact`, every word as a prefix in any order (the location-scoped
 * full-text index) or the DIN; `typo`, every word as a prefix or corrected to a word of the
 * location's dictionary within a typo of it (correctedQuerySql, migration 0065), through the same
 * full-text index, asked only when the exact pass finds nothing (withTypoThreshold).
 */
export type SearchPass = 'exact' | 'typo';

/** Whether a search may be corrected: typos are looked for in words, never in numbers (a DIN of another distributor). */
export const canCorrectTypos = (search: string): boolean => /\p{L}/u.test(search);

function searchCondition(search: string, pass: SearchPass): SQL {
  if (pass === 'typo') return sql`(s.location_search_vector @@ (SELECT location_tsq FROM q))`;
  return sql`(s.location_search_vector @@ (SELECT location_tsq FROM q) OR lower(s.din) = lower(btrim(${search}::text)))`;
}

/**
 * `q`: the search as a prefix query (`tsq`, what ranks on search_vector) and the query the pass
 * matches with every word carrying the location (`location_tsq`, what matches on
 * location_search_vector through its index: migration 0055): the prefix query itself, or in the
 * typo pass the corrected one.
 */
function searchQueryCte(ctx: LocationContext, search: string, pass: SearchPass): SQL {
  const matching = pass === 'typo' ? correctedQuerySql(ctx.locationId, search) : sql`t.tsq`;
  return sql`q AS (SELECT t.tsq, location_words(${ctx.locationId}::int, ${matching}) AS location_tsq
    FROM (SELECT ${prefixQuerySql(search)} AS tsq) t)`;
}

/**
 * Runs `read` in a transaction whose pg_trgm word-similarity threshold is TYPO_SIMILARITY, so the
 * typo pass's dictionary lookup (`<%`) can use the words' trigram index (the default, 0.6, would
 * miss one-letter typos).
 */
export async function withTypoThreshold<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await queryRowsPrepared(tx, sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    return read(tx);
  });
}

/** ORDER BY of each sort on the read model; item_distributor_id always breaks ties so pages never overlap. Each has its index. */
function orderBy(ctx: LocationContext, sort: ListSort): SQL {
  const tail = sql`li.name_key, li.item_distributor_id`;
  switch (sort) {
    case 'relevance':
      // The keys relevancePageSql computes: its ranked rows carry them.
      return sql`li.din_hit DESC, li.phrase_hit DESC, li.text_rank DESC, li.likeness DESC, ${tail}`;
    case 'most-purchased':
      return sql`li.purchased_quantity DESC, ${tail}`;
    case 'a-z':
      return tail;
    case 'z-a':
      return sql`li.name_key DESC, li.item_distributor_id`;
    case 'price-low':
      return sql`li.effective_price, ${tail}`;
    case 'price-high':
      return sql`li.effective_price DESC, ${tail}`;
    case 'greatest-savings':
      // With match display off the savings are not shown, so they do not order the list either.
      return ctx.displayMatch ? sql`li.best_savings DESC, ${tail}` : tail;
    case 'custom':
      return sql`li.sort_index ASC NULLS LAST, ${tail}`;
  }
}

/**
 * The number of rows the filters leave, without a search: from the maintained counts when only the
 * Purchased and distributor filters apply, else counted on the read model (shopping lists and past
 * orders name few items).
 */
function filteredCountSql(ctx: LocationContext, filters: FilterOptions): SQL {
  if (filters.shoppingIds.length === 0 && filters.pastOrderIds.length === 0) {
    const column = filters.product === 'PURCHASED' ? sql`purchased` : sql`offers`;
    const distributors =
      filters.distributorIds.length > 0 ? sql`AND distributor_id = ANY(${intArray(filters.distributorIds)})` : sql``;
    return sql`(SELECT coalesce(sum(${column}), 0) FROM location_item_read_counts WHERE location_id = ${ctx.locationId} ${distributors})`;
  }
  return sql`(SELECT count(*) FROM ${READS} WHERE ${filterConditions(ctx, filters)})`;
}

/**
 * The page of the list as `item_distributor_id, ord, total` (the number of rows the filters and the
 * search leave), to feed selectItemRows. Without a search the page is a range of the sort's index on
 * the read model and the total comes from the maintained counts; with one, the matching rows (found
 * through the location's full-text or trigram index) are ranked.
 */
export function listPageSource(
  ctx: LocationContext,
  filters: FilterOptions,
  sort: ListSort,
  limit: number,
  offset: number,
  pass: SearchPass = 'exact',
): SQL {
  const order = orderBy(ctx, sort);
  const where = filterConditions(ctx, filters);
  if (!filters.search) {
    return sql`SELECT li.item_distributor_id, ${offset} + row_number() OVER (ORDER BY ${order}) AS ord,
        ${filteredCountSql(ctx, filters)} AS total
      FROM (SELECT li.* FROM ${READS} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) li
      ORDER BY ord`;
  }
  const matches = sql`${searchQueryCte(ctx, filters.search, pass)},
    m AS MATERIALIZED (SELECT ${MATCH_COLUMNS} FROM ${SEARCHED} WHERE ${where} AND ${searchCondition(filters.search, pass)})`;
  const page =
    sort === 'relevance'
      ? relevancePageSql(filters.search, limit, offset)
      : sql`SELECT li.* FROM m li ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  return sql`WITH ${matches}
    SELECT li.item_distributor_id, ${offset} + row_number() OVER (ORDER BY ${order}) AS ord, (SELECT count(*) FROM m) AS total
    FROM (${page}) li ORDER BY ord`;
}

/**
 * The relevance order's page of the matches `m`: whether the DIN is the search, whether the name
 * holds it as a phrase, the full-text rank, then how alike the name's words are (pg_trgm word
 * similarity against the lower-case name, `name_key`), the name and the id. The first three are
 * computed and sorted for every match; word similarity, the dearest, only for the rows the page needs
 * and those tied with them: the outer sort is incremental on the presorted first three keys. Against
 * the name it costs about 3 µs a row; against the whole search text (name, description, brand, DIN,
 * maker, category: 138 characters on average) it cost 16–20 µs.
 */
function relevancePageSql(search: string, limit: number, offset: number): SQL {
  return sql`SELECT r.*, word_similarity(lower(${search}::text), r.name_key) AS likeness
    FROM (SELECT li.item_distributor_id, li.name_key,
            ${isDinMatchSql(sql`li.din`, search)} AS din_hit,
            ${holdsPhraseSql(sql`li.name_phrase`, searchPhraseSql(search))} AS phrase_hit,
            coalesce(ts_rank(li.search_vector, (SELECT tsq FROM q)), 0) AS text_rank
          FROM m li ORDER BY din_hit DESC, phrase_hit DESC, text_rank DESC) r
    ORDER BY r.din_hit DESC, r.phrase_hit DESC, r.text_rank DESC, likeness DESC, r.name_key, r.item_distributor_id
    LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows the filters and the search (in the given pass) leave. */
export async function countListItems(
  db: Database,
  ctx: LocationContext,
  filters: FilterOptions,
  pass: SearchPass = 'exact',
): Promise<number> {
  const query = filters.search
    ? sql`WITH ${searchQueryCte(ctx, filters.search, pass)}
          SELECT count(*)::int AS count FROM ${SEARCHED} WHERE ${filterConditions(ctx, filters)} AND ${searchCondition(filters.search, pass)}`
    : sql`SELECT ${filteredCountSql(ctx, filters)}::int AS count`;
  const [row] = await queryRowsPrepared<{ count: number }>(db, query);
  return row.count;
}

export interface SuggestionRow {
  itemDistributorId: number;
  name: string;
  brand: string;
  distributor: string;
  packSize: string;
}

/** Search suggestions: the first rows of the relevance order, the typo pass only when the exact one finds nothing. */
export async function selectSuggestions(
  db: Database,
  ctx: LocationContext,
  search: string,
  limit: number,
): Promise<SuggestionRow[]> {
  const filters: FilterOptions = { search, product: 'ALL', distributorIds: [], shoppingIds: [], pastOrderIds: [] };
  // A named statement (two texts, one a pass): planning it cost about as much as running it.
  const read = (tx: Database, pass: SearchPass) =>
    queryRowsPrepared<SuggestionRow>(
      tx,
      sql`WITH page AS (${listPageSource(ctx, filters, 'relevance', limit, 0, pass)})
          SELECT d.id AS "itemDistributorId", i.name, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize"
          FROM page JOIN item_distributors d ON d.id = page.item_distributor_id
          JOIN items i ON i.id = d.item_id JOIN distributors dist ON dist.id = d.distributor_id
          ORDER BY page.ord`,
    );
  const rows = await read(db, 'exact');
  if (rows.length > 0 || !canCorrectTypos(search)) return rows;
  return withTypoThreshold(db, (tx) => read(tx, 'typo'));
}
