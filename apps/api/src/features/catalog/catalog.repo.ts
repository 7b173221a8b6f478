/**
 * SQL of the place-order list: the location's items filtered, searched, sorted and paged in
 * PostgreSQL, and the one projection of an item row that the list, the matches and the cart share.
 * Numerics and dates leave the database as text and are parsed by the service (never as floats).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  effectivePriceSql,
  isDinMatchSql,
  isPhraseMatchSql,
  prefixQuerySql,
  queryRows,
  queryRowsPrepared,
  readModelStaleSql,
  TYPO_SIMILARITY,
  type Database,
} from '@stockpot/db';
import type { FilterOptions, ListSort } from '@stockpot/domain';

/** What every item query of a location needs to know about it. */
export interface LocationContext {
  locationId: number;
  timezone: string;
  /** The location's calendar date, YYYY-MM-DD: the effective-price rule compares end dates with it. */
  today: string;
  displayMatch: boolean;
  displayRebate: boolean;
}

/** The location's context, and whether its read model must be refreshed before it is read. */
export async function findLocationContext(
  db: Database,
  locationId: number,
): Promise<(LocationContext & { readModelStale: boolean }) | undefined> {
  const [row] = await queryRowsPrepared<LocationContext & { readModelStale: boolean }>(
    db,
    sql`SELECT l.id AS "locationId", l.timezone, to_char(t.today, 'YYYY-MM-DD') AS today,
               l.display_match AS "displayMatch", l.display_rebate AS "displayRebate",
               ${readModelStaleSql(sql`l.id`, sql`t.today`)} AS "readModelStale"
        FROM locations l CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.timezone)::date AS today) t
        WHERE l.id = ${locationId}`,
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
  /** Linked in a generic group of the location's inventory view (doc 2), so the list offers its linked items. */
  belongsToGroup: boolean;
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
 * `item_distributor_id` and `ord` for the location (and `total` with `withTotal`). Used by the list
 * page, the matches, the cart and the shopping lists, so an item reads the same everywhere. The
 * effective price and the savings match come from the read model (location_item_reads), which
 * getLocationContext has brought up to date.
 */
export async function selectItemRows(
  db: Database,
  ctx: LocationContext,
  source: SQL,
  options: { search?: string; withTotal?: boolean } = {},
): Promise<ItemRow[]> {
  return queryRowsPrepared<ItemRow>(db, itemRowsSql(ctx, source, options));
}

/**
 * selectItemRows' statement, for a statement that answers items with what it wrote (the cart save);
 * `today` may be SQL when that statement works out the location's date itself.
 */
export function itemRowsSql(
  ctx: Pick<LocationContext, 'locationId'> & { today: string | SQL },
  source: SQL,
  options: { search?: string; withTotal?: boolean } = {},
): SQL {
  const search = options.search ?? '';
  return sql`WITH src AS (${source})
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
               EXISTS (SELECT 1 FROM inventory_group_items gi WHERE gi.location_id = li.location_id
                       AND gi.item_distributor_id = li.item_distributor_id AND gi.kind = 'item') AS "belongsToGroup",
               r.match_id AS "matchId", r.match_is_exact AS "matchIsExact",
               coalesce(r.best_savings, 0) AS "bestSavings", coalesce(r.saving_items, 0) AS "savingItems",
               coalesce(r.effective_price, ${effectivePriceSql('li', ctx.today)})::text AS "effectivePrice",
               i.generic_name AS "genericName", i.manufacturer, i.manufacturer_code AS "manufacturerCode",
               ${options.withTotal ? sql`src.total::int` : sql`NULL::int`} AS "totalCount"
        FROM src
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = src.item_distributor_id
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN location_item_reads r ON r.location_id = li.location_id AND r.item_distributor_id = li.item_distributor_id
        LEFT JOIN cart_items ci ON ci.location_id = li.location_id AND ci.item_distributor_id = li.item_distributor_id
        ORDER BY src.ord`;
}

/** The read model's rows of a location: what the list filters, sorts, searches and counts. */
const READS = sql`location_item_reads li`;

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
 * full-text index) or the DIN; `typo`, within a typo of the search (pg_trgm word similarity, the
 * location-scoped trigram index), asked only when the exact pass finds nothing (withTypoThreshold).
 */
export type SearchPass = 'exact' | 'typo';

/** Whether a search may be corrected: typos are looked for in words, never in numbers (a DIN of another distributor). */
export const canCorrectTypos = (search: string): boolean => /\p{L}/u.test(search);

function searchCondition(search: string, pass: SearchPass): SQL {
  if (pass === 'typo') {
    return sql`(lower(${search}::text) <% li.search_text AND word_similarity(lower(${search}::text), li.search_text) >= ${TYPO_SIMILARITY})`;
  }
  return sql`(li.search_vector @@ (SELECT tsq FROM q) OR lower(li.din) = lower(btrim(${search}::text)))`;
}

/**
 * Runs `read` in a transaction whose pg_trgm word-similarity threshold is TYPO_SIMILARITY, so the
 * typo pass's `<%` can use the trigram index (the default, 0.6, would miss one-letter typos).
 */
export async function withTypoThreshold<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    return read(tx);
  });
}

