/**
 * SQL of the place-order list: the location's items filtered, searched, sorted and paged in
 * PostgreSQL, and the one projection of an item row that the list, the matches and the cart share.
 * Numerics and dates leave the database as text and are parsed by the service (never as floats).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { FilterOptions, ListSort } from '@stockpot/domain';
import {
  effectivePriceSql,
  isDinMatchSql,
  isPhraseMatchSql,
  matchSummaryCtes,
  prefixQuerySql,
  TYPO_SIMILARITY,
} from './item-sql';

/** What every item query of a location needs to know about it. */
export interface LocationContext {
  locationId: number;
  timezone: string;
  /** The location's calendar date, YYYY-MM-DD: the effective-price rule compares end dates with it. */
  today: string;
  displayMatch: boolean;
  displayRebate: boolean;
}

export async function findLocationContext(db: Database, locationId: number): Promise<LocationContext | undefined> {
  const [row] = await queryRows<LocationContext>(
    db,
    sql`SELECT id AS "locationId", timezone, to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today,
               display_match AS "displayMatch", display_rebate AS "displayRebate"
        FROM locations WHERE id = ${locationId}`,
  );
  return row;
}

/** An int[] parameter; ids are validated integers. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** One item row as the projection returns it: list fields as text/int/boolean plus what the rules need. */
export interface ItemRow {
  itemDistributorId: number;
  itemId: number;
  merchantId: number;
  name: string;
  description: string;
  din: string;
  brand: string;
  distributor: string;
  distributorId: number;
  imageUrl: string;
  brandImageUrl: string;
  unitMeasure: string;
  price: string;
  purchasedPrice: string | null;
  unitPrice: string;
  unitQuantity: number;
  unitSize: string;
  uom: string;
  packSize: string;
  packSizeUom: string;
  rebate: string;
  sortIndex: number | null;
  status: 'active' | 'inactive';
  lastPurchasedDate: string | null;
  lastPurchasedQty: number | null;
  lastPurchasedPrice: string | null;
  orderGuideId: number | null;
  endDate: string | null;
  invoiceDate: string | null;
  cartQuantity: number;
  averageWeight: string | null;
  isCatchWeight: boolean;
  isFixedWeight: boolean;
  isPunchedOut: boolean;
  isMarketPrice: boolean;
  isPartner: boolean;
  isPriceOutdated: boolean;
  isUnpurchasable: boolean;
  purchasedQuantity: number;
  isExactSearchMatch: boolean;
  /** Matching, as computed in SQL (null when the item has no match). */
  matchId: number | null;
  matchIsExact: boolean | null;
  bestSavings: number;
  savingItems: number;
  /** Effective price in dollars, text: what price sorts and the cart use. */
  effectivePrice: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  /** With `withTotal`: the number of rows the page was taken from. */
  totalCount: number | null;
}

/**
 * The one projection of location items, in the order of `source`: a query yielding
 * `item_distributor_id` and `ord` for the location, which may read the CTE `loc`
 * (locationRowsCte; with its search columns when `search` is given). Used by the list page, the
 * matches, and the cart lines, so an item reads the same everywhere.
 */
