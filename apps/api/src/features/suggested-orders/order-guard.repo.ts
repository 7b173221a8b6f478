/** What the review-order guard reads (issue 37), SQL only: a distributor's cart lines, recent quantities, orders placed. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';

/** How many recent orders of an item make its usual quantity. */
const USUAL_WINDOW = 5;

export interface GuardCartRow {
  itemDistributorId: number;
  name: string;
  quantity: number;
}

/** The location's cart lines of one distributor's catalogue items. */
export async function selectDistributorCartLines(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<GuardCartRow[]> {
  return queryRows<GuardCartRow>(
    db,
    sql`SELECT ci.item_distributor_id AS "itemDistributorId", i.name, ci.quantity
        FROM cart_items ci
        JOIN item_distributors d ON d.id = ci.item_distributor_id
        JOIN items i ON i.id = d.item_id
        WHERE ci.location_id = ${locationId} AND d.distributor_id = ${distributorId} AND ci.quantity > 0
        ORDER BY ci.id`,
  );
}

/** The quantities of each item's last few orders (newest first). */
export async function selectRecentQuantities(
  db: Database,
  locationId: number,
  itemDistributorIds: readonly number[],
): Promise<{ itemDistributorId: number; quantity: number }[]> {
  if (itemDistributorIds.length === 0) return [];
  return queryRows(
    db,
    sql`SELECT "itemDistributorId", quantity FROM (
          SELECT oi.item_distributor_id AS "itemDistributorId", oi.quantity,
                 row_number() OVER (PARTITION BY oi.item_distributor_id ORDER BY o.created_at DESC, o.id DESC) AS n
          FROM order_items oi JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
          WHERE oi.location_id = ${locationId} AND oi.item_distributor_id = ANY(${intArray(itemDistributorIds)})
            AND o.status <> 'cancelled') recent
        WHERE n <= ${USUAL_WINDOW}`,
  );
}

/** Whether an order to the distributor for that delivery date was already placed (not cancelled). */
export async function hasOrderForDate(db: Database, locationId: number, distributorId: number, date: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE location_id = ${locationId} AND distributor_id = ${distributorId}
          AND requested_delivery_date = ${date}::date AND status <> 'cancelled' LIMIT 1`,
  );
  return rows.length > 0;
}

export interface ChoiceRow {
  genericGroupId: number;
  group: string;
  itemDistributorId: number;
  suggested: number;
  ordered: number;
}

/** Keeps the suggested lines a buyer added, with the cases chosen (issue 37 "It learns"). */
export async function insertChoices(db: Database, locationId: number, userId: number, rows: readonly ChoiceRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) => sql`(${locationId}, ${r.genericGroupId}, ${r.group}, ${r.itemDistributorId}, ${r.suggested}, ${r.ordered}, ${userId})`,
  );
  await db.execute(
    sql`INSERT INTO suggested_order_choices (location_id, generic_group_id, group_name, item_distributor_id, suggested, ordered, user_id)
        VALUES ${sql.join(values, sql`, `)}`,
  );
}

/** The location's latest choices, newest first: the report's window. */
export async function selectChoices(
  db: Database,
  locationId: number,
): Promise<{ genericGroupId: number; group: string; suggested: number; ordered: number }[]> {
  return queryRows(
    db,
    sql`SELECT generic_group_id AS "genericGroupId", group_name AS "group", suggested, ordered
        FROM suggested_order_choices WHERE location_id = ${locationId}
        ORDER BY created_at DESC, id DESC LIMIT 2000`,
  );
}
