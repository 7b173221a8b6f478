/**
 * SQL fragments that put the domain's item rules into queries, so the place-order list can filter,
 * sort and page a location's catalogue inside PostgreSQL. Each fragment mirrors one domain rule and
 * is tested against it on the demo data (apps/api catalog-matching.test.ts). This is the one place
 * the effective price of doc 1 §4 is written for SQL: the read model, the item projection, the cart
 * lines and the savings rows all select it from here.
 *  - effective price:  price.rules getEffectivePrice
 *  - pack sizes:       pack-size.rules parsePackSize (same units, exact numerics)
 *  - case price:       match.rules getMatchCasePrice
 *  - matching:         match.rules findMatch / findMatches ordering (matchSummaryCtes)
 *  - equivalence:      equivalence.rules parseProductName / areEquivalentProducts (productNameLateral)
 * Table aliases are passed in as plain identifiers chosen by the caller (never user input).
 * `OFFSET 0` keeps the planner from inlining a computed lateral into every place that uses its
 * columns, which would repeat the computation dozens of times per row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GRAMS_PER_LB, NAME_SIZE_PATTERN, PACK_UNITS, SIZE_TOLERANCE_PERCENT, UOM_ALIASES, type Ratio } from '@stockpot/domain';
import { toExactDecimal } from './exact-decimal';

const col = (alias: string, column: string): SQL => sql.raw(`${alias}.${column}`);
const literal = (text: string): SQL => sql.raw(`'${text.replace(/'/g, "''")}'`);

const GRAMS_PER_LB_SQL = sql.raw(toExactDecimal(GRAMS_PER_LB));

/** normaliseUom in SQL: upper case, no dots, single spaces, trimmed, aliases resolved. */
function normaliseUomSql(raw: SQL): SQL {
  const cleaned = sql`upper(btrim(regexp_replace(replace(${raw}, '.', ''), '\\s+', ' ', 'g')))`;
  const aliases = Object.entries(UOM_ALIASES).map(([from, to]) => sql`WHEN ${literal(from)} THEN ${literal(to)}`);
  return sql`(CASE ${cleaned} ${sql.join(aliases, sql` `)} ELSE ${cleaned} END)`;
}

function unitCase(uom: SQL, pick: (family: string, toBase: Ratio) => SQL): SQL {
  const branches = Object.entries(PACK_UNITS).map(
    ([name, unit]) => sql`WHEN ${literal(name)} THEN ${pick(unit.family, unit.toBase)}`,
  );
  return sql`(CASE ${uom} ${sql.join(branches, sql` `)} END)`;
}

/**
 * The pack of `<d>` as parsePackSize reads it, from the columns the pack text was parsed into
 * (unit_quantity, unit_size, pack_size_uom; the catalogue tests hold them to the text):
 * `pack_key`, what must be equal to compare two packs, and `pack_base`, the case's content in
 * grams, millilitres, pieces or containers, exact. Nulls where parsePackSize gives null. Reading
 * the columns instead of parsing the text keeps this cheap enough to run for a whole catalogue.
 */
function packColumns(d: string): { key: SQL; base: SQL } {
  const uom = normaliseUomSql(col(d, 'pack_size_uom'));
  const quantity = col(d, 'unit_quantity');
  const size = col(d, 'unit_size');
  const isContainer = sql`left(${col(d, 'pack_size_uom')}, 1) = '#'`;
  const family = unitCase(uom, (f) => literal(f));
  const factor = unitCase(uom, (_f, toBase) => sql.raw(toExactDecimal(toBase)));
  // "6/#10 CN" is six containers: the inner figure names the can, it is not a measure.
  return {
    key: sql`(CASE WHEN ${quantity} <= 0 THEN NULL
                   WHEN ${isContainer} THEN 'container:' || upper(${col(d, 'pack_size_uom')})
                   WHEN ${size} <= 0 THEN NULL
                   ELSE ${family} END)`,
    base: sql`(CASE WHEN ${quantity} <= 0 THEN NULL
                    WHEN ${isContainer} THEN ${quantity}::numeric
                    WHEN ${size} <= 0 THEN NULL
                    ELSE ${quantity} * ${size} * ${factor} END)`,
  };
}