export async function selectItemRows(
  db: Database,
  ctx: LocationContext,
  source: SQL,
  options: { search?: string; withTotal?: boolean } = {},
): Promise<ItemRow[]> {
  const search = options.search ?? '';
  // A location that does not display matches shows no match or savings field (toListItem,
  // toCartLine): its rows skip the summary, which would read the location's offers again.
  const summary = ctx.displayMatch
    ? matchSummaryCtes(ctx.locationId, ctx.today, sql`SELECT item_distributor_id FROM src`, 'ms', 'loc')
    : sql`ms AS (SELECT NULL::int AS id, NULL::int AS match_id, NULL::boolean AS match_is_exact,
                        0 AS best_savings, 0 AS saving_items WHERE false)`;
  return queryRows<ItemRow>(
    db,
    sql`WITH ${locationRowsCte(ctx, search !== '')}, src AS (${source}),
        ${summary}
        SELECT d.id AS "itemDistributorId", d.item_id AS "itemId", li.location_id AS "merchantId",
               i.name, coalesce(nullif(d.description, ''), i.description) AS description, d.din, d.brand,
               dist.nickname AS distributor, d.distributor_id AS "distributorId", d.image_url AS "imageUrl",
               d.brand_image_url AS "brandImageUrl", d.unit_measure AS "unitMeasure",
               li.price::text AS price, li.purchased_price::text AS "purchasedPrice", li.unit_price::text AS "unitPrice",
               d.unit_quantity AS "unitQuantity", d.unit_size::text AS "unitSize", d.pack_size_uom AS uom,
               d.pack_size AS "packSize", d.pack_size_uom AS "packSizeUom", d.rebate::text AS rebate,
               li.sort_index AS "sortIndex", d.status,
               li.last_purchased_date::text AS "lastPurchasedDate", li.last_purchased_qty AS "lastPurchasedQty",
               li.last_purchased_price::text AS "lastPurchasedPrice", li.order_guide_id AS "orderGuideId",
               li.end_date::text AS "endDate", li.invoice_date::text AS "invoiceDate",
               coalesce(ci.quantity, 0) AS "cartQuantity", d.average_weight::text AS "averageWeight",
               d.is_catch_weight AS "isCatchWeight", d.is_fixed_weight AS "isFixedWeight", li.is_punched_out AS "isPunchedOut",
               d.is_market_price AS "isMarketPrice", d.is_partner AS "isPartner", li.is_price_outdated AS "isPriceOutdated",
               d.is_unpurchasable AS "isUnpurchasable", li.purchased_quantity AS "purchasedQuantity",
               ${search ? sql`(${isDinMatchSql(sql`d.din`, search)} OR ${isPhraseMatchSql(sql`i.name`, search)})` : sql`false`} AS "isExactSearchMatch",
               m.match_id AS "matchId", m.match_is_exact AS "matchIsExact",
               coalesce(m.best_savings, 0)::int AS "bestSavings", coalesce(m.saving_items, 0)::int AS "savingItems",
               ${effectivePriceSql('li', ctx.today)}::text AS "effectivePrice",
               i.generic_name AS "genericName", i.manufacturer, i.manufacturer_code AS "manufacturerCode",
               ${options.withTotal ? sql`src.total::int` : sql`NULL::int`} AS "totalCount"
        FROM src
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = src.item_distributor_id
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN cart_items ci ON ci.location_id = li.location_id AND ci.item_distributor_id = li.item_distributor_id
        LEFT JOIN ms m ON m.id = li.item_distributor_id
        ORDER BY src.ord`,
  );
}

const ITEM_JOINS = sql`location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id`;
const NAME_ORDER = sql`lower(li.name) COLLATE "C"`;

/**
 * `loc`: every offer of the location, read once per statement (an offer and an item looked up by
 * key for each), with what the list filters, sorts and searches on and the keys the savings
 * matches pair on. The page's order, the search passes and the match candidates all read it, so a
 * request reads the location's offers once instead of two or three times. Its columns keep the
 * names of location_items (the filters and effectivePriceSql read it as `li`), plus the item's
 * `name`, `generic` and `code` (as matchSummaryCtes compares them), and with `withSearch` the
 * offer's `din`, `search_vector` and `search_text`.
 */
export function locationRowsCte(ctx: LocationContext, withSearch: boolean): SQL {
  return sql`loc AS MATERIALIZED (
    SELECT li.location_id, li.item_distributor_id, li.distributor_id, li.purchased_quantity, li.sort_index,
           li.price, li.purchased_price, li.end_date, li.invoice_date, li.is_price_outdated,
           i.name, lower(btrim(i.generic_name)) AS generic, lower(btrim(i.manufacturer_code)) AS code
           ${withSearch ? sql`, d.din, d.search_vector, d.search_text` : sql``}
    FROM ${ITEM_JOINS} WHERE li.location_id = ${ctx.locationId})`;
}

