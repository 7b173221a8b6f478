import { matchInvoiceLines, type InvoiceImportResult } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { badRequest, notFound } from '../../platform/errors';
import { receiveOrderElectronically } from '../orders/orders.public';
import { readResult, toInvoicedOrderLine, toStoredInvoiceLine } from './invoice-import.service';
import * as repo from './invoices.repo';

const refuse = (message: string) => badRequest(message, 'bad_request', [{ field: 'orderId', message }]);

/**
 * POST invoices/{id}/attach (issue 36): an invoice kept with no order (ordered by phone, say) is
 * given the order a person chose, of the active location and of the invoice's distributor, and then
 * runs as an import matched to it would have: its lines matched by item number else UPC, the order
 * received electronically as invoiced. One transaction; the invoice row is locked, so attaching it
 * twice at once leaves one order. Its prices were recorded when it was imported.
 */
export async function attachInvoiceToOrder(
  db: Database,
  locationId: number,
  invoiceId: number,
  orderId: number,
): Promise<InvoiceImportResult> {
  return db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, locationId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.orderId !== null)
      throw refuse(`Invoice ${invoice.invoiceNumber} is matched to order ${invoice.orderId} already: it waits for no order.`);
    const [order] = (await repo.selectOrderCandidates(tx, locationId, orderId, null)).filter((o) => o.id === orderId);
    if (!order) throw notFound('Order');
    if (order.distributorId !== invoice.distributorId) {
      const distributor = await repo.selectDistributorName(tx, invoice.distributorId);
      throw refuse(`Order ${orderId} is not from ${distributor || 'the invoice’s distributor'}: choose one of its orders.`);
    }
    if (order.status === 'cancelled') throw refuse(`Order ${orderId} was cancelled: choose an order that was not.`);

    const lines = await repo.selectInvoiceLines(tx, locationId, invoiceId);
    const orderLines = await repo.selectOrderLines(tx, locationId, orderId);
    const { matched } = matchInvoiceLines(
      lines,
      orderLines.map((line) => ({ id: line.id, itemNumber: line.itemNumber, upc: line.upc })),
    );
    await repo.setInvoiceOrder(
      tx,
      locationId,
      invoiceId,
      orderId,
      matched.map((m) => ({ lineNumber: lines[m.lineIndex]!.lineNumber, orderItemId: m.targetId, matchedBy: m.matchedBy })),
    );
    const linesById = new Map(orderLines.map((line) => [line.id, line]));
    await receiveOrderElectronically(
      tx,
      locationId,
      orderId,
      invoice.invoiceNumber,
      matched.map((m) => toInvoicedOrderLine(toStoredInvoiceLine(lines[m.lineIndex]!), linesById.get(m.targetId)!)),
    );
    const saved = await repo.lockInvoice(tx, locationId, invoiceId);
    return readResult(tx, locationId, saved!, false);
  });
}
