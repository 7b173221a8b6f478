/**
 * The analytics daily aggregate (issue 19, migration `0025_analytics_days`): per location, calendar
 * day of the location and distributor, the figures GET analytics sums — order count, order totals,
 * rebates, distributor and inventory-view savings — per day the priced line amounts by category,
 * and the order lines the savings add up to (`analytics_savings_lines`, migration 0029). A year's figures then read about 365 × distributors rows instead of every order line.
 *
 * Triggers on orders, order_items and item_swaps mark the days whose orders changed in
 * `analytics_dirty_days`; a read calls `refreshAnalyticsDays` first, which recomputes only those
 * days. So every write path is covered, including SQL by hand, and the savings of a day are priced
 * when its orders were last written (docs/decisions.md "Analytics: the daily aggregate").
 */
import { sql, type SQL } from 'drizzle-orm';
import { dateArray } from '../sql-arrays';
import { computeOrderTotals, getOrderedSwapSavings, parseCents } from '@stockpot/domain';
import { queryRows, type Database } from '../client';
import { markedDaysExistSql, refreshEveryMarkedLocation, rewriteMarkedDays, type MarkedDaysTable } from '../marked-days';
import { lineAmountNetSql, lineCasesKeptSql } from './line-amount-sql';
import { CHAIN_ROLLUP_TABLES, writeChainRollups } from './analytics-rollups';
import { lineSavingsCtes } from './savings-lines-sql';

const MARKED: MarkedDaysTable = { name: 'analytics_dirty_days', lockNamespace: 741303 };

/** Cases a line counts in analytics: those received once receiving is complete (rejects are credited), else those ordered. */
export const analyticsLineQuantitySql = lineCasesKeptSql('oi');

/**
 * A line's amount in dollars by the one line rule (line-amount-sql.ts): net of its rejected cases,
 * catch weight at its weight, market price once priced, so the lines add up to the orders' received
 * totals (issue 32).
 */
export const analyticsLineAmountSql = lineAmountNetSql('oi');

/** The location's orders that are purchases on the given days, as `ords (id, distributor_id, total, credit_refusal, total_rebates, day)`. */
function dayOrdersCte(locationId: number, days: readonly string[]): SQL {
  const first = days.reduce((a, b) => (a < b ? a : b));
  const last = days.reduce((a, b) => (a > b ? a : b));
  return sql`tz AS (SELECT timezone FROM locations WHERE id = ${locationId}),
    ords AS (
      SELECT o.id, o.location_id, o.distributor_id, o.total, o.credit_refusal, o.total_rebates, (o.created_at AT TIME ZONE tz.timezone)::date AS day
      FROM orders o CROSS JOIN tz
      WHERE o.location_id = ${locationId} AND o.status <> 'cancelled'
        AND o.created_at >= (${first}::date::timestamp AT TIME ZONE tz.timezone)
        AND o.created_at < ((${last}::date + 1)::timestamp AT TIME ZONE tz.timezone)
        AND (o.created_at AT TIME ZONE tz.timezone)::date = ANY(${dateArray(days)})
    )`;
}

/** Rewrites the aggregate rows of the given days of one location from its orders, in the caller's transaction. */
async function writeDays(tx: Database, locationId: number, days: readonly string[]): Promise<void> {
  const onDays = sql`location_id = ${locationId} AND day = ANY(${dateArray(days)})`;
  await tx.execute(sql`DELETE FROM analytics_days WHERE ${onDays}`);
  await tx.execute(sql`DELETE FROM analytics_day_categories WHERE ${onDays}`);
  await tx.execute(sql`DELETE FROM analytics_savings_lines WHERE ${onDays}`);
  await tx.execute(sql`WITH ${dayOrdersCte(locationId, days)}, ${lineSavingsCtes(locationId)}
    INSERT INTO analytics_savings_lines (location_id, day, order_item_id, order_id, distributor_id, kind, item_distributor_id,
                                         alt_item_distributor_id, quantity, price, unit_base, alt_price, alt_base, saving)
    SELECT ${locationId}, day, id, order_id, distributor_id, kind, item_distributor_id,
           alt_item_distributor_id, quantity, price, unit_base, alt_price, alt_base, saving
    FROM line_savings`);
  await tx.execute(sql`WITH ${dayOrdersCte(locationId, days)},
      per_day AS (
        -- purchases: written by writePurchases, through the domain's computeOrderTotals.
        SELECT day, distributor_id, count(*)::int AS orders, 0 AS purchases, sum(total_rebates) AS rebates
        FROM ords GROUP BY day, distributor_id
      ),
      day_savings AS (
        SELECT day, distributor_id,
               sum(saving) FILTER (WHERE kind = 'distributor') AS distributor_savings,
               sum(saving) FILTER (WHERE kind = 'inventory_view') AS inventory_view_savings
        FROM analytics_savings_lines WHERE ${onDays}
        GROUP BY day, distributor_id
      )
    INSERT INTO analytics_days (location_id, day, distributor_id, orders, purchases, rebates, distributor_savings, inventory_view_savings)
    SELECT ${locationId}, p.day, p.distributor_id, p.orders, p.purchases, p.rebates,
           coalesce(s.distributor_savings, 0), coalesce(s.inventory_view_savings, 0)
    FROM per_day p LEFT JOIN day_savings s ON s.day = p.day AND s.distributor_id = p.distributor_id`);
  await tx.execute(sql`WITH ${dayOrdersCte(locationId, days)}
    INSERT INTO analytics_day_categories (location_id, day, category, amount)
    SELECT ${locationId}, o.day, coalesce(i.category, 'Special Requests'), sum(${analyticsLineAmountSql})
    FROM ords o
    JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
    LEFT JOIN item_distributors idd ON idd.id = oi.item_distributor_id
    LEFT JOIN items i ON i.id = idd.item_id
    GROUP BY o.day, coalesce(i.category, 'Special Requests')`);
  await writePurchases(tx, locationId, days);
  await writeMatchSavings(tx, locationId, days);
  // The chain view's month and year rollups and price rows (migration 0048), from the days just written.
  await writeChainRollups(tx, locationId, days, dayOrdersCte(locationId, days));
}

