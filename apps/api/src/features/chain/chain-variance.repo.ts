import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray, rangesSql, type ChainOfferColumns, type LocationRange } from './chain.repo';

/**
 * The price variance's reads at chain scale (issue 39, migration 0048): what each location paid per
 * offer in its range, from the maintained price rollups instead of every order line. A location's
 * purchases of an offer in its range are read from the coarsest row that lies wholly inside it: the
 * year's row when its first and last day bought are in the range, else the months' rows that are,
 * else the days' rows. Every purchase is in exactly one row read, so the lowest and highest prices,
 * cases and spend are the order lines' own (the API test recomputes them from scratch).
 */
function rangeRowsSql(ranges: readonly LocationRange[], offerIds?: readonly number[]): SQL {
  const onlyOffers = (alias: string) =>
    // A semi-join (hashed), not `= ANY(array)`: every listed offer's buyers are asked at once (~10 k ids).
    offerIds ? sql`AND ${sql.raw(alias)}.item_distributor_id IN (SELECT unnest(${intArray(offerIds)}))` : sql``;
  const within = (alias: string, range: string) =>
    sql.raw(`(${alias}.first_day >= ${range}.start_day AND ${alias}.last_day <= ${range}.end_day)`);
  return sql`r AS (${rangesSql(ranges)}),
    yr AS (
      SELECT p.location_id, p.item_distributor_id, p.period_start, p.low_price, p.high_price, p.quantity, p.spend,
             ${within('p', 'r')} AS whole, r.start_day, r.end_day
      FROM r JOIN chain_price_periods p ON p.location_id = r.location_id AND p.period_unit = 'year'
        AND p.period_start BETWEEN date_trunc('year', r.start_day)::date AND r.end_day ${onlyOffers('p')}
    ),
    mo AS (
      SELECT p.location_id, p.item_distributor_id, p.period_start, p.low_price, p.high_price, p.quantity, p.spend,
             ${within('p', 'y')} AS whole, y.start_day, y.end_day
      FROM yr y JOIN chain_price_periods p ON p.location_id = y.location_id AND p.item_distributor_id = y.item_distributor_id
        AND p.period_unit = 'month' AND p.period_start >= y.period_start AND p.period_start < (y.period_start + interval '1 year')::date
        AND p.period_start BETWEEN date_trunc('month', y.start_day)::date AND y.end_day
      WHERE NOT y.whole
    ),
    bought AS (
      SELECT location_id, item_distributor_id, low_price, high_price, quantity, spend FROM yr WHERE whole
      UNION ALL
      SELECT location_id, item_distributor_id, low_price, high_price, quantity, spend FROM mo WHERE whole
      UNION ALL
      SELECT d.location_id, d.item_distributor_id, d.low_price, d.high_price, d.quantity, d.spend
      FROM mo m JOIN chain_price_days d ON d.location_id = m.location_id AND d.item_distributor_id = m.item_distributor_id
        AND d.day >= m.period_start AND d.day < (m.period_start + interval '1 month')::date
        AND d.day BETWEEN m.start_day AND m.end_day
      WHERE NOT m.whole
    ),
    per_location AS (
      SELECT location_id, item_distributor_id, min(low_price) AS low_price, max(high_price) AS high_price,
             sum(quantity) AS quantity, sum(spend) AS spend
      FROM bought GROUP BY location_id, item_distributor_id
    )`;
}

export interface OfferSummaryRow extends ChainOfferColumns {
  itemDistributorId: number;
  /** Cents per unit of sale. */
  lowPriceCents: number;
  lowLocationId: number;
  highPriceCents: number;
  highLocationId: number;
  firstLocationId: number;
  lastLocationId: number;
  quantity: number;
  /** Cents, as text (bigint). */
  paidCents: string;
}

/**
 * Per offer the chain bought in its ranges, straight from the rows read (the lowest row by price
 * then location is the lowest of the per-location lowest, and sums and extremes do not need the
 * per-location step), the purchase summary the domain prices
 * (OfferPurchaseSummary: lowest and highest price and by which location, ties to the lower
 * location, the first and last location, cases and cents paid), with what matching needs of it.
 */
export async function listOfferSummaries(db: Database, ranges: readonly LocationRange[]): Promise<OfferSummaryRow[]> {
  return queryRows<OfferSummaryRow>(
    db,
    sql`WITH ${rangeRowsSql(ranges)},
      offers AS (
        SELECT item_distributor_id, (min(low_price) * 100)::int AS low_cents, (max(high_price) * 100)::int AS high_cents,
               (array_agg(location_id ORDER BY low_price, location_id))[1] AS low_location,
               (array_agg(location_id ORDER BY high_price DESC, location_id))[1] AS high_location,
               min(location_id) AS first_location, max(location_id) AS last_location,
               sum(quantity)::int AS quantity, (sum(spend) * 100)::bigint::text AS paid_cents
        FROM bought GROUP BY item_distributor_id
      )
      SELECT b.item_distributor_id AS "itemDistributorId", b.low_cents AS "lowPriceCents", b.low_location AS "lowLocationId",
             b.high_cents AS "highPriceCents", b.high_location AS "highLocationId", b.first_location AS "firstLocationId",
             b.last_location AS "lastLocationId", b.quantity, b.paid_cents AS "paidCents",
             idd.description, i.name, i.generic_name AS "genericName", i.manufacturer,
             i.manufacturer_code AS "manufacturerCode", d.nickname AS distributor, idd.din, idd.pack_size AS "packSize",
             idd.unit_measure AS "unitMeasure"
      FROM offers b
      JOIN item_distributors idd ON idd.id = b.item_distributor_id
      JOIN items i ON i.id = idd.item_id
      JOIN distributors d ON d.id = idd.distributor_id
      ORDER BY b.item_distributor_id`,
  );
}

/** The chain's locations that bought each of the given offers in their ranges (a page's "Open in…"). */
export async function listOfferBuyers(
  db: Database,
  ranges: readonly LocationRange[],
  offerIds: readonly number[],
): Promise<{ itemDistributorId: number; locationIds: number[] }[]> {
  if (offerIds.length === 0) return [];
  return queryRows(
    db,
    sql`WITH ${rangeRowsSql(ranges, offerIds)}
        SELECT item_distributor_id AS "itemDistributorId", array_agg(location_id ORDER BY location_id) AS "locationIds"
        FROM per_location GROUP BY item_distributor_id`,
  );
}
