/**
 * An invoice that fits no order of the location (issue 36): a restaurant that ordered by phone
 * still receives the invoice, so it is kept (listed as matched to no order on /order-history)
 * whenever its distributor is known, and refused only when nobody could tell whose it is.
 */
import { formatIsoDateMdy } from '../orders/order-dates.rules';
import type { Invoice } from './invoice.rules';
import type { InvoiceOrderCandidate } from './invoice-matching.rules';

/**
 * Whose invoice it is: the distributor chosen beside the file (or the batch's), else the one of the
 * location's order its PO number names (even a cancelled one: our PO number on a distributor's
 * invoice says it billed us). Null when neither tells: the file itself names no distributor.
 */
export function pickInvoiceDistributor(
  chosenDistributorId: number | null,
  poOrderId: number | null,
  candidates: readonly Pick<InvoiceOrderCandidate, 'id' | 'distributorId'>[],
): number | null {
  if (chosenDistributorId !== null) return chosenDistributorId;
  if (poOrderId === null) return null;
  return candidates.find((order) => order.id === poOrderId)?.distributorId ?? null;
}

const whyNotByPo = (poNumber: string | null) =>
  poNumber ? `its PO number "${poNumber}" names no open order of this location` : 'it has no PO number';

/** The 400 when the distributor cannot be told: what the buyer can do about it. */
export function describeUnknownDistributor(invoice: Pick<Invoice, 'invoiceNumber' | 'poNumber'>): string {
  return `Invoice ${invoice.invoiceNumber} matches no order: ${whyNotByPo(invoice.poNumber)}, and the file does not say which distributor sent it. Choose its distributor to match it by date, or to keep it on the waiting list.`;
}

/**
 * Why an invoice kept without an order fits none, and what happens to it. `orderDeleted`: it was
 * matched when imported and its order has been deleted since.
 */
export function describeInvoiceWithoutOrder(
  invoice: Pick<Invoice, 'invoiceNumber' | 'poNumber' | 'invoiceDate'>,
  distributor: string,
  orderDeleted = false,
): string {
  if (orderDeleted)
    return `Invoice ${invoice.invoiceNumber}: its order was deleted since it was imported. It is kept on the waiting list (matched to no order).`;
  const from = distributor ? `from ${distributor} ` : '';
  return `Invoice ${invoice.invoiceNumber} matches no order: ${whyNotByPo(invoice.poNumber)}, and no order ${from}was delivered on ${formatIsoDateMdy(invoice.invoiceDate)} or placed in the week before. It is kept on the waiting list (matched to no order).`;
}
