import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsLineAmountSql,
  analyticsLineQuantitySql,
  analyticsStaleSql,
  queryRows,
  queryRowsPrepared,
  type Database,
} from '@stockpot/db';
import { isoTimestamp } from '../../platform/sql';

/**
 * Analytics reads (doc 3 §2.4, §7). Every query is scoped to one location and one range of its
 * calendar days: orders whose created_at falls from the start day's midnight to the midnight after
 * the end day, both read in the location's time zone. Cancelled orders are no purchase: the
 * figures leave them out, the order list shows them as Cancelled.
 */
export interface Range {
  locationId: number;
  timezone: string;
  startDate: string;
  endDate: string;
}

/** The range's days by the location's calendar, every order of them (the order list shows cancelled ones too). */
const inDays = (r: Range) => sql`o.created_at >= (${r.startDate}::date::timestamp AT TIME ZONE ${r.timezone})
  AND o.created_at < ((${r.endDate}::date + 1)::timestamp AT TIME ZONE ${r.timezone})`;

/** The range's purchases: its orders but the cancelled ones; each statement names its own location filter. */
export const inPeriod = (r: Range) => sql`${inDays(r)} AND o.status <> 'cancelled'`;

export async function findLocationTimezone(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${locationId}`);
  return row?.timezone ?? 'America/New_York';
}

/**
 * The location's time zone, and whether its analytics aggregate has days waiting to be recomputed.
 * This and the range's sums below are named statements (fixed text): planned once per connection.
 */
export async function findLocationClock(
  db: Database,
  locationId: number,
): Promise<{ timezone: string; aggregateStale: boolean }> {
  const [row] = await queryRowsPrepared<{ timezone: string; aggregate_stale: boolean }>(
    db,
    sql`SELECT timezone, ${analyticsStaleSql(locationId)} AS aggregate_stale FROM locations WHERE id = ${locationId}`,
  );
  return { timezone: row?.timezone ?? 'America/New_York', aggregateStale: row?.aggregate_stale ?? false };
}

export interface DistributorTotalRow {
  distributor_id: number;
  distributor: string;
  purchases: string;
  orders: number;
  rebates: string;
  distributor_savings: string;
  inventory_view_savings: string;
  /** Cents. */
  match_savings: string;
}

/** Days of the range in the daily aggregate (alias a); the caller refreshed the location's marked days. */
const aggregateInRange = (r: Range) =>
  sql`a.location_id = ${r.locationId} AND a.day BETWEEN ${r.startDate}::date AND ${r.endDate}::date`;

/**
 * The range's sums from the daily aggregate, in one statement (one round trip, one plan): per
 * distributor purchases (order totals), order count, rebates and savings, biggest purchases first;
 * per catalogue category the priced line amounts ('Special Requests' for lines without an item),
 * biggest first, rounded once over the range.
 */
export async function sumRange(
  db: Database,
  r: Range,
): Promise<{ distributors: DistributorTotalRow[]; categories: { category: string; total: string }[] }> {
  const [row] = await queryRowsPrepared<{
    distributors: DistributorTotalRow[];
    categories: { category: string; total: string }[];
  }>(
    db,
    sql`SELECT
          coalesce((SELECT json_agg(t ORDER BY t.sort_key DESC, t.distributor, t.distributor_id) FROM (
            SELECT a.distributor_id, d.nickname AS distributor, sum(a.purchases) AS sort_key, sum(a.purchases)::text AS purchases,
                   sum(a.orders)::int AS orders, sum(a.rebates)::text AS rebates,
                   sum(a.distributor_savings)::text AS distributor_savings,
                   sum(a.inventory_view_savings)::text AS inventory_view_savings, sum(a.match_savings)::text AS match_savings
            FROM analytics_days a JOIN distributors d ON d.id = a.distributor_id
            WHERE ${aggregateInRange(r)}
            GROUP BY a.distributor_id, d.nickname) t), '[]') AS distributors,
          coalesce((SELECT json_agg(c ORDER BY c.sort_key DESC, c.category) FROM (
            SELECT a.category, sum(a.amount) AS sort_key, round(sum(a.amount), 2)::text AS total
            FROM analytics_day_categories a
            WHERE ${aggregateInRange(r)}
            GROUP BY a.category) c), '[]') AS categories`,
  );
  return row;
}

export interface PurchaseDetailRow {
  item_distributor_id: number | null;
  name: string;
  distributor: string;
  distributor_id: number;
  pack_size: string;
  unit_measure: string;
  image_url: string;
  total_quantity: number;
  tot_spent: string;
  best_price: string;
}

const purchaseSorts: Record<string, SQL> = {
  name: sql`name ASC`,
  '-name': sql`name DESC`,
  distributor: sql`distributor ASC`,
  '-distributor': sql`distributor DESC`,
  total_quantity: sql`total_quantity ASC`,
  '-total_quantity': sql`total_quantity DESC`,
  tot_spent: sql`sum_spent ASC`,
  '-tot_spent': sql`sum_spent DESC`,
};

export interface DetailFilter {
  distributorId?: number;
  category?: string;
}

/** Purchased items of a range, one row per item (or special request text) and distributor. */
export async function listPurchaseDetail(
  db: Database,
  r: Range,
  filter: DetailFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: PurchaseDetailRow[]; totalCount: number }> {
  const where = sql`o.location_id = ${r.locationId} AND ${inPeriod(r)}
    ${filter.distributorId === undefined ? sql`` : sql`AND o.distributor_id = ${filter.distributorId}`}
    ${filter.category === undefined ? sql`` : sql`AND coalesce(i.category, 'Special Requests') = ${filter.category}`}`;
  const from = sql`FROM orders o
    JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
    JOIN distributors d ON d.id = o.distributor_id
    LEFT JOIN item_distributors idd ON idd.id = oi.item_distributor_id
    LEFT JOIN items i ON i.id = idd.item_id`;
  const groupKey = sql`oi.item_distributor_id, CASE WHEN oi.item_distributor_id IS NULL THEN oi.description END, o.distributor_id`;
  const rows = await queryRows<PurchaseDetailRow>(
    db,
    sql`SELECT oi.item_distributor_id, min(oi.description) AS name, min(d.nickname) AS distributor, o.distributor_id,
               min(oi.pack_size) AS pack_size, min(oi.unit_measure) AS unit_measure, min(oi.image_url) AS image_url,
               sum(${analyticsLineQuantitySql})::int AS total_quantity, round(sum(${analyticsLineAmountSql}), 2) AS sum_spent,
               round(sum(${analyticsLineAmountSql}), 2)::text AS tot_spent,
               coalesce(min(oi.price) FILTER (WHERE NOT oi.is_special AND NOT oi.is_market_price), 0)::text AS best_price
        ${from}
        WHERE ${where}
        GROUP BY ${groupKey}
        ORDER BY ${purchaseSorts[sort] ?? purchaseSorts['-tot_spent']}, name ASC, distributor ASC, oi.item_distributor_id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM (SELECT 1 ${from} WHERE ${where} GROUP BY ${groupKey}) g`,
  );
  return { rows, totalCount: count.count };
}

export interface OrderDetailRow {
  order_id: number;
  created_at: string;
  order_day: string;
  delivery_date: string | null;
  distributor: string;
  line_items: number;
  total: string;
  credit_refusal: string;
  status: string;
}

const orderSorts: Record<string, SQL> = {
  order_date: sql`o.created_at ASC, o.id ASC`,
  '-order_date': sql`o.created_at DESC, o.id DESC`,
  // Sorted by what the list shows: the received total, computeOrderTotals' ordered total less its credit.
  tot_amount: sql`o.total - o.credit_refusal ASC, o.id ASC`,
  '-tot_amount': sql`o.total - o.credit_refusal DESC, o.id DESC`,
};

/** Orders of a range (the total orders list), cancelled ones with their status (doc 3 §3 "Order row"). */
export async function listOrderDetail(
  db: Database,
  r: Range,
  filter: DetailFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: OrderDetailRow[]; totalCount: number }> {
  const where = sql`${inDays(r)} ${filter.distributorId === undefined ? sql`` : sql`AND o.distributor_id = ${filter.distributorId}`}`;
  const rows = await queryRows<OrderDetailRow>(
    db,
    sql`SELECT o.id AS order_id, ${isoTimestamp(sql`o.created_at`)} AS created_at,
               to_char(o.created_at AT TIME ZONE ${r.timezone}, 'YYYY-MM-DD') AS order_day,
               o.requested_delivery_date::text AS delivery_date, d.nickname AS distributor, o.line_items,
               o.total::text AS total, o.credit_refusal::text AS credit_refusal, o.status
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${r.locationId} AND ${where}
        ORDER BY ${orderSorts[sort] ?? orderSorts['-order_date']}
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM orders o WHERE o.location_id = ${r.locationId} AND ${where}`,
  );
  return { rows, totalCount: count.count };
}

export interface LastPurchasedRow {
  item_distributor_id: number | null;
  name: string;
  brand: string;
  distributor: string;
  pack_size: string;
  price: string;
  quantity: number;
  created_at: string;
  order_day: string;
  image_url: string;
}

/** The latest line of each item the location bought, newest first. */
export async function listLastPurchased(
  db: Database,
  locationId: number,
  timezone: string,
  limit: number,
  offset: number,
): Promise<{ rows: LastPurchasedRow[]; totalCount: number }> {
  const latest = sql`SELECT DISTINCT ON (coalesce(oi.item_distributor_id::text, 's:' || lower(oi.description)))
        oi.item_distributor_id, oi.description AS name, oi.brand, d.nickname AS distributor, oi.pack_size,
        oi.price::text AS price, oi.quantity, o.created_at AS at, oi.image_url, o.id AS order_id, oi.id AS line_id
      FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id JOIN distributors d ON d.id = o.distributor_id
      WHERE o.location_id = ${locationId} AND o.status <> 'cancelled'
      ORDER BY coalesce(oi.item_distributor_id::text, 's:' || lower(oi.description)), o.created_at DESC, oi.id DESC`;
  const rows = await queryRows<LastPurchasedRow>(
    db,
    sql`SELECT item_distributor_id, name, brand, distributor, pack_size, price, quantity, image_url,
               ${isoTimestamp(sql`at`)} AS created_at, to_char(at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS order_day
        FROM (${latest}) l ORDER BY at DESC, line_id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM (${latest}) l`);
  return { rows, totalCount: count.count };
}