/**
 * Purchases per day and distributor: each order's received total (computeOrderTotals: its ordered
 * total less the credit of its rejected cases), which is what was paid (docs/decisions.md "One total
 * per order"), summed in cents.
 */
async function writePurchases(tx: Database, locationId: number, days: readonly string[]): Promise<void> {
  const orders = await queryRows<{ day: string; distributor_id: number; total: string; credit: string }>(
    tx,
    sql`WITH ${dayOrdersCte(locationId, days)}
        SELECT day::text AS day, distributor_id, total::text AS total, credit_refusal::text AS credit FROM ords`,
  );
  if (orders.length === 0) return;
  const cents = new Map<string, { day: string; distributorId: number; cents: number }>();
  for (const order of orders) {
    const key = `${order.day}|${order.distributor_id}`;
    const entry = cents.get(key) ?? { day: order.day, distributorId: order.distributor_id, cents: 0 };
    entry.cents += computeOrderTotals(parseCents(order.total), parseCents(order.credit)).receivedTotal;
    cents.set(key, entry);
  }
  const rows = [...cents.values()];
  await tx.execute(sql`UPDATE analytics_days a SET purchases = u.cents::numeric / 100
    FROM unnest(${dateArray(rows.map((r) => r.day))}, ${`{${rows.map((r) => r.distributorId).join(',')}}`}::int[],
                ${`{${rows.map((r) => r.cents).join(',')}}`}::bigint[]) AS u(day, distributor_id, cents)
    WHERE a.location_id = ${locationId} AND a.day = u.day AND a.distributor_id = u.distributor_id`);
}

/**
 * Match savings of the accepted swaps that went out with the days' orders, per day and distributor,
 * in cents: the same figure as the order summary's (getOrderedSwapSavings, rounded per swap).
 */
async function writeMatchSavings(tx: Database, locationId: number, days: readonly string[]): Promise<void> {
  const swaps = await queryRows<{
    day: string;
    distributor_id: number;
    savings_per_case: string;
    quantity: number;
    old_pack: string;
    new_pack: string;
  }>(
    tx,
    sql`WITH ${dayOrdersCte(locationId, days)}
        SELECT o.day::text AS day, o.distributor_id, s.savings_per_case::text AS savings_per_case, s.quantity,
               od.pack_size AS old_pack, nd.pack_size AS new_pack
        FROM ords o
        JOIN item_swaps s ON s.location_id = o.location_id AND s.order_id = o.id AND s.type = 'swap'
        JOIN item_distributors od ON od.id = s.old_item_distributor_id
        JOIN item_distributors nd ON nd.id = s.new_item_distributor_id`,
  );
  if (swaps.length === 0) return;
  const cents = new Map<string, { day: string; distributorId: number; cents: number }>();
  for (const swap of swaps) {
    const key = `${swap.day}|${swap.distributor_id}`;
    const entry = cents.get(key) ?? { day: swap.day, distributorId: swap.distributor_id, cents: 0 };
    entry.cents += getOrderedSwapSavings(parseCents(swap.savings_per_case), swap.quantity, swap.old_pack, swap.new_pack);
    cents.set(key, entry);
  }
  const rows = [...cents.values()];
  await tx.execute(sql`UPDATE analytics_days a SET match_savings = u.cents
    FROM unnest(${dateArray(rows.map((r) => r.day))}, ${`{${rows.map((r) => r.distributorId).join(',')}}`}::int[],
                ${`{${rows.map((r) => r.cents).join(',')}}`}::bigint[]) AS u(day, distributor_id, cents)
    WHERE a.location_id = ${locationId} AND a.day = u.day AND a.distributor_id = u.distributor_id`);
}

/**
 * Recomputes the location's marked days, serialised per location, in the caller's transaction or
 * its own. Returns how many days it rewrote (0: the aggregate was current).
 */
export async function refreshAnalyticsDays(db: Database, locationId: number): Promise<number> {
  return rewriteMarkedDays<{ day: string }>(db, MARKED, locationId, sql`day::text AS day`, (tx, marks) =>
    writeDays(
      tx,
      locationId,
      marks.map((mark) => mark.day),
    ),
  );
}

/** Recomputes every marked location's days (the scheduled refresh: marks are one row per write, migration 0062). */
export async function refreshAllAnalyticsDays(db: Database): Promise<number> {
  return refreshEveryMarkedLocation(db, MARKED, refreshAnalyticsDays);
}

/** Whether the location has days waiting to be recomputed (one index probe). */
export const analyticsStaleSql = (locationId: SQL | number): SQL => markedDaysExistSql(MARKED, locationId);

/** Rebuilds every location's aggregate from its orders (seeds and loaders, after their bulk writes). */
export async function rebuildAllAnalyticsDays(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM analytics_days`);
  await db.execute(sql`DELETE FROM analytics_day_categories`);
  await db.execute(sql`DELETE FROM analytics_savings_lines`);
  for (const table of CHAIN_ROLLUP_TABLES) await db.execute(sql.raw(`DELETE FROM ${table}`));
  await db.execute(sql`INSERT INTO analytics_dirty_days (location_id, day)
    SELECT DISTINCT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date
    FROM orders o JOIN locations l ON l.id = o.location_id
    ON CONFLICT DO NOTHING`);
  await refreshAllAnalyticsDays(db);
}
