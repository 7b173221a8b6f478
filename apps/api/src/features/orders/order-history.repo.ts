import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { isoTimestamp } from '../../platform/sql';

export interface OrderHeaderRow {
  id: number;
  location_id: number;
  distributor_id: number;
  distributor: string;
  status: string;
  custom_invoice_id: string | null;
  requested_delivery_date: string | null;
  requested_delivery_time: string | null;
  notes: string;
  payment_type: 'terms' | 'card';
  line_items: number;
  subtotal: string;
  delivery_fee: string;
  total: string;
  total_rebates: string;
  purchase_order_url: string | null;
  purchase_order_url_excel: string | null;
  po_status: 'queued' | 'sent' | 'failed' | null;
  po_status_at: string | null;
  documents_status: 'pending' | 'ready' | 'failed';
  created_at: string;
  item_count: number;
}

const headerColumns = sql`
  o.id, o.location_id, o.distributor_id, d.nickname AS distributor, o.status, o.custom_invoice_id,
  o.requested_delivery_date::text AS requested_delivery_date, o.requested_delivery_time, o.notes, o.payment_type,
  o.line_items, o.subtotal::text AS subtotal, o.delivery_fee::text AS delivery_fee, o.total::text AS total,
  o.total_rebates::text AS total_rebates, o.purchase_order_url, o.purchase_order_url_excel, o.po_status, o.documents_status,
  ${isoTimestamp(sql`o.po_status_at`)} AS po_status_at, ${isoTimestamp(sql`o.created_at`)} AS created_at`;

/** The location's time zone (the calendar createTimeDisplay is read on). */
export async function findLocationTimezone(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${locationId}`);
  return row?.timezone ?? 'America/New_York';
}

/** One page of the location's orders, newest first, and how many there are. */
export async function listOrders(
  db: Database,
  locationId: number,
  limit: number,
  offset: number,
): Promise<{ rows: OrderHeaderRow[]; totalCount: number }> {
  const rows = await queryRows<OrderHeaderRow>(
    db,
    sql`SELECT ${headerColumns}, 0 AS item_count
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${locationId}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${locationId}`,
  );
  return { rows, totalCount: count.count };
}

/** One order of the location with its item count; undefined for another location's. */
export async function findOrder(db: Database, locationId: number, orderId: number): Promise<OrderHeaderRow | undefined> {
  const [row] = await queryRows<OrderHeaderRow>(
    db,
    sql`SELECT ${headerColumns},
               coalesce((SELECT sum(oi.quantity) FROM order_items oi WHERE oi.order_id = o.id), 0)::int AS item_count
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${locationId} AND o.id = ${orderId}`,
  );
  return row;
}

export interface OrderItemRow {
  id: number;
  item_distributor_id: number | null;
  is_special: boolean;
  description: string;
  din: string;
  brand: string;
  pack_size: string;
  unit_measure: string;
  quantity: number;
  price: string;
  is_market_price: boolean;
  rebate: string;
  unit_price: string | null;
  unit_quantity: number | null;
  unit_size: string | null;
  pack_size_uom: string;
  is_catch_weight: boolean;
  image_url: string;
}

export async function listOrderItems(db: Database, locationId: number, orderId: number): Promise<OrderItemRow[]> {
  return queryRows<OrderItemRow>(
    db,
    sql`SELECT oi.id, oi.item_distributor_id, oi.is_special, oi.description, oi.din, oi.brand, oi.pack_size, oi.unit_measure,
               oi.quantity, oi.price::text AS price, oi.is_market_price, oi.rebate::text AS rebate, oi.unit_price::text AS unit_price,
               oi.unit_quantity, oi.unit_size::text AS unit_size, oi.pack_size_uom, oi.is_catch_weight, oi.image_url
        FROM order_items oi
        WHERE oi.location_id = ${locationId} AND oi.order_id = ${orderId}
        ORDER BY oi.id`,
  );
}

export interface OrderSwapRow {
  savings_per_case: string;
  quantity: number;
  old_pack_size: string;
  new_pack_size: string;
}

/** The accepted swaps that went out with an order. */
export async function listOrderSwaps(db: Database, locationId: number, orderId: number): Promise<OrderSwapRow[]> {
  return queryRows<OrderSwapRow>(
    db,
    sql`SELECT s.savings_per_case::text AS savings_per_case, s.quantity, od.pack_size AS old_pack_size, nd.pack_size AS new_pack_size
        FROM item_swaps s
        JOIN item_distributors od ON od.id = s.old_item_distributor_id
        JOIN item_distributors nd ON nd.id = s.new_item_distributor_id
        WHERE s.location_id = ${locationId} AND s.order_id = ${orderId} AND s.type = 'swap'`,
  );
}
