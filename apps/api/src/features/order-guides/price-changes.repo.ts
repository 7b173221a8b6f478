import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

export interface GuideRef {
  id: number;
  distributorId: number;
  startDate: string;
}

/** One of the location's guides and the one it replaced (the location's previous guide from that distributor). */
export async function selectGuideAndPrevious(
  db: Database,
  locationId: number,
  guideId: number,
): Promise<{ guide: GuideRef; previous: GuideRef | null } | undefined> {
  const rows = await queryRowsPrepared<GuideRef & { role: 'guide' | 'previous' }>(
    db,
    sql`WITH g AS (SELECT id, distributor_id, start_date, created_at FROM order_guides WHERE id = ${guideId} AND location_id = ${locationId})
        SELECT 'guide' AS role, g.id, g.distributor_id AS "distributorId", g.start_date::text AS "startDate" FROM g
        UNION ALL
        (SELECT 'previous', p.id, p.distributor_id, p.start_date::text
         FROM g JOIN order_guides p ON p.location_id = ${locationId} AND p.distributor_id = g.distributor_id
              AND (p.created_at, p.id) < (g.created_at, g.id)
         ORDER BY p.created_at DESC, p.id DESC LIMIT 1)`,
  );
  const guide = rows.find((row) => row.role === 'guide');
  if (!guide) return undefined;
  const previous = rows.find((row) => row.role === 'previous');
  const strip = ({ id, distributorId, startDate }: GuideRef): GuideRef => ({ id, distributorId, startDate });
  return { guide: strip(guide), previous: previous ? strip(previous) : null };
}

export interface GuideDifferenceRow {
  itemDistributorId: number;
  before: string | null;
  after: string | null;
  din: string;
  name: string;
  brand: string;
  packSize: string;
  unitMeasure: string;
}

/**
 * The lines whose price differs between two of the location's guides (or that only one carries).
 * Filtering here keeps a 50,000-line guide from crossing the wire when few prices moved.
 */
export async function selectGuideDifferences(
  db: Database,
  locationId: number,
  guideId: number,
  previousId: number | null,
): Promise<GuideDifferenceRow[]> {
  return queryRowsPrepared<GuideDifferenceRow>(
    db,
    sql`SELECT d.id AS "itemDistributorId", p.price::text AS before, n.price::text AS after, d.din,
               coalesce(nullif(d.description, ''), i.name) AS name, d.brand, d.pack_size AS "packSize", d.unit_measure AS "unitMeasure"
        FROM (SELECT item_distributor_id, price FROM order_guide_items WHERE order_guide_id = ${guideId} AND location_id = ${locationId}) n
        FULL JOIN (SELECT item_distributor_id, price FROM order_guide_items
                   WHERE order_guide_id = ${previousId ?? 0} AND location_id = ${locationId}) p
          ON p.item_distributor_id = n.item_distributor_id
        JOIN item_distributors d ON d.id = coalesce(n.item_distributor_id, p.item_distributor_id)
        JOIN items i ON i.id = d.item_id
        WHERE n.price IS DISTINCT FROM p.price`,
  );
}

export interface GroupOptionRow {
  groupId: number;
  groupName: string;
  itemDistributorId: number;
  distributorId: number;
  distributorName: string;
  name: string;
  packSize: string;
  unitMeasure: string;
  isPreferred: boolean;
  /** The location's price today; null when punched out or never carried. */
  currentPrice: string | null;
  /** The price on the guide and on the previous guide (null when not on it). */
  guidePrice: string | null;
  previousPrice: string | null;
}

/**
 * Every catalogue option of the location's generic groups that hold one of the items given. The
 * groups touched are found first (a materialized CTE, a few rows): left to itself the planner joined
 * every group line of the location to five tables and filtered at the end (about 6 ms at quick scale,
 * 0.6 ms this way).
 */
export async function selectGroupOptions(
  db: Database,
  locationId: number,
  itemDistributorIds: number[],
  guideId: number,
  previousId: number | null,
): Promise<GroupOptionRow[]> {
  if (itemDistributorIds.length === 0) return [];
  // The ids travel as one array parameter, so the text is fixed: a named statement, planned once per
  // connection (its planning cost more than its execution).
  return queryRowsPrepared<GroupOptionRow>(
    db,
    sql`WITH touched AS MATERIALIZED (
          SELECT DISTINCT group_id FROM inventory_group_items
           WHERE location_id = ${locationId} AND item_distributor_id = ANY(${`{${itemDistributorIds.join(',')}}`}::int[]))
        SELECT g.id AS "groupId", g.name AS "groupName", d.id AS "itemDistributorId", d.distributor_id AS "distributorId",
               dist.nickname AS "distributorName", coalesce(nullif(d.description, ''), i.name) AS name,
               d.pack_size AS "packSize", d.unit_measure AS "unitMeasure", gi.is_preferred AS "isPreferred",
               CASE WHEN li.is_punched_out THEN NULL ELSE li.price::text END AS "currentPrice",
               n.price::text AS "guidePrice", p.price::text AS "previousPrice"
        FROM touched t
        JOIN inventory_groups g ON g.id = t.group_id AND g.location_id = ${locationId}
        JOIN inventory_group_items gi ON gi.group_id = g.id AND gi.location_id = ${locationId} AND gi.kind = 'item'
        JOIN item_distributors d ON d.id = gi.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = d.id
        LEFT JOIN order_guide_items n ON n.order_guide_id = ${guideId} AND n.location_id = ${locationId} AND n.item_distributor_id = d.id
        LEFT JOIN order_guide_items p ON p.order_guide_id = ${previousId ?? 0} AND p.location_id = ${locationId} AND p.item_distributor_id = d.id
        ORDER BY g.id, d.id`,
  );
}