/** Conditions of the filters modal (doc 1 §3 "Filters"), each scoped to the location. */
function filterConditions(ctx: LocationContext, filters: FilterOptions): SQL {
  const conditions: SQL[] = [sql`li.location_id = ${ctx.locationId}`];
  if (filters.product === 'PURCHASED') conditions.push(sql`li.purchased_quantity > 0`);
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
 * CTEs ending in `matched(item_distributor_id)`, read from `loc` (locationRowsCte, with its search
 * columns when searching): the filtered rows, and with a search only those
 * that match it — every word as a prefix in any order, or the DIN — or, only when nothing matches
 * that way, the rows within a typo of the search (pg_trgm word similarity). The typo pass reads the
 * location's rows rather than the trigram index: a location's list is small next to the catalogue
 * (at 1M offers, `'chiken' <% search_text` finds 61k offers through the index in 3.9 s, where the
 * location's 3,000 rows take 150 ms).
 */
function matchedCtes(ctx: LocationContext, filters: FilterOptions): SQL {
  const where = filterConditions(ctx, filters);
  if (!filters.search) return sql`matched AS (SELECT li.item_distributor_id FROM loc li WHERE ${where})`;
  const search = filters.search;
  // Typos are looked for in words only: a number that matches nothing (a DIN of another
  // distributor, say) is not corrected into lookalike numbers.
  const typoCondition = /\p{L}/u.test(search)
    ? sql`word_similarity(lower(${search}::text), li.search_text) >= ${TYPO_SIMILARITY}`
    : sql`false`;
  // Both passes read the location's rows (`loc`), never the catalogue: a location lists a few
  // thousand offers, the catalogue a million, and a common word ("chicken") or any trigram test
  // matches too much of the catalogue for its indexes to pay off.
  const offer = (condition: SQL) => sql`SELECT li.item_distributor_id FROM loc li WHERE ${where} AND ${condition}`;
  return sql`q AS (SELECT ${prefixQuerySql(search)} AS tsq),
    hits AS (${offer(sql`(li.search_vector @@ (SELECT tsq FROM q) OR ${isDinMatchSql(sql`li.din`, search)})`)}),
    typos AS (SELECT * FROM (${offer(typoCondition)}) t WHERE NOT EXISTS (SELECT 1 FROM hits)),
    matched AS (SELECT item_distributor_id FROM hits UNION ALL SELECT item_distributor_id FROM typos)`;
}

/** ORDER BY of each sort; item_distributor_id always breaks ties so pages never overlap. */
function orderBy(ctx: LocationContext, sort: ListSort, search: string): SQL {
  const tail = sql`${NAME_ORDER}, li.item_distributor_id`;
  switch (sort) {
    case 'relevance':
      return sql`${isDinMatchSql(sql`li.din`, search)} DESC, ${isPhraseMatchSql(sql`li.name`, search)} DESC,
        coalesce(ts_rank(li.search_vector, (SELECT tsq FROM q)), 0) DESC,
        word_similarity(lower(${search}::text), li.search_text) DESC, ${tail}`;
    case 'most-purchased':
      return sql`li.purchased_quantity DESC, ${tail}`;
    case 'a-z':
      return tail;
    case 'z-a':
      return sql`${NAME_ORDER} DESC, li.item_distributor_id`;
    case 'price-low':
      return sql`${effectivePriceSql('li', ctx.today)}, ${tail}`;
    case 'price-high':
      return sql`${effectivePriceSql('li', ctx.today)} DESC, ${tail}`;
    case 'greatest-savings':
      // Sorted on the match summary in listPageSource. With match display off the savings are not
      // shown, so they do not order the list either.
      return tail;
    case 'custom':
      return sql`li.sort_index ASC NULLS LAST, ${tail}`;
  }
}

/**
 * The page of the list as `item_distributor_id, ord, total` (the count of all filtered rows, taken
 * while sorting them anyway), to feed selectItemRows. Reads the CTE `loc` (locationRowsCte, with
 * its search columns when `filters.search` is set), which the caller defines.
 */
export function listPageSource(ctx: LocationContext, filters: FilterOptions, sort: ListSort, limit: number, offset: number): SQL {
  const order = orderBy(ctx, sort, filters.search);
  if (sort === 'greatest-savings' && ctx.displayMatch) {
    // The summary already holds every filtered row with its name key: sort it without joining back.
    const savingsOrder = sql`ms.best_savings DESC, ms.name_key, ms.id`;
    return sql`WITH ${matchedCtes(ctx, filters)},
      ${matchSummaryCtes(ctx.locationId, ctx.today, sql`SELECT item_distributor_id FROM matched`, 'ms', 'loc')}
      SELECT ms.id AS item_distributor_id, row_number() OVER (ORDER BY ${savingsOrder}) AS ord, count(*) OVER () AS total
      FROM ms ORDER BY ${savingsOrder} LIMIT ${limit} OFFSET ${offset}`;
  }
  if (!filters.search) {
    // No search: the filtered rows are read once, straight from the location's rows.
    return sql`SELECT li.item_distributor_id, row_number() OVER (ORDER BY ${order}) AS ord, count(*) OVER () AS total
      FROM loc li WHERE ${filterConditions(ctx, filters)}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
  }
  return sql`WITH ${matchedCtes(ctx, filters)}
    SELECT li.item_distributor_id, row_number() OVER (ORDER BY ${order}) AS ord, count(*) OVER () AS total
    FROM matched
    JOIN loc li ON li.item_distributor_id = matched.item_distributor_id
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
}

export async function countListItems(db: Database, ctx: LocationContext, filters: FilterOptions): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`WITH ${locationRowsCte(ctx, filters.search !== '')}, ${matchedCtes(ctx, filters)} SELECT count(*)::int AS count FROM matched`,
  );
  return row.count;
}

export interface SuggestionRow {
  itemDistributorId: number;
  name: string;
  brand: string;
  distributor: string;
  packSize: string;
}

/** Search suggestions: the first rows of the relevance order. */
export async function selectSuggestions(
  db: Database,
  ctx: LocationContext,
  search: string,
  limit: number,
): Promise<SuggestionRow[]> {
  const filters: FilterOptions = { search, product: 'ALL', distributorIds: [], shoppingIds: [], pastOrderIds: [] };
  return queryRows<SuggestionRow>(
    db,
    sql`WITH ${locationRowsCte(ctx, search !== '')}, page AS (${listPageSource(ctx, filters, 'relevance', limit, 0)})
        SELECT d.id AS "itemDistributorId", i.name, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize"
        FROM page JOIN item_distributors d ON d.id = page.item_distributor_id
        JOIN items i ON i.id = d.item_id JOIN distributors dist ON dist.id = d.distributor_id
        ORDER BY page.ord`,
  );
}

/** Source for the matches of one item: the item itself (ord 0) and its candidates, minus rejected pairs. */
export function matchCandidatesSource(ctx: LocationContext, itemDistributorId: number): SQL {
  return sql`SELECT cl.item_distributor_id, CASE WHEN cl.item_distributor_id = ${itemDistributorId} THEN 0 ELSE 1 END AS ord
    FROM location_items li
    JOIN item_distributors d ON d.id = li.item_distributor_id
    JOIN items i ON i.id = d.item_id
    JOIN items ci ON lower(btrim(ci.generic_name)) = lower(btrim(i.generic_name))
                  OR (i.manufacturer_code <> '' AND lower(btrim(ci.manufacturer_code)) = lower(btrim(i.manufacturer_code)))
    JOIN item_distributors cd ON cd.item_id = ci.id
    JOIN location_items cl ON cl.location_id = li.location_id AND cl.item_distributor_id = cd.id
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ${itemDistributorId}
      AND (cd.id = d.id OR (NOT cd.is_market_price AND NOT cd.is_unpurchasable AND cd.status = 'active' AND NOT cl.is_punched_out
           AND NOT EXISTS (SELECT 1 FROM item_swaps rej WHERE rej.location_id = li.location_id AND rej.type = 'reject'
                           AND rej.old_item_distributor_id = d.id AND rej.new_item_distributor_id = cd.id)))`;
}

export interface LastPurchasedRow {
  itemDistributorId: number;
  name: string;
  brand: string;
  distributor: string;
  packSize: string;
  purchasedPrice: string;
  savingsItemDistributorId: number;
  savingsSavings: number;
  savingsName: string;
  savingsDescription: string;
  savingsUnitMeasure: string;
  savingsBrand: string;
  savingsPrice: string;
  savingsPackSize: string;
  savingsDistributorId: number;
  totalCount: number;
}

/** Match summaries (`ms`) of the location's purchased items. */
const purchasedMatches = (ctx: LocationContext): SQL =>
  matchSummaryCtes(
    ctx.locationId,
    ctx.today,
    sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${ctx.locationId} AND purchased_quantity > 0`,
    'ms',
  );

/** Purchased items that have a cheaper match, largest savings first, with that match. */
export async function selectLastPurchased(
  db: Database,
  ctx: LocationContext,
  limit: number,
  offset: number,
): Promise<LastPurchasedRow[]> {
  return queryRows<LastPurchasedRow>(
    db,
    sql`WITH ${purchasedMatches(ctx)},
        c AS (
          SELECT ms.id AS item_distributor_id, ms.name_key, ms.best_savings, ms.best_saving_id, count(*) OVER () AS total
          FROM ms WHERE ms.best_savings > 0
          ORDER BY ms.best_savings DESC, ms.name_key, ms.id
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT c.item_distributor_id AS "itemDistributorId", i.name, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize",
               coalesce(li.last_purchased_price, li.price)::text AS "purchasedPrice",
               sd.id AS "savingsItemDistributorId", c.best_savings::int AS "savingsSavings", si.name AS "savingsName",
               coalesce(nullif(sd.description, ''), si.description) AS "savingsDescription", sd.unit_measure AS "savingsUnitMeasure",
               sd.brand AS "savingsBrand", ${effectivePriceSql('sl', ctx.today)}::text AS "savingsPrice",
               sd.pack_size AS "savingsPackSize", sd.distributor_id AS "savingsDistributorId",
               c.total::int AS "totalCount"
        FROM c
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = c.item_distributor_id
        JOIN item_distributors d ON d.id = c.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        JOIN item_distributors sd ON sd.id = c.best_saving_id
        JOIN items si ON si.id = sd.item_id
        JOIN location_items sl ON sl.location_id = ${ctx.locationId} AND sl.item_distributor_id = sd.id
        ORDER BY c.best_savings DESC, c.name_key, c.item_distributor_id`,
  );
}

export async function countLastPurchased(db: Database, ctx: LocationContext): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`WITH ${purchasedMatches(ctx)} SELECT count(*)::int AS count FROM ms WHERE best_savings > 0`,
  );
  return row.count;
}

/** Sort indexes of the given items of the location (absent ids are not the location's). */
export async function findSortIndexes(db: Database, locationId: number, ids: number[]): Promise<Map<number, number | null>> {
  const rows = await queryRows<{ id: number; sort_index: number | null }>(
    db,
    sql`SELECT item_distributor_id AS id, sort_index FROM location_items
        WHERE location_id = ${locationId} AND item_distributor_id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row.sort_index]));
}