/**
 * getSaleContent in SQL for the offer `<d>`: `key`, what two prices must share to be compared, and
 * `base`, the base units (g, ml, pieces, containers) one unit of sale holds — a case its pack, a
 * pound its grams, an each one piece of a count pack. Null where getSaleContent gives null. The
 * factors come from the domain's one conversion table (through PACK_UNITS), never written here.
 */
export function saleContentColumns(d: string): { key: SQL; base: SQL } {
  const pack = packColumns(d);
  const measure = col(d, 'unit_measure');
  return {
    key: sql`(CASE ${measure} WHEN 'CS' THEN ${pack.key}
                   WHEN 'LB' THEN CASE WHEN ${pack.key} = 'weight' THEN 'weight' END
                   WHEN 'EA' THEN CASE WHEN ${pack.key} = 'count' OR ${pack.key} LIKE 'container:%' THEN ${pack.key} END END)`,
    base: sql`(CASE ${measure} WHEN 'CS' THEN ${pack.base}
                    WHEN 'LB' THEN CASE WHEN ${pack.key} = 'weight' THEN ${GRAMS_PER_LB_SQL} END
                    WHEN 'EA' THEN CASE WHEN ${pack.key} = 'count' OR ${pack.key} LIKE 'container:%' THEN 1::numeric END END)`,
  };
}

/**
 * The effective price in dollars (numeric) of a location item (doc 1 §4, getEffectivePrice): the
 * guide price while its end date is ahead; once it has passed, or an invoice made it outdated, the
 * invoice price when there is one above 0; otherwise the guide price. `today` is the location's date.
 */
export function effectivePriceSql(li: string, today: string | SQL): SQL {
  const day = typeof today === 'string' ? sql`${today}::date` : today;
  return sql`(CASE WHEN ${col(li, 'end_date')} > ${day} THEN ${col(li, 'price')}
    WHEN (${col(li, 'end_date')} < ${day} OR ${col(li, 'is_price_outdated')})
         AND ${col(li, 'invoice_date')} IS NOT NULL AND ${col(li, 'purchased_price')} > 0 THEN ${col(li, 'purchased_price')}
    ELSE ${col(li, 'price')} END)`;
}

/**
 * LEFT JOIN LATERAL `<as>` with, for the item `<d>` of location row `<li>`: eff_price (dollars),
 * pack_key, pack_base, and match_price — the case price in cents matching compares
 * (getMatchCasePrice: catch weight is per pound × nominal pack weight, rounded half up).
 */
export function itemCalcLateral(li: string, d: string, as: string, today: string | SQL): SQL {
  const p = sql.raw(`${as}_p`);
  const pack = packColumns(d);
  return sql`LEFT JOIN LATERAL (
    SELECT ${p}.eff_price, ${p}.pack_key, ${p}.pack_base,
      CASE WHEN ${col(d, 'unit_measure')} = 'CS' THEN ${p}.eff_price * 100
           WHEN ${col(d, 'unit_measure')} = 'LB' AND ${p}.pack_key = 'weight'
             THEN div(2 * ${p}.eff_price * 100 * ${p}.pack_base + ${GRAMS_PER_LB_SQL}, 2 * ${GRAMS_PER_LB_SQL})
      END AS match_price
    FROM (SELECT ${effectivePriceSql(li, today)} AS eff_price, ${pack.key} AS pack_key, ${pack.base} AS pack_base OFFSET 0) ${p}
  ) ${sql.raw(as)} ON true`;
}

/**
 * CROSS JOIN LATERAL `<as>` with the item name of `<i>` as parseProductName reads it: name_stem (the
 * normalised name without a trailing measured size), size_family and size_base (grams or
 * millilitres, exact), both null when the name has no measured size. The pattern is the domain's
 * own text, which PostgreSQL's regular expressions read as JavaScript does (leftmost match).
 */
export function productNameLateral(i: string, as: string): SQL {
  const n = sql.raw(`${as}_n`);
  const pattern = literal(NAME_SIZE_PATTERN);
  const uom = normaliseUomSql(sql`${n}.m[2]`);
  return sql`CROSS JOIN LATERAL (
    SELECT btrim(regexp_replace(${n}.norm, ${pattern}, '')) AS name_stem,
           ${unitCase(uom, (f) => literal(f))} AS size_family,
           ${n}.m[1]::numeric * ${unitCase(uom, (_f, toBase) => sql.raw(toExactDecimal(toBase)))} AS size_base
    FROM (SELECT r.norm, regexp_match(r.norm, ${pattern}) AS m
          FROM (SELECT lower(btrim(regexp_replace(${col(i, 'name')}, '\\s+', ' ', 'g'))) AS norm) r OFFSET 0) ${n}
  ) ${sql.raw(as)}`;
}

