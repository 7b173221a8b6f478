import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import {
  parseCents,
  reconcileOrder,
  RECEIVED_STATUSES,
  toDecimalString,
  type InvoiceLinesRequest,
  type Reconciliation,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';

/**
 * Invoice reconciliation of one order (issue 18 "Beyond the spec"): ordered vs received vs invoiced
 * per line, the credit owed and its status. Invoiced quantities and prices are what the buyer typed
 * from the distributor's invoice; a line without them is reconciled against receiving.
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
    invoiced_quantity: number | null;
    invoiced_price: string | null;
  }>(
    db,
    sql`SELECT id, description, quantity, original_quantity, price::text AS price, original_price::text AS original_price,
               received_quantity, invoiced_quantity, invoiced_price::text AS invoiced_price
        FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
  return reconcileOrder(
    lines.map((line) => ({
      orderItemId: line.id,
      description: line.description,
      orderedQuantity: line.original_quantity ?? line.quantity,
      orderedPrice: parseCents(line.original_price ?? line.price),
      receivedQuantity: line.received_quantity,
      invoicedQuantity: line.invoiced_quantity,
      invoicedPrice: line.invoiced_price === null ? null : parseCents(line.invoiced_price),
    })),
    order.credit_status === 'closed',
  );
}

/**
 * PATCH /orders/{id}/reconciliation: saves the invoice lines typed from the distributor's invoice,
 * in one transaction. Only a received order has an invoice to reconcile, and a closed credit is
 * settled, so its invoice no longer changes.
 */
export async function saveInvoiceLines(
  db: Database,
  locationId: number,
  orderId: number,
  request: InvoiceLinesRequest,
): Promise<Reconciliation> {
  await db.transaction(async (tx) => {
    const [order] = await queryRows<{ status: string; credit_status: string }>(
      tx,
      sql`SELECT status, credit_status FROM orders WHERE location_id = ${locationId} AND id = ${orderId} FOR UPDATE`,
    );
    if (!order) throw notFound('Order');
    if (!(RECEIVED_STATUSES as readonly string[]).includes(order.status)) {
      throw badRequest('Receive this order before entering its invoice.', 'order_not_received');
    }
    if (order.credit_status === 'closed') {
      throw badRequest('The credit of this order is closed, so its invoice can no longer be changed.', 'credit_closed');
    }
    const lineIds = new Set(
      (
        await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId}`,
        )
      ).map((row) => row.id),
    );
    for (const [index, line] of request.lines.entries()) {
      if (!lineIds.has(line.orderItemId)) {
        const message = `Item ${line.orderItemId} is not a line of this order.`;
        throw badRequest(`lines.${index}.orderItemId: ${message}`, 'invalid_order_item', [
          { field: `lines.${index}.orderItemId`, message },
        ]);
      }
      await tx.execute(
        sql`UPDATE order_items SET invoiced_quantity = ${line.invoicedQuantity},
                   invoiced_price = ${line.invoicedPrice === null ? null : toDecimalString(line.invoicedPrice, 2)}::numeric
            WHERE location_id = ${locationId} AND order_id = ${orderId} AND id = ${line.orderItemId}`,
      );
    }
    // The credit follows the invoice: owed once anything is owed, none when nothing is.
    const current = await getReconciliation(tx, locationId, orderId);
    await tx.execute(
      sql`UPDATE orders SET credit_status = ${current.creditOwed === 0 ? 'none' : 'open'}
          WHERE location_id = ${locationId} AND id = ${orderId}`,
    );
  });
  return getReconciliation(db, locationId, orderId);
}

/** Marks the credit of an order settled (closed); only an order with credit owed has one to close. */
export async function closeCredit(db: Database, locationId: number, orderId: number): Promise<Reconciliation> {
  const current = await getReconciliation(db, locationId, orderId);
  if (current.creditOwed === 0) throw badRequest('This order has no credit owed to close.', 'bad_request');
  await db.execute(sql`UPDATE orders SET credit_status = 'closed' WHERE location_id = ${locationId} AND id = ${orderId}`);
  return getReconciliation(db, locationId, orderId);
}
