import { sql, type SQL } from 'drizzle-orm';
import { analyticsLineAmountSql, queryRows, type Database } from '@stockpot/db';
import { itemFiltersSql, type ItemFilters } from '../../platform/item-filters-sql';
import { inPeriod, type Range } from './analytics.repo';

/** Item Lookup reads (doc 3 §2.4 "Item Lookup"): the search list and one item's purchases of a range. */
export interface LookupRow {
  item_distributor_id: number;
  distributor_id: number;
  description: string;
  brand: string;
  distributor: string;
  price: string;
  unit_measure: string;
  pack_size: string;
  image_url: string;
  brand_image_url: string;
  din: string;
  is_purchased: boolean;
  match_rank: number;
}

export interface LookupFilter extends ItemFilters {
  search: string;
  sort: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL twin of the domain's `compareLookupItems` (issue 32): name or item-number matches first
 * (`match_rank`), then what the location spent on the item in the period, then the name
 * lower-cased in code-point order, then the id.
 */
const relevanceOrderSql = sql`match_rank ASC, coalesce(sp.spent, 0) DESC, lower(idd.description) COLLATE "C" ASC`;

const lookupSorts: Record<string, SQL> = {
  relevance: relevanceOrderSql,
  name: sql`lower(idd.description) ASC`,
  '-name': sql`lower(idd.description) DESC`,
  price: sql`coalesce(li.price, idd.price) ASC`,
  '-price': sql`coalesce(li.price, idd.price) DESC`,
};

/**
 * The item lookup list: the location's distributors' active offers whose name, item number, brand
 * or category holds the search, and that pass the filters; `match_rank` is the domain's
 * `getLookupMatchRank`, and relevance weighs what the location spent on the item in the range.
 */
export async function listLookupItems(
  db: Database,
  r: Range,
  f: LookupFilter,
  limit: number,
  offset: number,
): Promise<{ rows: LookupRow[]; totalCount: number }> {
  const locationId = r.locationId;
  const purchased = sql`EXISTS (SELECT 1 FROM order_items p WHERE p.location_id = ${locationId} AND p.item_distributor_id = idd.id)`;
  const pattern = `%${escapeLike(f.search)}%`;
  const inName = f.search ? sql`(idd.description ILIKE ${pattern} OR idd.din ILIKE ${pattern})` : sql`true`;
  // The location's own catalogue (its guides' items) and what it bought: another location's guide
  // lines of a shared distributor are not the location's to see (issue 33, defect 4).
  const where = sql`idd.status = 'active' AND (li.item_distributor_id IS NOT NULL OR ${purchased})
    ${f.search ? sql`AND (${inName} OR idd.brand ILIKE ${pattern} OR it.category ILIKE ${pattern})` : sql``}
    ${itemFiltersSql(locationId, 'idd', f)}`;
  const from = sql`FROM item_distributors idd
    JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = idd.distributor_id
    JOIN distributors d ON d.id = idd.distributor_id
    JOIN items it ON it.id = idd.item_id
    LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = idd.id`;
  const isRelevance = (lookupSorts[f.sort] ?? relevanceOrderSql) === relevanceOrderSql;
  // Spend is only needed to rank by relevance; the other sorts skip the period's lines.
  const spending = isRelevance
    ? sql`LEFT JOIN (
        SELECT oi.item_distributor_id, sum(${analyticsLineAmountSql}) AS spent
        FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        WHERE o.location_id = ${locationId} AND ${inPeriod(r)} AND oi.item_distributor_id IS NOT NULL
        GROUP BY oi.item_distributor_id
      ) sp ON sp.item_distributor_id = idd.id`
    : sql``;
  const rows = await queryRows<LookupRow>(
    db,
    sql`SELECT idd.id AS item_distributor_id, idd.distributor_id, idd.description, idd.brand, d.nickname AS distributor,
               coalesce(li.price, idd.price)::text AS price, idd.unit_measure, idd.pack_size, idd.image_url,
               idd.brand_image_url, idd.din, ${purchased} AS is_purchased,
               CASE WHEN ${inName} THEN 0 ELSE 1 END AS match_rank
        ${from} ${spending}
        WHERE ${where}
        ORDER BY ${lookupSorts[f.sort] ?? relevanceOrderSql}, idd.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count ${from} WHERE ${where}`);
  return { rows, totalCount: count.count };
}

export interface LookupItemRow {
  id: number;
  description: string;
  brand: string;
  unit_measure: string;
}

/** One item of the location's catalogue or of its orders; undefined for any other (404, as GET items/{id}). */
export async function findLookupItem(
  db: Database,
  locationId: number,
  itemDistributorId: number,
): Promise<LookupItemRow | undefined> {
  const [row] = await queryRows<LookupItemRow>(
    db,
    sql`SELECT idd.id, idd.description, idd.brand, idd.unit_measure
        FROM item_distributors idd
        JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = idd.distributor_id
        WHERE idd.id = ${itemDistributorId}
          AND (EXISTS (SELECT 1 FROM location_items li WHERE li.location_id = ${locationId} AND li.item_distributor_id = idd.id)
               OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.location_id = ${locationId} AND oi.item_distributor_id = idd.id))`,
  );
  return row;
}

export interface ItemDayRow {
  day: string;
  quantity: number;
  spent: string;
  best_price: string;
}

/** One item's priced purchases of a range, per day of the location's calendar. */
export async function listItemDays(db: Database, r: Range, itemDistributorId: number): Promise<ItemDayRow[]> {
  return queryRows<ItemDayRow>(
    db,
    sql`SELECT to_char(o.created_at AT TIME ZONE ${r.timezone}, 'YYYY-MM-DD') AS day, sum(oi.quantity)::int AS quantity,
               round(sum(oi.quantity * oi.price), 2)::text AS spent, min(oi.price)::text AS best_price
        FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        WHERE o.location_id = ${r.locationId} AND ${inPeriod(r)} AND oi.item_distributor_id = ${itemDistributorId}
          AND NOT oi.is_special AND NOT oi.is_market_price AND oi.quantity > 0
        GROUP BY 1 ORDER BY 1`,
  );
}
