import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { locationDistributors, orderItems, orders, paymentMethods, queryRowsPrepared, type Database } from '@stockpot/db';

export { findLocation, type LocationRow } from '../../platform/locations.repo';

/**
 * A location's account with a distributor (doc 1 §3 "Distributor (ordering fields)"): the
 * location_distributors row as the schema types it, with the distributor's name and the delivery
 * weekdays as text ("1,3,5").
 */
export type AccountRow = Pick<
  typeof locationDistributors.$inferSelect,
  'distributorId' | 'customerNumber' | 'minOrderAmount' | 'skipMinOrder' | 'isMinOrderAmountRequired' | 'acceptCc' | 'isDelivery'
> & { distributor: string; deliveryWeekdays: string; orderCutoffTime: string | null; orderCutoffDaysBefore: number };

export async function findAccount(db: Database, locationId: number, distributorId: number): Promise<AccountRow | undefined> {
  const [row] = await queryRowsPrepared<AccountRow>(
    db,
    sql`SELECT ld.distributor_id AS "distributorId", d.nickname AS distributor, ld.customer_number AS "customerNumber",
               ld.min_order_amount::text AS "minOrderAmount", ld.skip_min_order AS "skipMinOrder",
               ld.is_min_order_amount_required AS "isMinOrderAmountRequired", ld.accept_cc::int AS "acceptCc",
               ld.is_delivery::int AS "isDelivery", array_to_string(ld.delivery_weekdays, ',') AS "deliveryWeekdays",
               ld.order_cutoff_time AS "orderCutoffTime", ld.order_cutoff_days_before::int AS "orderCutoffDaysBefore"
        FROM location_distributors ld JOIN distributors d ON d.id = ld.distributor_id
        WHERE ld.location_id = ${locationId} AND ld.distributor_id = ${distributorId}`,
  );
  return row;
}

export async function findPaymentMethod(
  db: Database,
  locationId: number,
  token: string,
): Promise<{ id: number; gateway: string; last4: string } | undefined> {
  const [row] = await db
    .select({ id: paymentMethods.id, gateway: paymentMethods.gateway, last4: paymentMethods.last4 })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.locationId, locationId), eq(paymentMethods.token, token)))
    .limit(1);
  return row;
}

export async function findOrderByKey(
  db: Database,
  locationId: number,
  idempotencyKey: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  const [row] = await queryRowsPrepared<{ id: number; requestHash: string | null }>(
    db,
    sql`SELECT id, request_hash AS "requestHash" FROM orders
        WHERE location_id = ${locationId} AND idempotency_key = ${idempotencyKey} LIMIT 1`,
  );
  return row;
}

export type NewOrder = typeof orders.$inferInsert;
/**
 * The columns an order line is written with besides its location: every one given (a missing key
 * would be NULL, not the column's default).
 */
const ORDER_ITEM_KEYS = [
  'orderId',
  'itemDistributorId',
  'isSpecial',
  'description',
  'din',
  'brand',
  'packSize',
  'unitMeasure',
  'quantity',
  'price',
  'isMarketPrice',
  'rebate',
  'unitPrice',
  'unitQuantity',
  'unitSize',
  'packSizeUom',
  'isCatchWeight',
  'averageWeight',
  'imageUrl',
] as const satisfies readonly (keyof typeof orderItems.$inferSelect)[];

/** An order line as it is written. */
export type NewOrderItem = Pick<typeof orderItems.$inferSelect, 'locationId' | (typeof ORDER_ITEM_KEYS)[number]>;

const ORDER_ITEM_COLUMNS = ORDER_ITEM_KEYS.map((key) => getTableColumns(orderItems)[key].name);

/**
 * The order's row. Drizzle builds the statement (its columns and encodings), which then runs named:
 * every order has the same columns, so the text is the same and each connection plans it once.
 */
export async function insertOrder(db: Database, values: NewOrder): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    db.insert(orders).values(values).returning({ id: orders.id }).getSQL(),
  );
  return row.id;
}

/**
 * The order's lines in one named statement of a fixed text (a VALUES row per line would make a
 * statement per line count), typed by the table's own row type, in the order given: ids follow the
 * lines as submitted. The location stays named in the text: the shard key (docs/scaling.md).
 */
export async function insertOrderItems(db: Database, rows: NewOrderItem[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      location_id: row.locationId,
      ...Object.fromEntries(ORDER_ITEM_KEYS.map((key, i) => [ORDER_ITEM_COLUMNS[i], row[key]])),
    })),
  );
  const columns = sql.raw(ORDER_ITEM_COLUMNS.join(', '));
  await queryRowsPrepared(
    db,
    sql`INSERT INTO order_items (location_id, ${columns})
        SELECT location_id, ${columns} FROM jsonb_populate_recordset(NULL::order_items, ${json}::jsonb) WITH ORDINALITY AS l
        ORDER BY l.ordinality`,
  );
}

export async function deleteCartLines(db: Database, locationId: number, ids: number[]): Promise<void> {
  const json = JSON.stringify(ids);
  await queryRowsPrepared(
    db,
    sql`DELETE FROM cart_items WHERE location_id = ${locationId}
        AND id IN (SELECT value::int FROM jsonb_array_elements_text(${json}::jsonb))`,
  );
}

export { bumpCart, EMPTY_CART_VERSION, readCartVersion } from '../../platform/cart/cart-version.repo';

export interface PurchasedLine {
  itemDistributorId: number;
  quantity: number;
  /** Decimal string, dollars. */
  price: string;
}

/** Keeps the location's purchase summary current (Purchased tag, Most Purchased sort), one statement. */
export async function recordPurchases(db: Database, locationId: number, today: string, lines: PurchasedLine[]): Promise<void> {
  if (!lines.length) return;
  const json = JSON.stringify(lines);
  await queryRowsPrepared(
    db,
    sql`UPDATE location_items li SET
          purchased_quantity = li.purchased_quantity + l.quantity,
          last_purchased_date = ${today}::date,
          last_purchased_qty = l.quantity,
          last_purchased_price = l.price,
          updated_at = now()
        FROM jsonb_to_recordset(${json}::jsonb) AS l("itemDistributorId" integer, quantity integer, price numeric(12, 2))
        WHERE li.location_id = ${locationId} AND li.item_distributor_id = l."itemDistributorId"`,
  );
}

/** Ties the accepted swaps of the ordered lines to the order, with the quantity ordered of the new item. */
export async function linkSwapsToOrder(
  db: Database,
  locationId: number,
  orderId: number,
  lines: { swapId: number; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const json = JSON.stringify(lines);
  await queryRowsPrepared(
    db,
    sql`UPDATE item_swaps s SET order_id = ${orderId}, quantity = l.quantity
        FROM jsonb_to_recordset(${json}::jsonb) AS l("swapId" integer, quantity integer)
        WHERE s.id = l."swapId" AND s.location_id = ${locationId} AND s.type = 'swap' AND s.order_id IS NULL`,
  );
}
