import { sql, type SQL } from 'drizzle-orm';
import { coverRangeByPeriods } from '@stockpot/domain';
import { analyticsLineQuantitySql, analyticsStaleSql, queryRows, queryRowsPrepared, type Database } from '@stockpot/db';

/**
 * Chain reads (issue 39): SQL over every location the user belongs to and no other. Each location
 * brings its own range, already resolved by its own calendar (time zone), so one statement reads
 * them all. The caller lists the locations from the user's memberships; nothing here takes a
 * location id from the request.
 */

/** A location of the chain with the range of its calendar the filter covers. */
export interface LocationRange {
  locationId: number;
  timezone: string;
  startDate: string;
  endDate: string;
}

export interface MemberLocation {
  locationId: number;
  name: string;
  timezone: string;
  aggregateStale: boolean;
}

/**
 * The versions the chain's kept answers are checked against (chain-versions.ts), read with the
 * membership so a kept answer's hit needs no statement of its own: the sums of the locations'
 * rollups (0051), groups (0053) and live counts (0057) versions, and the two catalogue versions;
 * '' for those the caller did not ask for.
 */
export interface MemberVersions {
  rollups: string;
  groups: string;
  counts: string;
  chainCatalog: string;
  suggestionCatalog: string;
}

const NO_VERSIONS: MemberVersions = { rollups: '', groups: '', counts: '', chainCatalog: '', suggestionCatalog: '' };
const NO_VERSION_COLUMNS = sql`'' AS rollups, '' AS groups, '' AS counts, '' AS "chainCatalog", '' AS "suggestionCatalog"`;

/** The user's locations (memberships), by name, and whether each one's analytics aggregate has marked days. */
export async function listMemberLocations(db: Database, userId: number): Promise<MemberLocation[]> {
  return (await listMemberLocationsStamped(db, userId)).locations;
}

/**
 * listMemberLocations with the user's membership stamp (migration 0058) and `versions` (columns
 * named as MemberVersions, each one value for the whole membership) read in the same statement, so
 * the rows are the membership the stamp and versions stand for ('0' before the user's first change).
 * A named statement per text (the user a parameter): planning it cost about as much as running it
 * for 200 locations.
 */
export async function listMemberLocationsStamped(
  db: Database,
  userId: number,
  versions: SQL = NO_VERSION_COLUMNS,
): Promise<{ locations: MemberLocation[]; stamp: string; versions: MemberVersions }> {
  type Row = MemberLocation & MemberVersions & { stamp: string };
  const rows = await queryRowsPrepared<Row>(
    db,
    sql`SELECT l.id AS "locationId", l.nickname AS name, l.timezone, ${analyticsStaleSql(sql`l.id`)} AS "aggregateStale",
               v.*, ${memberStampSql(userId)} AS stamp
        FROM user_locations ul JOIN locations l ON l.id = ul.location_id CROSS JOIN (SELECT ${versions}) v
        WHERE ul.user_id = ${userId}
        ORDER BY l.nickname, l.id`,
  );
  const locations = rows.map(({ locationId, name, timezone, aggregateStale }) => ({
    locationId,
    name,
    timezone,
    aggregateStale,
  }));
  const first = rows[0];
  return {
    locations,
    stamp: first?.stamp ?? '',
    versions: first
      ? {
          rollups: first.rollups,
          groups: first.groups,
          counts: first.counts,
          chainCatalog: first.chainCatalog,
          suggestionCatalog: first.suggestionCatalog,
        }
      : NO_VERSIONS,
  };
}

export const memberStampSql = (userId: number): SQL =>
  sql`coalesce((SELECT version FROM chain_member_stamps WHERE user_id = ${userId}), 0)::text`;

/** The user's location ids as an int[] (the set a full read of the membership covers). */
export const memberIdsSql = (userId: number): SQL => sql`ARRAY(SELECT location_id FROM user_locations WHERE user_id = ${userId})`;

