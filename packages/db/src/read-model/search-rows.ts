/**
 * The read model's search columns (migration 0063, location_item_searches): per location and offer,
 * the offer's DIN, search text and words, apart from the rows a purchase, a price or a savings match
 * rewrites, so that those writes never go through the search's GIN indexes. Kept by the read model's
 * refresh, in its transaction, for the same offers, with the location's dictionary of their words
 * (migration 0065, location_search_words).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { quotedLexemeSql } from './item-sql';

/**
 * The search rows of the location's offers listed by `targets` (a query of item_distributor_id),
 * computed from the source tables: what the refresh writes and the property test compares with.
 */
export function searchRowsSql(locationId: number, targets: SQL): SQL {
  return sql`SELECT li.location_id, li.item_distributor_id, d.din, d.search_text, d.search_vector
    FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
    WHERE li.location_id = ${locationId} AND li.item_distributor_id IN (${targets})`;
}

/**
 * Brings the location's search rows of `targets` (every offer of the location when absent) in line
 * with its offers: removes those of offers it no longer lists and writes only the rows whose text
 * changed, so a rewrite of the read model (a whole order guide applied, the savings peers of an
 * edited offer) leaves the GIN indexes alone where nothing searchable moved.
 */
export async function syncLocationSearches(db: Database, locationId: number, targets?: SQL): Promise<void> {
  const scope = targets ? sql`AND s.item_distributor_id IN (${targets})` : sql``;
  await db.execute(sql`DELETE FROM location_item_searches s WHERE s.location_id = ${locationId} ${scope}
    AND NOT EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = s.location_id AND li.item_distributor_id = s.item_distributor_id)`);
  const rows = searchRowsSql(
    locationId,
    targets ?? sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${locationId}`,
  );
  // The rows written (new or changed text) add their words to the location's dictionary, which the
  // typo pass corrects against (migration 0065); a row left as it was returns nothing.
  await db.execute(sql`WITH written AS (
      INSERT INTO location_item_searches AS s (location_id, item_distributor_id, din, search_text, search_vector)
      ${rows}
      ON CONFLICT (location_id, item_distributor_id) DO UPDATE
        SET din = EXCLUDED.din, search_text = EXCLUDED.search_text, search_vector = EXCLUDED.search_vector
        WHERE (s.din, s.search_text, s.search_vector) IS DISTINCT FROM (EXCLUDED.din, EXCLUDED.search_text, EXCLUDED.search_vector)
      RETURNING s.search_vector)
    INSERT INTO location_search_words (location_id, word)
      SELECT DISTINCT ${locationId}::int, w.word FROM written, unnest(tsvector_to_array(written.search_vector)) AS w(word)
      WHERE ${isDictionaryWordSql(sql`w.word`)}
    ON CONFLICT DO NOTHING`);
}

/** Which words of a search vector the typo dictionary keeps: those with a letter (typos are never corrected in numbers). */
export const isDictionaryWordSql = (word: SQL): SQL => sql`${word} ~ '[[:alpha:]]'`;

/** At most this many dictionary words stand for one typed word (the likest first): a bound for one- or two-letter words. */
export const TYPO_CORRECTIONS_PER_WORD = 100;

/**
 * Below this pg_trgm similarity of the two whole words a dictionary word is no correction, however
 * much of it the typed word matches: "bacn" is within a typo of "bacon" (0.375) but not of "basil"
 * (0.22), which word similarity alone (0.4 for any word beginning "ba") would have let in.
 */
export const TYPO_WORD_SIMILARITY = 0.3;

/**
 * The typo pass's query (a search no word of which matched as typed): every word of the search
 * becomes itself as a prefix or any of the location's dictionary words it is within a typo of
 * (pg_trgm word similarity at the transaction's threshold, TYPO_SIMILARITY, and the whole words'
 * similarity at least TYPO_WORD_SIMILARITY), and every word must match, as in the exact pass: the
 * pass forgives a misspelt word, not a missing one. Words without a letter are never corrected.
 * NULL without words.
 */
export function correctedQuerySql(locationId: number, search: string): SQL {
  const corrections = sql`(SELECT string_agg(' | ' || ${quotedLexemeSql(sql`c.word`)}, '')
    FROM (SELECT w.word FROM location_search_words w
          WHERE w.location_id = ${locationId} AND ${isDictionaryWordSql(sql`t.lexeme`)} AND t.lexeme <% w.word
            AND similarity(t.lexeme, w.word) >= ${TYPO_WORD_SIMILARITY}
          ORDER BY word_similarity(t.lexeme, w.word) DESC, w.word LIMIT ${TYPO_CORRECTIONS_PER_WORD}) c)`;
  return sql`(SELECT to_tsquery('simple', string_agg('(' || ${quotedLexemeSql(sql`t.lexeme`)} || ':*' || coalesce(${corrections}, '') || ')', ' & '))
    FROM unnest(to_tsvector('simple', ${search})) t)`;
}
