import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { getOnHandDelta, getReceivedQuantity, reconcileOrder, toDecimalString, parseCents } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { addReceivedCases } from '../inventory/inventory.public';
import * as repo from './receiving.repo';

/** What an electronic invoice says of one order line: cases billed at a price (cents per the line's unit). */
export interface InvoicedOrderLine {
  orderItemId: number;
  /** Cases billed (a catch-weight line: its cases as ordered, the weight below). */
  invoicedQuantity: number;
  invoicedPrice: number;
  /** Catch weight: pounds billed, decimal text; null otherwise. */
  receivedWeight: string | null;
}

export interface ElectronicReceipt {
  status: string;
  /** The order was received now from the invoice (not by a person before). */
  isReceivedNow: boolean;
}

/**
 * An order received from its distributor's electronic invoice (issue 36), in the caller's
 * transaction: every line is checked and received as invoiced (fewer cases billed than ordered are
 * the cases rejected; a line not billed is not received), its invoiced quantity and price feed the
 * reconciliation, on-hand moves by the change in received cases, and the order becomes
 * electronically_received with the invoice number. An order a person already received keeps their
 * receiving: only the invoiced figures are recorded. The credit follows the reconciliation.
 */
export async function receiveOrderElectronically(
  tx: Database,
  locationId: number,
  orderId: number,
  invoiceNumber: string,
  invoiced: readonly InvoicedOrderLine[],
): Promise<ElectronicReceipt> {
  const order = await repo.lockOrder(tx, locationId, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'cancelled')
    throw badRequest(`Order ${orderId} was cancelled, so its invoice cannot be received.`, 'order_cancelled');
  const isReceivedNow = order.status === 'submitted';
  const billed = new Map(invoiced.map((line) => [line.orderItemId, line]));
  const lines = await repo.listReceivingLines(tx, locationId, orderId);
  const stock: { itemDistributorId: number; caseDelta: number }[] = [];
  for (const line of lines) {
    const bill = billed.get(line.id);
    // A later invoice of an order already received (a split delivery) leaves the lines it does not bill alone.
    if (!bill && !isReceivedNow) continue;
    const invoicedQuantity = bill?.invoicedQuantity ?? 0;
    await tx.execute(
      sql`UPDATE order_items SET invoiced_quantity = ${invoicedQuantity},
            invoiced_price = ${toDecimalString(bill?.invoicedPrice ?? parseCents(line.price), 2)}::numeric
          WHERE location_id = ${locationId} AND id = ${line.id}`,
    );
    if (!isReceivedNow) continue;
    const shortBy = Math.max(0, line.quantity - invoicedQuantity);
    const state = {
      quantity: line.quantity,
      statusReceived: shortBy > 0 ? ('rejected' as const) : ('accepted' as const),
      qtyReduction: shortBy,
    };
    await tx.execute(
      sql`UPDATE order_items SET receive_checked = true, status_received = ${state.statusReceived}, qty_reduction = ${shortBy},
            reject_reason = ${shortBy > 0 ? 'Other' : null}, reject_comment = ${shortBy > 0 ? `Not billed on electronic invoice ${invoiceNumber}` : null},
            received_weight = coalesce(${bill?.receivedWeight ?? null}::numeric, received_weight)
          WHERE location_id = ${locationId} AND id = ${line.id}`,
    );
    const received = getReceivedQuantity(state);
    if (line.received_quantity !== received) await repo.setReceivedQuantity(tx, locationId, line.id, received);
    const delta = getOnHandDelta(line.received_quantity, received);
    if (delta !== 0 && line.item_distributor_id !== null)
      stock.push({ itemDistributorId: line.item_distributor_id, caseDelta: delta });
  }
  await addReceivedCases(tx, locationId, stock);
  const creditOwed = await readCreditOwed(tx, locationId, orderId);
  const creditStatus = creditOwed === 0 ? 'none' : order.credit_status === 'closed' ? 'closed' : 'open';
  if (isReceivedNow) {
    await repo.completeOrder(tx, locationId, orderId, {
      status: 'electronically_received',
      customInvoiceId: invoiceNumber,
      creditRefusal: toDecimalString(creditOwed, 2),
      creditStatus,
    });
  } else {
    await tx.execute(
      sql`UPDATE orders SET credit_status = ${creditStatus} WHERE location_id = ${locationId} AND id = ${orderId}`,
    );
  }
  return { status: isReceivedNow ? 'electronically_received' : order.status, isReceivedNow };
}

/** The credit the reconciliation owes on the order (invoiced vs received), cents. */
async function readCreditOwed(tx: Database, locationId: number, orderId: number): Promise<number> {
  const lines = await queryRows<{
    id: number;
    description: string;
    ordered_quantity: number;
    ordered_price: string;
    received_quantity: number | null;
    invoiced_quantity: number | null;
    invoiced_price: string | null;
  }>(
    tx,
    sql`SELECT id, description, coalesce(original_quantity, quantity) AS ordered_quantity,
               coalesce(original_price, price)::text AS ordered_price, received_quantity, invoiced_quantity,
               invoiced_price::text AS invoiced_price
        FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
  return reconcileOrder(
    lines.map((line) => ({
      orderItemId: line.id,
      description: line.description,
      orderedQuantity: line.ordered_quantity,
      orderedPrice: parseCents(line.ordered_price),
      receivedQuantity: line.received_quantity,
      invoicedQuantity: line.invoiced_quantity,
      invoicedPrice: line.invoiced_price === null ? null : parseCents(line.invoiced_price),
    })),
  ).creditOwed;
}