/**
 * CTEs ending in `<name>(id, name_key, match_id, match_is_exact, best_savings, saving_items,
 * best_saving_id)`, one row per location item listed by `targets` (a query of item_distributor_id):
 * its savings matches as findMatches finds them among the location's orderable items of the same
 * generic product or manufacturer code, minus pairs the location rejected. Per item: the top match
 * (exact matches first, then largest savings, then lowest id), the largest savings per case above 0
 * (else 0), how many matches save money, and the one saving most; name_key is the list's name order.
 * Each row's price and pack are computed once (materialised) and pairs come from two equality joins,
 * so the cost grows with the rows involved, not with their product.
 */
export function matchSummaryCtes(locationId: number, today: string | SQL, targets: SQL, name: string): SQL {
  const a = sql.raw(`${name}_a`);
  const c = sql.raw(`${name}_c`);
  const found = sql.raw(`${name}_m`);
  const rowColumns = sql`li.item_distributor_id AS id, d.distributor_id AS distributor_id,
      lower(btrim(i.generic_name)) AS generic, lower(btrim(i.manufacturer)) AS manufacturer,
      lower(btrim(i.manufacturer_code)) AS code, i.manufacturer_code <> '' AS has_code, lower(btrim(d.pack_size)) AS pack,
      x.pack_key, x.pack_base, x.match_price, pn.name_stem, pn.size_family, pn.size_base`;
  const rowJoins = sql`location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
      ${itemCalcLateral('li', 'd', 'x', today)} ${productNameLateral('i', 'pn')}`;
  // The candidates are read from the location's rows, each offer and item looked up by its key
  // (LATERAL … OFFSET 0 forbids the planner to scan and hash the whole catalogue instead): the
  // location lists a few thousand offers, the catalogue a million.
  const candidateJoins = sql`location_items li
      CROSS JOIN LATERAL (SELECT * FROM item_distributors d0 WHERE d0.id = li.item_distributor_id OFFSET 0) d
      CROSS JOIN LATERAL (SELECT * FROM items i0 WHERE i0.id = d.item_id OFFSET 0) i
      ${itemCalcLateral('li', 'd', 'x', today)} ${productNameLateral('i', 'pn')}`;
  const pair = (join: SQL, where: SQL) => sql`
      SELECT t.id, k.id AS match_id,
             (t.has_code AND k.manufacturer = t.manufacturer AND k.code = t.code
               AND k.distributor_id <> t.distributor_id AND k.pack = t.pack) AS is_exact,
             k.generic = t.generic AND k.name_stem = t.name_stem
               AND ((k.size_family IS NULL AND t.size_family IS NULL)
                    OR (k.size_family = t.size_family AND abs(k.size_base - t.size_base) * 100 <= ${sql.raw(String(SIZE_TOLERANCE_PERCENT))} * t.size_base))
               AND k.match_price * t.pack_base < t.match_price * k.pack_base AS is_cheaper_same_product,
             t.match_price - div(2 * k.match_price * t.pack_base + k.pack_base, 2 * k.pack_base) AS savings
      FROM ${a} t JOIN ${c} k ON ${join}
      WHERE ${where} AND t.can_match AND k.id <> t.id AND k.pack_key = t.pack_key
        AND NOT EXISTS (SELECT 1 FROM item_swaps rej
                        WHERE rej.location_id = ${locationId} AND rej.type = 'reject'
                          AND rej.old_item_distributor_id = t.id AND rej.new_item_distributor_id = k.id)`;
  return sql`${a} AS MATERIALIZED (
      SELECT ${rowColumns}, lower(i.name) COLLATE "C" AS name_key,
             (NOT d.is_market_price AND x.match_price > 0 AND x.pack_key IS NOT NULL) AS can_match
      FROM ${rowJoins}
      WHERE li.location_id = ${locationId} AND li.item_distributor_id IN (${targets})),
    ${c} AS MATERIALIZED (
      SELECT ${rowColumns} FROM ${candidateJoins}
      WHERE li.location_id = ${locationId}
        AND (lower(btrim(i.generic_name)) IN (SELECT generic FROM ${a} WHERE can_match)
             OR lower(btrim(i.manufacturer_code)) IN (SELECT code FROM ${a} WHERE can_match AND has_code))
        AND NOT d.is_market_price AND NOT d.is_unpurchasable AND d.status = 'active' AND NOT li.is_punched_out
        AND x.match_price > 0 AND x.pack_key IS NOT NULL),
    ${found} AS (
      ${pair(sql`k.generic = t.generic`, sql`true`)}
      UNION
      ${pair(sql`k.code = t.code`, sql`t.has_code`)}),
    ${sql.raw(name)} AS (
      SELECT t.id, t.name_key,
             (array_agg(m.match_id ORDER BY m.is_exact DESC, m.savings DESC, m.match_id) FILTER (WHERE m.match_id IS NOT NULL))[1] AS match_id,
             (array_agg(m.is_exact ORDER BY m.is_exact DESC, m.savings DESC, m.match_id) FILTER (WHERE m.match_id IS NOT NULL))[1] AS match_is_exact,
             coalesce(max(m.savings) FILTER (WHERE m.savings > 0), 0) AS best_savings,
             count(*) FILTER (WHERE m.savings > 0) AS saving_items,
             (array_agg(m.match_id ORDER BY m.savings DESC, m.match_id) FILTER (WHERE m.savings > 0))[1] AS best_saving_id
      FROM ${a} t
      LEFT JOIN ${found} m ON m.id = t.id AND (m.is_exact OR m.is_cheaper_same_product)
      GROUP BY t.id, t.name_key)`;
}

