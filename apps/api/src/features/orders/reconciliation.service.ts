import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { parseCents, reconcileOrder, type Reconciliation } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';

/**
 * Invoice reconciliation of one order (issue 18 "Beyond the spec"): ordered vs received vs invoiced
 * per line, the credit owed and its status. Invoiced quantities and prices come from electronic
 * invoices, which Stockpot does not receive yet, so every line is reconciled against receiving
 * until they do (the rule in the domain already takes them).
 */
export async function getReconciliation(db: Database, locationId: number, orderId: number): Promise<Reconciliation> {
  const [order] = await queryRows<{ credit_status: string }>(
    db,
    sql`SELECT credit_status FROM orders WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
  if (!order) throw notFound('Order');
  const lines = await queryRows<{
    id: number;
    description: string;
    quantity: number;
    original_quantity: number | null;
    price: string;
    original_price: string | null;
    received_quantity: number | null;
  }>(
    db,
    sql`SELECT id, description, quantity, original_quantity, price::text AS price, original_price::text AS original_price,
               received_quantity
        FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
  return reconcileOrder(
    lines.map((line) => ({
      orderItemId: line.id,
      description: line.description,
      orderedQuantity: line.original_quantity ?? line.quantity,
      orderedPrice: parseCents(line.original_price ?? line.price),
      receivedQuantity: line.received_quantity,
      invoicedQuantity: null,
      invoicedPrice: null,
    })),
    order.credit_status === 'closed',
  );
}

/** Marks the credit of an order settled (closed); only an order with credit owed has one to close. */
export async function closeCredit(db: Database, locationId: number, orderId: number): Promise<Reconciliation> {
  const current = await getReconciliation(db, locationId, orderId);
  if (current.creditOwed === 0) throw badRequest('This order has no credit owed to close.', 'bad_request');
  await db.execute(sql`UPDATE orders SET credit_status = 'closed' WHERE location_id = ${locationId} AND id = ${orderId}`);
  return getReconciliation(db, locationId, orderId);
}
