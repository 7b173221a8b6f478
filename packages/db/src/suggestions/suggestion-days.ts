/**
 * The suggested order's history aggregates (issue 37, migration `0050_suggestion_days`): per location
 * and day, the cases received per item (`suggestion_receipt_days`), the POS net sold per recipe
 * (`suggestion_pos_days`) and whether the day had POS sales at all (`suggestion_sale_days`).
 *
 * Triggers on orders, order_items, pos_sales and pos_item_recipes mark the days whose history changed
 * in `suggestion_dirty_days`; a read calls `refreshSuggestionDays` first when the location has marked
 * days (`suggestionDaysStaleSql`), which rewrites only those days. The rows are sums of the history
 * alone, so every write path is covered and the answer built from them is the one built from the
 * history (docs/decisions.md "Suggested orders: the history aggregates").
 */
import { sql, type SQL } from 'drizzle-orm';
import { dateArray } from '../sql-arrays';
import type { Database } from '../client';
import { markedDaysExistSql, refreshEveryMarkedLocation, rewriteMarkedDays, type MarkedDaysTable } from '../marked-days';

const MARKED: MarkedDaysTable = { name: 'suggestion_dirty_days', lockNamespace: 741337 };

/**
 * The cases received per item on the given local days: accepted lines, the received quantity over the
 * ordered one less its reduction (the suggested order's receipts, issue 37). Orders carry their own
 * time zone; the range on received_at (a day either side) only narrows the scan.
 */
async function writeReceiptDays(tx: Database, locationId: number, days: readonly string[]): Promise<void> {
  const first = days.reduce((a, b) => (a < b ? a : b));
  const last = days.reduce((a, b) => (a > b ? a : b));
  await tx.execute(sql`DELETE FROM suggestion_receipt_days WHERE location_id = ${locationId} AND day = ANY(${dateArray(days)})`);
  await tx.execute(sql`INSERT INTO suggestion_receipt_days (location_id, day, item_distributor_id, cases)
    SELECT ${locationId}, (o.received_at AT TIME ZONE o.timezone)::date, oi.item_distributor_id,
           sum(coalesce(oi.received_quantity, oi.quantity - oi.qty_reduction))
    FROM orders o
    JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
    WHERE o.location_id = ${locationId} AND o.received_at IS NOT NULL
      AND o.received_at >= ${first}::date - 1 AND o.received_at < ${last}::date + 2
      AND (o.received_at AT TIME ZONE o.timezone)::date = ANY(${dateArray(days)})
      AND oi.item_distributor_id IS NOT NULL
      AND oi.status_received IS DISTINCT FROM 'rejected'
    GROUP BY 2, 3`);
}

/** POS net sold per recipe (through the location's POS item → recipe table) and the days with any sales, on the given business days. */
async function writePosDays(tx: Database, locationId: number, days: readonly string[]): Promise<void> {
  const onDays = sql`location_id = ${locationId} AND business_date = ANY(${dateArray(days)})`;
  await tx.execute(sql`DELETE FROM suggestion_pos_days WHERE ${onDays}`);
  await tx.execute(sql`DELETE FROM suggestion_sale_days WHERE ${onDays}`);
  await tx.execute(sql`INSERT INTO suggestion_pos_days (location_id, business_date, recipe_id, sold, voided)
    SELECT ${locationId}, s.business_date, m.recipe_id, sum(s.quantity_sold), sum(s.quantity_void)
    FROM pos_sales s
    JOIN pos_item_recipes m ON m.location_id = s.location_id AND lower(m.item_name) = lower(s.item_name)
    WHERE s.location_id = ${locationId} AND s.business_date = ANY(${dateArray(days)})
    GROUP BY 2, 3`);
  await tx.execute(sql`INSERT INTO suggestion_sale_days (location_id, business_date)
    SELECT DISTINCT ${locationId}::int, business_date FROM pos_sales WHERE ${onDays}`);
}

/**
 * Rewrites the location's marked days, serialised per location, in its own transaction. Returns how
 * many days it rewrote (0: the aggregate was current).
 */
export async function refreshSuggestionDays(db: Database, locationId: number): Promise<number> {
  return rewriteMarkedDays<{ source: string; day: string }>(
    db,
    MARKED,
    locationId,
    sql`source::text AS source, day::text AS day`,
    async (tx, marks) => {
      const receiptDays = marks.filter((m) => m.source === 'r').map((m) => m.day);
      const posDays = marks.filter((m) => m.source === 'p').map((m) => m.day);
      if (receiptDays.length > 0) await writeReceiptDays(tx, locationId, receiptDays);
      if (posDays.length > 0) await writePosDays(tx, locationId, posDays);
    },
  );
}

/** Whether the location has days waiting to be rewritten (one index probe). */
export const suggestionDaysStaleSql = (locationId: SQL | number): SQL => markedDaysExistSql(MARKED, locationId);

/** Tops up every marked location (seeds and loaders, after their bulk writes; a location's first read would otherwise). */
export async function refreshAllSuggestionDays(db: Database): Promise<number> {
  return refreshEveryMarkedLocation(db, MARKED, refreshSuggestionDays);
}