/**
 * The search as a prefix query in any word order: every lexeme the 'simple' configuration finds in
 * the text becomes `'lexeme':*`, joined with &. Lexemes are quoted, so no input can break the query
 * syntax; a search without lexemes gives NULL (matches nothing).
 */
export function prefixQuerySql(search: string): SQL {
  return sql`(SELECT to_tsquery('simple', string_agg(${quotedLexemeSql(sql`t.lexeme`)} || ':*', ' & '))
              FROM unnest(to_tsvector('simple', ${search})) t)`;
}

/** A lexeme quoted for to_tsquery: backslashes and quotes escaped, so no text can break the query's syntax. */
export const quotedLexemeSql = (lexeme: SQL): SQL =>
  sql`('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')`;

/**
 * Lower case, every run of non-alphanumerics one space: how whole-phrase matching compares text.
 * The read model stores the name so (location_item_reads.name_phrase, migration 0061).
 */
export const phraseSql = (text: SQL): SQL => sql`btrim(regexp_replace(lower(${text}), '[^[:alnum:]]+', ' ', 'g'))`;

/** Whether a phraseSql text holds another as a whole phrase (both already in phraseSql's form). */
export function holdsPhraseSql(textPhrase: SQL, phrase: SQL): SQL {
  return sql`(${phrase} <> '' AND strpos(' ' || ${textPhrase} || ' ', ' ' || ${phrase} || ' ') > 0)`;
}

/**
 * The search in phraseSql's form as a sub-select: PostgreSQL computes it once per statement, where an
 * expression of the search in a row's comparison is computed again for every row.
 */
export const searchPhraseSql = (search: string): SQL => sql`(SELECT ${phraseSql(sql`${search}::text`)})`;

/** Whether the name holds the search as a whole phrase: "ground beef" in "Ground Beef 80/20", not in "Ground Beefsteak". */
export function isPhraseMatchSql(name: SQL, search: string): SQL {
  return holdsPhraseSql(phraseSql(name), searchPhraseSql(search));
}

/** The DIN equals the search, ignoring case and surrounding spaces (the search's side computed once per statement). */
export function isDinMatchSql(din: SQL, search: string): SQL {
  return sql`(lower(${din}) = (SELECT lower(btrim(${search}::text))))`;
}

/**
 * Below this pg_trgm word similarity a typo is too far from every word of an item. 0.4 lets one
 * wrong, missing or extra letter through ("chiken" → chicken, "brocoli" → broccoli) and keeps
 * unrelated short words out.
 */
export const TYPO_SIMILARITY = 0.4;
