import { sql } from 'drizzle-orm';
import type { Database } from '../src/client';

/**
 * Receiving state of the demo's delivered orders (issue 18): every line of a received order was
 * accepted, except on every seventh received order, whose first line of two cases or more had one
 * case rejected as Bad or damaged (a credit on the order). Received orders carry an invoice number.
 * Invoice reconciliation: the every-seventh orders carry their invoice as received (the rejected
 * case not billed), and every eleventh other received order was billed one case more than arrived on
 * its first line, a credit still open. Catch-weight lines are weighed in full (order-history.ts), so
 * the reject and the extra case fall on lines sold by the case. Deterministic: driven by order ids only.
 */
export async function seedReceiving(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE order_items oi SET receive_checked = true, status_received = 'accepted', received_quantity = oi.quantity
    FROM orders o WHERE o.id = oi.order_id AND o.status = 'received'`);
  await db.execute(sql`
    WITH picked AS (
      SELECT DISTINCT ON (oi.order_id) oi.id
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.status = 'received' AND o.id % 7 = 0 AND oi.quantity >= 2 AND oi.price > 0 AND NOT oi.is_catch_weight
      ORDER BY oi.order_id, oi.id
    )
    UPDATE order_items oi SET status_received = 'rejected', qty_reduction = 1, reject_reason = 'Bad or damaged',
                              received_quantity = oi.quantity - 1
    FROM picked WHERE picked.id = oi.id`);
  await db.execute(sql`
    UPDATE orders o SET
      received_at = coalesce(o.requested_delivery_date::timestamp + interval '10 hours', o.created_at) AT TIME ZONE o.timezone,
      custom_invoice_id = coalesce(o.custom_invoice_id, 'INV-' || (100000 + o.id)),
      credit_refusal = coalesce((SELECT sum(oi.price * oi.qty_reduction) FROM order_items oi
                                 WHERE oi.order_id = o.id AND oi.status_received = 'rejected'), 0),
      credit_status = CASE WHEN EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.status_received = 'rejected')
                           THEN 'closed' ELSE 'none' END
    WHERE o.status = 'received'`);
  await db.execute(sql`
    UPDATE order_items oi SET invoiced_quantity = oi.received_quantity, invoiced_price = oi.price
    FROM orders o WHERE o.id = oi.order_id AND o.status = 'received' AND (o.id % 7 = 0 OR o.id % 11 = 0)`);
  await db.execute(sql`
    WITH billed AS (
      SELECT DISTINCT ON (oi.order_id) oi.id, oi.order_id
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.status = 'received' AND o.id % 11 = 0 AND o.id % 7 <> 0 AND oi.price > 0 AND NOT oi.is_catch_weight
      ORDER BY oi.order_id, oi.id
    ), lines AS (
      UPDATE order_items oi SET invoiced_quantity = oi.received_quantity + 1 FROM billed WHERE billed.id = oi.id
      RETURNING oi.order_id
    )
    UPDATE orders o SET credit_status = 'open' FROM lines WHERE lines.order_id = o.id`);
}