export const intArray = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::int[]`;
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** `ranges (location_id, timezone, start_day, end_day)`: one row per location of the chain. */
export function rangesSql(ranges: readonly LocationRange[]): SQL {
  return sql`SELECT * FROM unnest(${intArray(ranges.map((r) => r.locationId))}, ${textArray(ranges.map((r) => r.timezone))},
    ${textArray(ranges.map((r) => r.startDate))}::date[], ${textArray(ranges.map((r) => r.endDate))}::date[])
    AS r(location_id, timezone, start_day, end_day)`;
}

export interface LocationFiguresRow {
  locationId: number;
  totalOrders: number;
  /** Cents, as text (bigint). */
  totalPurchases: string;
  totalSavings: string;
}

/**
 * Each location's headline figures from its analytics aggregate, over its own range: the same sums
 * GET analytics makes — purchases (received order totals), orders, and savings as match (cents) +
 * rebates + distributor + inventory-view savings (dollars, each exact to the cent). Whole months and
 * years come from their rollups (analytics_periods), the other days from analytics_days, each added
 * or taken away as the domain's cover says (coverRangeByPeriods): a year to date is one row per
 * location. Sums of exact decimals, so the answer is the daily sum's. The caller refreshed the
 * locations' marked days first.
 */
export async function sumLocationFigures(db: Database, ranges: readonly LocationRange[]): Promise<LocationFiguresRow[]> {
  // Locations share a handful of ranges (one per time zone's today): each cover is worked out once.
  const covers = new Map<string, ReturnType<typeof coverRangeByPeriods>>();
  const coverOf = (r: LocationRange) => {
    const key = `${r.startDate}|${r.endDate}`;
    if (!covers.has(key)) covers.set(key, coverRangeByPeriods(r.startDate, r.endDate));
    return covers.get(key)!;
  };
  const segments = ranges.flatMap((r) => coverOf(r).map((segment) => ({ locationId: r.locationId, ...segment })));
  const figures = sql`orders, purchases, rebates, distributor_savings, inventory_view_savings, match_savings`;
  return queryRows<LocationFiguresRow>(
    db,
    sql`WITH s AS (
          SELECT * FROM unnest(${intArray(segments.map((s) => s.locationId))}, ${textArray(segments.map((s) => s.unit))},
            ${textArray(segments.map((s) => s.start))}::date[], ${textArray(segments.map((s) => s.end))}::date[],
            ${intArray(segments.map((s) => s.sign))}) AS s(location_id, unit, start_day, end_day, sign)
        ),
        f AS (
          SELECT s.location_id, s.sign, ${figures}
          FROM s JOIN analytics_periods p ON p.location_id = s.location_id AND p.period_unit = s.unit AND p.period_start = s.start_day
          WHERE s.unit <> 'day'
          UNION ALL
          SELECT s.location_id, s.sign, ${figures}
          FROM s JOIN analytics_days a ON a.location_id = s.location_id AND a.day BETWEEN s.start_day AND s.end_day
          WHERE s.unit = 'day'
        )
        SELECT location_id AS "locationId", coalesce(sum(sign * orders), 0)::int AS "totalOrders",
               round(coalesce(sum(sign * purchases), 0) * 100)::bigint::text AS "totalPurchases",
               (coalesce(sum(sign * match_savings), 0)
                 + round((coalesce(sum(sign * rebates), 0) + coalesce(sum(sign * distributor_savings), 0)
                          + coalesce(sum(sign * inventory_view_savings), 0)) * 100))::bigint::text AS "totalSavings"
        FROM f GROUP BY location_id`,
  );
}

/** What the price variance shows and matches equivalents by, read with each bought offer. */
export interface ChainOfferColumns {
  /** The offer's description: what the row shows. */
  description: string;
  /** The item's name and generic name: what matching compares. */
  name: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  distributor: string;
  din: string;
  packSize: string;
  unitMeasure: string;
}

export interface BoughtOfferRow extends ChainOfferColumns {
  locationId: number;
  itemDistributorId: number;
  /** Dollars per unit of sale (numeric(12,2)), as text. */
  price: string;
  quantity: number;
}

/**
 * What each location of the chain bought in its range (issue 39 price variance): per location,
 * offer and price, the units of sale kept (cancelled orders out), with what matching needs of the
 * offer to find its equivalents (domain listEquivalentVariances groups them). Lines the rule
 * cannot price exactly per unit are left out: specials, market price, catch weight (paid by
 * weight), $0 lines. Every order line of the range: since migration 0048 the API reads the price
 * rollups instead (chain-variance.repo), and this from-scratch read is their test's oracle
 * (chain-aggregate.test.ts).
 */
export async function listBoughtOffers(db: Database, ranges: readonly LocationRange[]): Promise<BoughtOfferRow[]> {
  return queryRows<BoughtOfferRow>(
    db,
    sql`WITH r AS (${rangesSql(ranges)}),
      bought AS (
        SELECT o.location_id, oi.item_distributor_id, oi.price, sum(${analyticsLineQuantitySql})::int AS quantity
        FROM r
        JOIN orders o ON o.location_id = r.location_id AND o.status <> 'cancelled'
          AND o.created_at >= (r.start_day::timestamp AT TIME ZONE r.timezone)
          AND o.created_at < ((r.end_day + 1)::timestamp AT TIME ZONE r.timezone)
        JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        WHERE oi.item_distributor_id IS NOT NULL AND NOT oi.is_special AND NOT oi.is_market_price
          AND NOT oi.is_catch_weight AND oi.price > 0
        GROUP BY o.location_id, oi.item_distributor_id, oi.price
        HAVING sum(${analyticsLineQuantitySql}) > 0
      )
      SELECT b.location_id AS "locationId", b.item_distributor_id AS "itemDistributorId", b.price::text AS price,
             b.quantity, idd.description, i.name, i.generic_name AS "genericName", i.manufacturer,
             i.manufacturer_code AS "manufacturerCode", d.nickname AS distributor, idd.din, idd.pack_size AS "packSize",
             idd.unit_measure AS "unitMeasure"
      FROM bought b
      JOIN item_distributors idd ON idd.id = b.item_distributor_id
      JOIN items i ON i.id = idd.item_id
      JOIN distributors d ON d.id = idd.distributor_id
      ORDER BY b.item_distributor_id, b.location_id, b.price`,
  );
}
