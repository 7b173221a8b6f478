/**
 * Rollups of the analytics daily aggregate for the chain view (issue 39 at chain scale, migration
 * 0048), rewritten with the days refreshAnalyticsDays rewrites, in its transaction, so they are as
 * current as analytics_days and need no trigger of their own:
 *  - analytics_periods: analytics_days per location and month or year (the chain summary);
 *  - chain_price_days / chain_price_periods: what the location paid per offer and day, month or year
 *    (lowest and highest price, cases, spend; the price variance), with each period's first and last
 *    day bought.
 * A period is recomputed from the rows below it (days → month → year), only for the months and
 * years of the rewritten days (docs/decisions.md "Chain view at chain scale").
 */
import { sql, type SQL } from 'drizzle-orm';
import { dateArray } from '../sql-arrays';
import type { Database } from '../client';
import { lineCasesKeptSql } from './line-amount-sql';

/** The chain's priced lines (chain.repo listPriceSummaries): not special, market price or catch weight, priced, cases kept. */
export const chainPricedLineSql = sql`oi.item_distributor_id IS NOT NULL AND NOT oi.is_special AND NOT oi.is_market_price
  AND NOT oi.is_catch_weight AND oi.price > 0 AND ${lineCasesKeptSql('oi')} > 0`;

/**
 * Rewrites the location's chain price rows of the given days from `ords` (the caller's CTE of the
 * days' orders, analytics-days dayOrdersCte), then the months and years they fall in.
 */
export async function writeChainRollups(tx: Database, locationId: number, days: readonly string[], ordsCte: SQL): Promise<void> {
  const kept = lineCasesKeptSql('oi');
  await tx.execute(sql`DELETE FROM chain_price_days WHERE location_id = ${locationId} AND day = ANY(${dateArray(days)})`);
  await tx.execute(sql`WITH ${ordsCte}
    INSERT INTO chain_price_days (location_id, day, item_distributor_id, low_price, high_price, quantity, spend)
    SELECT ${locationId}, o.day, oi.item_distributor_id, min(oi.price), max(oi.price), sum(${kept}), sum(oi.price * ${kept})
    FROM ords o JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
    WHERE ${chainPricedLineSql}
    GROUP BY o.day, oi.item_distributor_id`);
  const months = [...new Set(days.map((day) => `${day.slice(0, 8)}01`))];
  const years = [...new Set(days.map((day) => `${day.slice(0, 4)}-01-01`))];
  // Bounded by the first and last period too, so the location's key is range-scanned, not read whole.
  const [firstMonth, lastMonth] = [months.reduce((a, b) => (a < b ? a : b)), months.reduce((a, b) => (a > b ? a : b))];
  const [firstYear, lastYear] = [years.reduce((a, b) => (a < b ? a : b)), years.reduce((a, b) => (a > b ? a : b))];
  const inMonths = sql`day >= ${firstMonth}::date AND day < (${lastMonth}::date + interval '1 month')
    AND date_trunc('month', day)::date = ANY(${dateArray(months)})`;
  const monthsOfYears = sql`period_unit = 'month' AND period_start >= ${firstYear}::date
    AND period_start < (${lastYear}::date + interval '1 year') AND date_trunc('year', period_start)::date = ANY(${dateArray(years)})`;
  const periods = (unit: 'month' | 'year', starts: string[]) =>
    sql`location_id = ${locationId} AND period_unit = ${unit} AND period_start = ANY(${dateArray(starts)})`;

  await tx.execute(sql`DELETE FROM analytics_periods WHERE ${periods('month', months)}`);
  await tx.execute(sql`INSERT INTO analytics_periods
    SELECT location_id, 'month', date_trunc('month', day)::date, sum(orders), sum(purchases), sum(rebates),
           sum(distributor_savings), sum(inventory_view_savings), sum(match_savings)
    FROM analytics_days WHERE location_id = ${locationId} AND ${inMonths}
    GROUP BY location_id, date_trunc('month', day)`);
  await tx.execute(sql`DELETE FROM analytics_periods WHERE ${periods('year', years)}`);
  await tx.execute(sql`INSERT INTO analytics_periods
    SELECT location_id, 'year', date_trunc('year', period_start)::date, sum(orders), sum(purchases), sum(rebates),
           sum(distributor_savings), sum(inventory_view_savings), sum(match_savings)
    FROM analytics_periods WHERE location_id = ${locationId} AND ${monthsOfYears}
    GROUP BY location_id, date_trunc('year', period_start)`);

  await tx.execute(sql`DELETE FROM chain_price_periods WHERE ${periods('month', months)}`);
  await tx.execute(sql`INSERT INTO chain_price_periods
    SELECT location_id, 'month', date_trunc('month', day)::date, item_distributor_id, min(low_price), max(high_price),
           sum(quantity), sum(spend), min(day), max(day)
    FROM chain_price_days WHERE location_id = ${locationId} AND ${inMonths}
    GROUP BY location_id, date_trunc('month', day), item_distributor_id`);
  await tx.execute(sql`DELETE FROM chain_price_periods WHERE ${periods('year', years)}`);
  await tx.execute(sql`INSERT INTO chain_price_periods
    SELECT location_id, 'year', date_trunc('year', period_start)::date, item_distributor_id, min(low_price), max(high_price),
           sum(quantity), sum(spend), min(first_day), max(last_day)
    FROM chain_price_periods WHERE location_id = ${locationId} AND ${monthsOfYears}
    GROUP BY location_id, date_trunc('year', period_start), item_distributor_id`);
  // A new version for the location: the price variance's cached answers over it are stale from this
  // commit on. Taken after the row is locked, so it only moves up (the chain checks sums: 0066).
  await tx.execute(sql`INSERT INTO chain_price_versions (location_id, version)
    VALUES (${locationId}, nextval('chain_variance_version_seq'))
    ON CONFLICT (location_id) DO UPDATE SET version = nextval('chain_variance_version_seq')`);
}

/** The rollup tables, emptied with the aggregate when every location is rebuilt. */
export const CHAIN_ROLLUP_TABLES = ['analytics_periods', 'chain_price_days', 'chain_price_periods'] as const;
