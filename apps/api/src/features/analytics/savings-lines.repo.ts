import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { Range } from './analytics.repo';

/** The range's orders by the location's day; each statement names its own location filter (the static scoping check reads it). */
const inPeriod = (r: Range) => sql`o.created_at >= (${r.startDate}::date::timestamp AT TIME ZONE ${r.timezone})
  AND o.created_at < ((${r.endDate}::date + 1)::timestamp AT TIME ZONE ${r.timezone})
  AND o.status <> 'cancelled'`;

const orderDay = (r: Range) => sql`to_char(o.created_at AT TIME ZONE ${r.timezone}, 'YYYY-MM-DD')`;

export interface PriceLineRow {
  kind: 'distributor' | 'inventory_view';
  order_id: number;
  order_day: string;
  distributor: string;
  item_distributor_id: number;
  name: string;
  pack_size: string;
  unit_measure: string;
  quantity: number;
  price: string;
  alt_item_distributor_id: number;
  alt_name: string;
  alt_distributor: string;
  alt_pack_size: string;
  alt_unit_measure: string;
  alt_price: string;
  saving: string;
}

/**
 * The distributor and inventory-view savings lines of the range, as the daily aggregate stored them
 * when it last recomputed their days (the caller refreshed it): their sums are the figures.
 */
export async function listPriceSavingsLines(db: Database, r: Range): Promise<PriceLineRow[]> {
  return queryRows<PriceLineRow>(
    db,
    sql`SELECT s.kind, s.order_id, s.day::text AS order_day, d.nickname AS distributor, s.item_distributor_id,
               oi.description AS name, oi.pack_size, idd.unit_measure, s.quantity, s.price::text AS price,
               s.alt_item_distributor_id, alt.description AS alt_name, ad.nickname AS alt_distributor,
               alt.pack_size AS alt_pack_size, alt.unit_measure AS alt_unit_measure, s.alt_price::text AS alt_price,
               s.saving::text AS saving
        FROM analytics_savings_lines s
        JOIN order_items oi ON oi.id = s.order_item_id AND oi.location_id = s.location_id
        JOIN item_distributors idd ON idd.id = s.item_distributor_id
        JOIN distributors d ON d.id = s.distributor_id
        JOIN item_distributors alt ON alt.id = s.alt_item_distributor_id
        JOIN distributors ad ON ad.id = alt.distributor_id
        WHERE s.location_id = ${r.locationId} AND s.day BETWEEN ${r.startDate}::date AND ${r.endDate}::date AND s.saving > 0`,
  );
}

export interface RebateLineRow {
  order_id: number;
  order_day: string;
  distributor: string;
  rebates: string;
}

/** The range's orders that earned rebates (the rebate savings figure is their sum). */
export async function listRebateLines(db: Database, r: Range): Promise<RebateLineRow[]> {
  return queryRows<RebateLineRow>(
    db,
    sql`SELECT o.id AS order_id, ${orderDay(r)} AS order_day, d.nickname AS distributor, o.total_rebates::text AS rebates
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${r.locationId} AND ${inPeriod(r)} AND o.total_rebates <> 0`,
  );
}

export interface MatchLineRow {
  order_id: number;
  order_day: string;
  distributor: string;
  new_item_distributor_id: number;
  name: string;
  pack_size: string;
  old_item_distributor_id: number;
  old_name: string;
  old_distributor: string;
  old_pack_size: string;
  quantity: number;
  savings_per_case: string;
}

/** The accepted swaps that went out with the range's orders (match savings). */
export async function listMatchLines(db: Database, r: Range): Promise<MatchLineRow[]> {
  return queryRows<MatchLineRow>(
    db,
    sql`SELECT o.id AS order_id, ${orderDay(r)} AS order_day, d.nickname AS distributor,
               nd.id AS new_item_distributor_id, nd.description AS name, nd.pack_size,
               od.id AS old_item_distributor_id, od.description AS old_name, odist.nickname AS old_distributor,
               od.pack_size AS old_pack_size, s.quantity, s.savings_per_case::text AS savings_per_case
        FROM orders o
        JOIN distributors d ON d.id = o.distributor_id
        JOIN item_swaps s ON s.location_id = o.location_id AND s.order_id = o.id AND s.type = 'swap'
        JOIN item_distributors nd ON nd.id = s.new_item_distributor_id
        JOIN item_distributors od ON od.id = s.old_item_distributor_id
        JOIN distributors odist ON odist.id = od.distributor_id
        WHERE o.location_id = ${r.locationId} AND ${inPeriod(r)}`,
  );
}