/** ORDER BY of each sort on the read model; item_distributor_id always breaks ties so pages never overlap. Each has its index. */
function orderBy(ctx: LocationContext, sort: ListSort, search: string): SQL {
  const tail = sql`li.name_key, li.item_distributor_id`;
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
  const order = orderBy(ctx, sort, filters.search);
  const where = filterConditions(ctx, filters);
  if (!filters.search) {
    return sql`SELECT li.item_distributor_id, ${offset} + row_number() OVER (ORDER BY ${order}) AS ord,
        ${filteredCountSql(ctx, filters)} AS total
      FROM (SELECT li.* FROM ${READS} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) li
      ORDER BY ord`;
  }
  return sql`WITH q AS (SELECT ${prefixQuerySql(filters.search)} AS tsq),
    m AS MATERIALIZED (SELECT li.* FROM ${READS} WHERE ${where} AND ${searchCondition(filters.search, pass)})
    SELECT li.item_distributor_id, row_number() OVER (ORDER BY ${order}) AS ord, count(*) OVER () AS total
    FROM m li ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows the filters and the search (in the given pass) leave. */
export async function countListItems(
  db: Database,
  ctx: LocationContext,
  filters: FilterOptions,
  pass: SearchPass = 'exact',
): Promise<number> {
  const query = filters.search
    ? sql`WITH q AS (SELECT ${prefixQuerySql(filters.search)} AS tsq)
          SELECT count(*)::int AS count FROM ${READS} WHERE ${filterConditions(ctx, filters)} AND ${searchCondition(filters.search, pass)}`
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
  const read = (tx: Database, pass: SearchPass) =>
    queryRows<SuggestionRow>(
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

export interface LinkedGroupRow {
  groupId: number;
  name: string;
  inventoryListId: number;
  inventoryListName: string;
  /** The group's catalogue items (kind 'item'), in the group's order; custom items and sub-recipes left out. */
  itemDistributorIds: number[];
}

/**
 * The generic groups of the location's inventory lists that link this item, list order then group
 * order, each with its catalogue items (doc 1 §7 "Item-distributor groups for linked items").
 */
export async function selectLinkedGroups(db: Database, locationId: number, itemDistributorId: number): Promise<LinkedGroupRow[]> {
  return queryRows<LinkedGroupRow>(
    db,
    sql`SELECT g.id AS "groupId", g.name, l.id AS "inventoryListId", l.name AS "inventoryListName",
               coalesce((SELECT array_agg(m.item_distributor_id ORDER BY m.sort_index, m.id) FROM inventory_group_items m
                         WHERE m.location_id = g.location_id AND m.group_id = g.id AND m.kind = 'item'), '{}') AS "itemDistributorIds"
        FROM inventory_groups g
        JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
        WHERE g.location_id = ${locationId}
          AND EXISTS (SELECT 1 FROM inventory_group_items gi WHERE gi.location_id = g.location_id AND gi.group_id = g.id
                      AND gi.kind = 'item' AND gi.item_distributor_id = ${itemDistributorId})
        ORDER BY l.sort, l.id, g.sort, g.id`,
  );
}

/** Source of the given offers of the location, in id order (linked items read through the one projection). */
export function offersSource(ctx: LocationContext, itemDistributorIds: number[]): SQL {
  return sql`SELECT li.item_distributor_id, li.item_distributor_id AS ord FROM location_items li
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ANY(${intArray(itemDistributorIds)})`;
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

/** The location's purchased items with a cheaper match (read model), as the savings index orders them. */
const purchasedWithSavings = (ctx: LocationContext): SQL =>
  sql`location_item_reads r WHERE r.location_id = ${ctx.locationId} AND r.is_purchased AND r.best_savings > 0`;

/** Purchased items that have a cheaper match, largest savings first, with that match. */
export async function selectLastPurchased(
  db: Database,
  ctx: LocationContext,
  limit: number,
  offset: number,
): Promise<LastPurchasedRow[]> {
  return queryRows<LastPurchasedRow>(
    db,
    sql`WITH c AS (
          SELECT r.item_distributor_id, r.name_key, r.best_savings, r.best_saving_id
          FROM ${purchasedWithSavings(ctx)}
          ORDER BY r.best_savings DESC, r.name_key, r.item_distributor_id
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT c.item_distributor_id AS "itemDistributorId", i.name, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize",
               coalesce(li.last_purchased_price, li.price)::text AS "purchasedPrice",
               sd.id AS "savingsItemDistributorId", c.best_savings::int AS "savingsSavings", si.name AS "savingsName",
               coalesce(nullif(sd.description, ''), si.description) AS "savingsDescription", sd.unit_measure AS "savingsUnitMeasure",
               sd.brand AS "savingsBrand", sr.effective_price::text AS "savingsPrice",
               sd.pack_size AS "savingsPackSize", sd.distributor_id AS "savingsDistributorId",
               (SELECT count(*) FROM ${purchasedWithSavings(ctx)})::int AS "totalCount"
        FROM c
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = c.item_distributor_id
        JOIN item_distributors d ON d.id = c.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        JOIN item_distributors sd ON sd.id = c.best_saving_id
        JOIN items si ON si.id = sd.item_id
        JOIN location_item_reads sr ON sr.location_id = ${ctx.locationId} AND sr.item_distributor_id = sd.id
        ORDER BY c.best_savings DESC, c.name_key, c.item_distributor_id`,
  );
}

export async function countLastPurchased(db: Database, ctx: LocationContext): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${purchasedWithSavings(ctx)}`);
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
