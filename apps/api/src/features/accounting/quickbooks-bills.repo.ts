/** SQL of the QuickBooks bills (doc 3 §7): the billed lines of the location's orders in a date range. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

export interface BillLineRow {
  order_id: number;
  custom_invoice_id: string | null;
  bill_date: string;
  distributor: string;
  payable_terms: number;
  delivery_fee: string;
  description: string;
  pack_size: string;
  amount: string;
  gl_code: string | null;
}

/**
 * The lines of the location's orders billed in a date range (not cancelled; the bill date is the
 * requested delivery date, else the order date in the location's zone): received cases when
 * receiving is complete, else ordered, times the line price; the item's GL code when tagged.
 */
export async function selectBillLines(db: Database, locationId: number, startDate: string, endDate: string) {
  return queryRows<BillLineRow>(
    db,
    sql`WITH bills AS (
          SELECT o.id, o.custom_invoice_id, o.distributor_id, o.delivery_fee,
                 COALESCE(o.requested_delivery_date, (o.created_at AT TIME ZONE o.timezone)::date) AS bill_date
          FROM orders o WHERE o.location_id = ${locationId} AND o.status <> 'cancelled')
        SELECT b.id AS order_id, b.custom_invoice_id, b.bill_date::text AS bill_date, dist.nickname AS distributor,
               COALESCE(ld.payable_terms, 0) AS payable_terms, b.delivery_fee::text AS delivery_fee,
               oi.description, oi.pack_size, (oi.price * COALESCE(oi.received_quantity, oi.quantity))::numeric(14, 2)::text AS amount,
               g.code AS gl_code
        FROM bills b
        JOIN distributors dist ON dist.id = b.distributor_id
        LEFT JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = b.distributor_id
        JOIN order_items oi ON oi.order_id = b.id AND oi.location_id = ${locationId}
        LEFT JOIN merchant_accountings ma ON ma.location_id = ${locationId} AND ma.item_distributor_id = oi.item_distributor_id
        LEFT JOIN accounting_gl_codes g ON g.id = ma.gl_code_id AND g.location_id = ma.location_id
        WHERE b.bill_date BETWEEN ${startDate}::date AND ${endDate}::date
        ORDER BY b.bill_date, b.id, oi.id`,
  );
}
