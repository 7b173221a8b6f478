/**
 * What the suggested order reads of the active location (issue 37), SQL only: its generic groups
 * and their catalogue items, the last completed counts (the inventories' snapshots, not the live
 * counts that completing an inventory zeroes), what was received since the oldest of those counts,
 * what is on the way, and the distributors' delivery terms. Each read is bounded by the location
 * and by the last few counts, never the whole order history.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';
import type { HistorySource } from './pos-basis.repo';

/** The counts the model measures use across: enough weeks to see a rhythm, few enough to stay cheap. */
export const COUNTS_WINDOW = 8;

export interface GroupItemRow {
  groupId: number;
  group: string;
  parLevel: string;
  unitId: number;
  itemDistributorId: number | null;
  isPreferred: boolean;
  customPackSize: string | null;
}

/** The location's groups with their catalogue items (a group with none still comes, once, without an item). */
export async function selectGroupItems(db: Database, locationId: number): Promise<GroupItemRow[]> {
  return queryRows<GroupItemRow>(
    db,
    sql`SELECT g.id AS "groupId", g.name AS "group", g.par_level::text AS "parLevel", g.unit_id AS "unitId",
               gi.item_distributor_id AS "itemDistributorId", coalesce(gi.is_preferred, false) AS "isPreferred",
               gi.custom_pack_size AS "customPackSize"
        FROM inventory_groups g
        JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
        LEFT JOIN inventory_group_items gi ON gi.group_id = g.id AND gi.location_id = g.location_id AND gi.kind = 'item'
        WHERE g.location_id = ${locationId}
        ORDER BY l.sort, l.id, g.sort, g.id, gi.sort_index, gi.id`,
  );
}

export interface SnapshotRow {
  groupId: number;
  date: string;
  packSize: string;
  totalOnHand: string;
}

/** The items of the location's last completed inventories, with the date each was completed. */
export async function selectRecentCounts(db: Database, locationId: number): Promise<SnapshotRow[]> {
  return queryRows<SnapshotRow>(
    db,
    sql`WITH inv AS (
          SELECT id, completed_date FROM inventories
          WHERE location_id = ${locationId} AND status = 'completed'
          ORDER BY completed_date DESC, id DESC LIMIT ${COUNTS_WINDOW})
        SELECT s.group_id AS "groupId", to_char(inv.completed_date, 'YYYY-MM-DD') AS date,
               coalesce(s.custom_pack_size, s.pack_size) AS "packSize", s.total_on_hand::text AS "totalOnHand"
        FROM inv JOIN inventory_snapshot_items s ON s.location_id = ${locationId} AND s.inventory_id = inv.id`,
  );
}

export interface ReceivedRow {
  itemDistributorId: number;
  date: string;
  quantity: number;
}

/**
 * Cases received per item and local date after `since` (accepted lines, received quantity over
 * ordered): from the daily aggregate (`suggestion_receipt_days`, migration 0050), or, `scan`, from the
 * orders themselves (the reference the aggregate is tested against, and the backtest's).
 */
export async function selectReceived(
  db: Database,
  locationId: number,
  itemDistributorIds: readonly number[],
  since: string,
  source: HistorySource = 'aggregate',
): Promise<ReceivedRow[]> {
  if (itemDistributorIds.length === 0) return [];
  if (source === 'aggregate') {
    return queryRows<ReceivedRow>(
      db,
      sql`SELECT item_distributor_id AS "itemDistributorId", to_char(day, 'YYYY-MM-DD') AS date, cases::int AS quantity
          FROM suggestion_receipt_days
          WHERE location_id = ${locationId} AND day > ${since}::date
            AND item_distributor_id = ANY(${intArray(itemDistributorIds)})`,
    );
  }
  return queryRows<ReceivedRow>(
    db,
    sql`SELECT oi.item_distributor_id AS "itemDistributorId",
               to_char((o.received_at AT TIME ZONE o.timezone)::date, 'YYYY-MM-DD') AS date,
               sum(coalesce(oi.received_quantity, oi.quantity - oi.qty_reduction))::int AS quantity
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        WHERE o.location_id = ${locationId} AND o.received_at IS NOT NULL
          AND (o.received_at AT TIME ZONE o.timezone)::date > ${since}::date
          AND oi.item_distributor_id = ANY(${intArray(itemDistributorIds)})
          AND oi.status_received IS DISTINCT FROM 'rejected'
        GROUP BY 1, 2`,
  );
}

export interface InTransitRow {
  itemDistributorId: number;
  quantity: number;
  arrival: string | null;
}

/** Cases on orders placed and not yet received, per item, with the first requested delivery date. */
export async function selectInTransit(
  db: Database,
  locationId: number,
  itemDistributorIds: readonly number[],
): Promise<InTransitRow[]> {
  if (itemDistributorIds.length === 0) return [];
  return queryRows<InTransitRow>(
    db,
    sql`SELECT oi.item_distributor_id AS "itemDistributorId", sum(oi.quantity)::int AS quantity,
               to_char(min(o.requested_delivery_date), 'YYYY-MM-DD') AS arrival
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        WHERE o.location_id = ${locationId} AND o.status = 'submitted' AND o.received_at IS NULL
          AND oi.item_distributor_id = ANY(${intArray(itemDistributorIds)})
        GROUP BY 1`,
  );
}

export interface DistributorTermsRow {
  distributorId: number;
  distributor: string;
  deliveryWeekdays: number[];
  orderCutoffTime: string | null;
  orderCutoffDaysBefore: number;
}

/** The location's accounts: each distributor's delivery weekdays and order cut-off. */
export async function selectDistributorTerms(db: Database, locationId: number): Promise<DistributorTermsRow[]> {
  return queryRows<DistributorTermsRow>(
    db,
    sql`SELECT ld.distributor_id AS "distributorId", d.nickname AS distributor,
               ld.delivery_weekdays::int[] AS "deliveryWeekdays", ld.order_cutoff_time AS "orderCutoffTime",
               ld.order_cutoff_days_before::int AS "orderCutoffDaysBefore"
        FROM location_distributors ld JOIN distributors d ON d.id = ld.distributor_id
        WHERE ld.location_id = ${locationId}`,
  );
}
