import { sql } from 'drizzle-orm';
import { toDecimalString } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { toOrderItem } from './order-history.service';
import { listOrderItems } from './order-history.repo';

/**
 * Catch weight and market price are settled at receiving (issue 32): once the weights and prices
 * are in, the order's items total is the sum of its line amounts (getOrderLineItemAmount), exact
 * instead of the estimate it was placed at. Orders without such lines keep the total they were
 * placed at; credits for rejected cases stay their own figure (creditRefusal).
 */
export async function settleLinePricedTotal(tx: Database, locationId: number, orderId: number): Promise<void> {
  const items = (await listOrderItems(tx, locationId, orderId)).map(toOrderItem);
  if (!items.some((item) => !item.isSpecial && (item.isCatchWeight || item.isMarketPrice))) return;
  const subtotal = toDecimalString(
    items.reduce((sum, item) => sum + item.lineItemTotal, 0),
    2,
  );
  await tx.execute(
    sql`UPDATE orders SET subtotal = ${subtotal}::numeric, total = ${subtotal}::numeric + delivery_fee
        WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
}