/** Serialises custom-order changes of one location without blocking its other writers (FK checks take KEY SHARE). */
export async function lockCustomOrder(db: Database, locationId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM locations WHERE id = ${locationId} FOR NO KEY UPDATE`);
}

export async function hasUnindexedItems(db: Database, locationId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM location_items WHERE location_id = ${locationId} AND sort_index IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

/** The source of one item of the location, for GET /items/{id}. */
export function singleItemSource(ctx: LocationContext, itemDistributorId: number): SQL {
  return sql`SELECT li.item_distributor_id, 0 AS ord FROM location_items li
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ${itemDistributorId}`;
}

export interface ItemAnalyticsRow {
  orderCount: number;
  totalQuantity: number;
  totalSpent: string;
  firstOrderedDate: string | null;
  lastOrderedDate: string | null;
}

/** The location's orders of one item (cancelled ones left out), with dates in the location's time zone. */
export async function selectItemAnalytics(
  db: Database,
  ctx: LocationContext,
  itemDistributorId: number,
): Promise<ItemAnalyticsRow> {
  const [row] = await queryRows<ItemAnalyticsRow>(
    db,
    sql`SELECT count(DISTINCT o.id)::int AS "orderCount", coalesce(sum(oi.quantity), 0)::int AS "totalQuantity",
               coalesce(sum(oi.quantity * oi.price), 0)::numeric(14, 2)::text AS "totalSpent",
               min((o.created_at AT TIME ZONE ${ctx.timezone})::date)::text AS "firstOrderedDate",
               max((o.created_at AT TIME ZONE ${ctx.timezone})::date)::text AS "lastOrderedDate"
        FROM order_items oi
        JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
        WHERE oi.location_id = ${ctx.locationId} AND oi.item_distributor_id = ${itemDistributorId} AND o.status <> 'cancelled'`,
  );
  return row;
}
