import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { isDistributorVisibleSql } from '../../platform/distributor-accounts';

export interface DirectoryRow {
  id: number;
  nickname: string;
  website: string;
  orderGuideLayout: string;
  isPrivate: boolean;
  isAdded: boolean;
}

/** The distributors the location may add whose name contains the text, A to Z (issue 31). */
export async function searchVisibleDistributors(db: Database, locationId: number, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<DirectoryRow>(
    db,
    sql`SELECT d.id, d.nickname, d.website, d.order_guide_layout AS "orderGuideLayout", NOT d.in_directory AS "isPrivate",
               EXISTS (SELECT 1 FROM location_distributors ld WHERE ld.location_id = ${locationId} AND ld.distributor_id = d.id) AS "isAdded"
        FROM distributors d
        WHERE ${isDistributorVisibleSql(locationId)} AND d.nickname ILIKE ${pattern}
        ORDER BY lower(d.nickname), d.id
        LIMIT ${limit}`,
  );
}

export async function findVisibleDistributor(db: Database, locationId: number, where: { id: number } | { name: string }) {
  const [row] = await queryRows<DirectoryRow>(
    db,
    sql`SELECT d.id, d.nickname, d.website, d.order_guide_layout AS "orderGuideLayout", NOT d.in_directory AS "isPrivate",
               EXISTS (SELECT 1 FROM location_distributors ld WHERE ld.location_id = ${locationId} AND ld.distributor_id = d.id) AS "isAdded"
        FROM distributors d
        WHERE ${isDistributorVisibleSql(locationId)}
          AND ${'id' in where ? sql`d.id = ${where.id}` : sql`lower(d.nickname) = lower(${where.name})`}
        ORDER BY d.in_directory DESC, d.id
        LIMIT 1`,
  );
  return row ?? null;
}

/** A distributor added by name at the location, owned by it and by its restaurant when it has one. */
export async function insertPrivateDistributor(db: Database, locationId: number, nickname: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO distributors (nickname, owner_location_id, owner_restaurant_id)
        VALUES (${nickname}, ${locationId}, (SELECT restaurant_id FROM restaurant_locations WHERE location_id = ${locationId}))
        RETURNING id`,
  );
  return row.id;
}

export interface OrderingTermsRow {
  deliveryWeekdays: number[];
  orderCutoffTime: string | null;
  orderCutoffDaysBefore: number;
  minOrderAmount: string;
  isMinOrderAmountRequired: boolean;
  deliveryFee: string;
}

/** The ordering terms of the location's account with the distributor; null when it does not buy from it. */
export async function selectOrderingTerms(db: Database, locationId: number, distributorId: number) {
  const [row] = await queryRows<OrderingTermsRow>(
    db,
    sql`SELECT delivery_weekdays::int[] AS "deliveryWeekdays", order_cutoff_time AS "orderCutoffTime",
               order_cutoff_days_before::int AS "orderCutoffDaysBefore", min_order_amount::text AS "minOrderAmount",
               (is_min_order_amount_required OR skip_min_order) AS "isMinOrderAmountRequired", delivery_fee::text AS "deliveryFee"
        FROM location_distributors WHERE location_id = ${locationId} AND distributor_id = ${distributorId}`,
  );
  return row ?? null;
}
