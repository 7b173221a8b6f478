import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
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
  received_at: string | null;
  credit_refusal: string;
  credit_status: 'none' | 'open' | 'closed';
  first_invoice_image_id: number | null;
  receiving_version: number;
  received_by: string | null;
}

/** Who completed receiving of order `o` last (issue 33), by name; null before. */
export const receivedBySql = sql`(SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = o.received_by_user_id)`;

const headerColumns = sql`
  o.id, o.location_id, o.distributor_id, d.nickname AS distributor, o.status, o.custom_invoice_id,
  o.requested_delivery_date::text AS requested_delivery_date, o.requested_delivery_time, o.notes, o.payment_type,
  o.line_items, o.subtotal::text AS subtotal, o.delivery_fee::text AS delivery_fee, o.total::text AS total,
  o.total_rebates::text AS total_rebates, o.purchase_order_url, o.purchase_order_url_excel, o.po_status, o.documents_status,
  ${isoTimestamp(sql`o.po_status_at`)} AS po_status_at, ${isoTimestamp(sql`o.created_at`)} AS created_at,
  ${isoTimestamp(sql`o.received_at`)} AS received_at, o.credit_refusal::text AS credit_refusal, o.credit_status,
  o.receiving_version,
  ${receivedBySql} AS received_by`;

/** The location's time zone (the calendar createTimeDisplay is read on). */
export async function findLocationTimezone(db: Database, locationId: number): Promise<string> {
  const [row] = await queryRowsPrepared<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${locationId}`);
  return row?.timezone ?? 'America/New_York';
}

/** One page of the location's orders, newest first, and how many there are. */
export async function listOrders(
  db: Database,
  locationId: number,
  limit: number,
  offset: number,
): Promise<{ rows: OrderHeaderRow[]; totalCount: number }> {
  const rows = await queryRowsPrepared<OrderHeaderRow>(
    db,
    sql`SELECT ${headerColumns}, 0 AS item_count, NULL::int AS first_invoice_image_id
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${locationId}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRowsPrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${locationId}`,
  );
  return { rows, totalCount: count.count };
}

/** One order of the location with its item count; undefined for another location's. */
export async function findOrder(db: Database, locationId: number, orderId: number): Promise<OrderHeaderRow | undefined> {
  const [row] = await queryRowsPrepared<OrderHeaderRow>(
    db,
    sql`SELECT ${headerColumns},
               coalesce((SELECT sum(oi.quantity) FROM order_items oi WHERE oi.order_id = o.id AND oi.location_id = o.location_id), 0)::int AS item_count,
               (SELECT min(im.id) FROM order_invoice_images im
                 WHERE im.location_id = o.location_id AND im.order_id = o.id) AS first_invoice_image_id
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
  average_weight: string | null;
  received_weight: string | null;
  image_url: string;
  receive_checked: boolean;
  status_received: 'accepted' | 'rejected' | null;
  qty_reduction: number;
  reject_reason: string | null;
  reject_comment: string | null;
  received_quantity: number | null;
  is_edited: boolean;
  is_added_at_receiving: boolean;
  /** The catalogue item as it is now (for Reorder's blocked-add rules); null for lines without one. */
  item_status: string | null;
  is_unpurchasable: boolean | null;
  is_punched_out: boolean | null;
}

export async function listOrderItems(db: Database, locationId: number, orderId: number): Promise<OrderItemRow[]> {
  return queryRowsPrepared<OrderItemRow>(
    db,
    sql`SELECT oi.id, oi.item_distributor_id, oi.is_special, oi.description, oi.din, oi.brand, oi.pack_size, oi.unit_measure,
               oi.quantity, oi.price::text AS price, oi.is_market_price, oi.rebate::text AS rebate, oi.unit_price::text AS unit_price,
               oi.unit_quantity, oi.unit_size::text AS unit_size, oi.pack_size_uom, oi.is_catch_weight, oi.average_weight::text AS average_weight,
               oi.received_weight::text AS received_weight, oi.image_url,
               oi.receive_checked, oi.status_received, oi.qty_reduction, oi.reject_reason, oi.reject_comment,
               oi.received_quantity, oi.is_edited, oi.is_added_at_receiving,
               d.status AS item_status, d.is_unpurchasable, coalesce(li.is_punched_out, d.id IS NOT NULL) AS is_punched_out
        FROM order_items oi
        LEFT JOIN item_distributors d ON d.id = oi.item_distributor_id
        LEFT JOIN location_items li ON li.location_id = oi.location_id AND li.item_distributor_id = oi.item_distributor_id
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
  return queryRowsPrepared<OrderSwapRow>(
    db,
    sql`SELECT s.savings_per_case::text AS savings_per_case, s.quantity, od.pack_size AS old_pack_size, nd.pack_size AS new_pack_size
        FROM item_swaps s
        JOIN item_distributors od ON od.id = s.old_item_distributor_id
        JOIN item_distributors nd ON nd.id = s.new_item_distributor_id
        WHERE s.location_id = ${locationId} AND s.order_id = ${orderId} AND s.type = 'swap'`,
  );
}

export interface HistoryExportRow {
  id: number;
  custom_invoice_id: string | null;
  created_at: string;
  requested_delivery_date: string | null;
  distributor: string;
  line_items: number;
  total: string;
  credit_refusal: string;
  status: string;
}

/** Every order of the location for the history download, newest first (bounded by `limit`). */
export async function listOrdersForExport(db: Database, locationId: number, limit: number): Promise<HistoryExportRow[]> {
  return queryRows<HistoryExportRow>(
    db,
    sql`SELECT o.id, o.custom_invoice_id, ${isoTimestamp(sql`o.created_at`)} AS created_at,
               o.requested_delivery_date::text AS requested_delivery_date, d.nickname AS distributor, o.line_items,
               o.total::text AS total, o.credit_refusal::text AS credit_refusal, o.status
        FROM orders o JOIN distributors d ON d.id = o.distributor_id
        WHERE o.location_id = ${locationId}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${limit}`,
  );
}
