import {
  describeInvoiceWithoutOrder,
  describeUnknownDistributor,
  matchInvoiceLines,
  normalizeItemNumber,
  normalizeQuantity,
  normalizeUpc,
  parseCents,
  parseDecimal,
  parsePoNumber,
  parseUnitPrice,
  pickInvoiceDistributor,
  pickInvoiceOrder,
  toDecimalString,
  unitPriceToCents,
  CATCH_WEIGHT_UNIT_CODE,
  type Invoice,
  type InvoiceFormat,
  type InvoiceImportResult,
  type InvoiceLine,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { badRequest, notFound } from '../../platform/errors';
import { receiveOrderElectronically, type InvoicedOrderLine } from '../orders/orders.public';
import { attachWaitingPapers } from './invoice-copies.service';
import { readInvoiceFile } from './invoice-file';
import { recordElectronicInvoicePrices } from './invoice-prices.repo';
import * as repo from './invoices.repo';

/** matched_by of an invoice kept with no order (listed as matched to no order on GET invoices/waiting). */
export const NO_ORDER = 'none';

export interface InvoiceUpload {
  fileName: string;
  bytes: Buffer;
  kind: InvoiceFormat;
  /** The distributor chosen beside the file, for an invoice without one of our PO numbers. */
  distributorId?: number;
  /** The From address of the e-mail the file came attached to (invoices by e-mail). */
  senderEmail?: string | null;
}

/** What the order line receives from the invoice line: a catch-weight line its pounds, any other its cases. */
export function toInvoicedOrderLine(line: InvoiceLine, orderLine: repo.OrderLineRow): InvoicedOrderLine {
  const price = unitPriceToCents(line.unitPrice);
  const byWeight = orderLine.isCatchWeight || line.unitCode === CATCH_WEIGHT_UNIT_CODE || line.unitCode === 'LB';
  if (byWeight)
    return {
      orderItemId: orderLine.id,
      invoicedQuantity: orderLine.quantity,
      invoicedPrice: price,
      receivedWeight: line.quantity,
    };
  return {
    orderItemId: orderLine.id,
    invoicedQuantity: parseDecimal(line.quantity, 0),
    invoicedPrice: price,
    receivedWeight: null,
  };
}

/** A stored line as the import read it from the file (quantity as exact text, unit price in ten-thousandths). */
export function toStoredInvoiceLine(line: repo.InvoiceLineRow): InvoiceLine {
  return {
    lineNumber: line.lineNumber,
    itemNumber: line.itemNumber,
    upc: line.upc,
    description: line.description,
    quantity: normalizeQuantity(line.quantity) ?? line.quantity,
    unitCode: line.unitCode,
    unitPrice: parseUnitPrice(line.unitPrice),
    amount: parseCents(line.amount),
  };
}

/** The answer of an import, read back from what is stored, so a repeat answers the same figures. */
export async function readResult(
  db: Database,
  locationId: number,
  invoice: repo.InvoiceRow,
  alreadyImported: boolean,
): Promise<InvoiceImportResult> {
  const lines = await repo.selectInvoiceLines(db, locationId, invoice.id);
  const matched = lines.filter((line) => line.orderItemId !== null);
  const distributor = await repo.selectDistributorName(db, invoice.distributorId);
  const hasOrder = invoice.orderId !== null;
  return {
    format: invoice.format as InvoiceFormat,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    orderId: invoice.orderId,
    distributor,
    matchedBy: hasOrder ? (invoice.matchedBy as InvoiceImportResult['matchedBy']) : null,
    noOrderReason: hasOrder ? null : describeInvoiceWithoutOrder(invoice, distributor, invoice.matchedBy !== NO_ORDER),
    matchedLines: matched.length,
    matchedAmount: matched.reduce((sum, line) => sum + parseCents(line.amount), 0),
    unmatchedLines: lines.filter((line) => line.orderItemId === null).map(toStoredInvoiceLine),
    total: parseCents(invoice.total),
    alreadyImported,
  };
}

/**
 * POST /invoices/import (issue 36): reads the file as our invoice (the total checked), finds its
 * order among the active location's only, and in one transaction records the invoice and its lines,
 * receives the order electronically as invoiced and records each billed item's electronic-invoice
 * price. An invoice that fits no order is kept all the same (orderId null, its lines unmatched,
 * listed as matched to no order) when its distributor is known; refused only when it is not. The
 * same distributor's invoice number imported again changes nothing (alreadyImported).
 */
export async function importInvoice(
  db: Database,
  scope: { locationId: number; userId: number | null },
  upload: InvoiceUpload,
): Promise<InvoiceImportResult> {
  const { locationId } = scope;
  const invoice = await readInvoiceFile(upload.bytes, upload.kind);
  const distributorId = upload.distributorId ?? null;
  if (distributorId !== null && !(await repo.hasDistributorAccount(db, locationId, distributorId))) throw notFound('Distributor');
  return db.transaction(async (tx) => {
    const poOrderId = parsePoNumber(invoice.poNumber);
    const candidates = await repo.selectOrderCandidates(tx, locationId, poOrderId, distributorId);
    const match = pickInvoiceOrder(invoice, candidates, distributorId);
    const order = match ? candidates.find((candidate) => candidate.id === match.orderId)! : null;
    // No order fits (ordered by phone, say): still the distributor's invoice, kept when we can tell whose.
    const ownerId = order?.distributorId ?? pickInvoiceDistributor(distributorId, poOrderId, candidates);
    if (ownerId === null)
      throw badRequest(describeUnknownDistributor(invoice), 'invoice_order_not_found', [
        { field: 'file', message: describeUnknownDistributor(invoice) },
      ]);
    const before = await repo.findInvoice(tx, locationId, ownerId, invoice.invoiceNumber);
    if (before) return readResult(tx, locationId, before, true);
    const invoiceId = await repo.insertInvoice(tx, {
      locationId,
      distributorId: ownerId,
      orderId: order?.id ?? null,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      poNumber: invoice.poNumber,
      poDate: invoice.poDate,
      terms: invoice.terms,
      format: upload.kind,
      matchedBy: match?.matchedBy ?? NO_ORDER,
      total: toDecimalString(invoice.total, 2),
      fileName: upload.fileName.slice(0, 255),
      importedBy: scope.userId,
      senderEmail: upload.senderEmail ?? null,
    });
    // Imported meanwhile by someone else: theirs stands, unchanged.
    const stored = invoiceId === undefined ? await repo.findInvoice(tx, locationId, ownerId, invoice.invoiceNumber) : undefined;
    if (stored) return readResult(tx, locationId, stored, true);

    // Without an order every line is listed unmatched, kept for when the invoice is attached to one.
    const orderLines = order ? await repo.selectOrderLines(tx, locationId, order.id) : [];
    const { matched } = matchInvoiceLines(
      invoice.lines,
      orderLines.map((line) => ({ id: line.id, itemNumber: line.itemNumber, upc: line.upc })),
    );
    const byIndex = new Map(matched.map((m) => [m.lineIndex, m]));
    await repo.insertInvoiceLines(
      tx,
      locationId,
      invoiceId!,
      invoice.lines.map((line, index) => ({
        lineNumber: line.lineNumber,
        itemNumber: line.itemNumber,
        upc: line.upc,
        description: line.description,
        quantity: line.quantity,
        unitCode: line.unitCode,
        unitPrice: toDecimalString(line.unitPrice, 4),
        amount: toDecimalString(line.amount, 2),
        orderItemId: byIndex.get(index)?.targetId ?? null,
        matchedBy: byIndex.get(index)?.matchedBy ?? null,
      })),
    );
    const linesById = new Map(orderLines.map((line) => [line.id, line]));
    if (order)
      await receiveOrderElectronically(
        tx,
        locationId,
        order.id,
        invoice.invoiceNumber,
        matched.map((m) => toInvoicedOrderLine(invoice.lines[m.lineIndex], linesById.get(m.targetId)!)),
      );
    // What the location paid for an item is true with or without an order (docs/decisions.md, issue 36 no-order).
    await recordPrices(tx, locationId, ownerId, invoice);
    // One invoice, not two: a photo of this invoice read before it arrived is attached to it now.
    await attachWaitingPapers(tx, locationId, {
      id: invoiceId!,
      distributorId: ownerId,
      invoiceNumber: invoice.invoiceNumber,
      total: invoice.total,
      invoiceDate: invoice.invoiceDate,
    });
    const saved = await repo.findInvoice(tx, locationId, ownerId, invoice.invoiceNumber);
    return readResult(tx, locationId, saved!, false);
  });
}

/** Each billed line naming one of the location's offers from the distributor sets that item's electronic-invoice price. */
async function recordPrices(tx: Database, locationId: number, distributorId: number, invoice: Invoice): Promise<void> {
  const itemNumbers = [...new Set(invoice.lines.map((line) => normalizeItemNumber(line.itemNumber)).filter(Boolean))];
  const upcs = [...new Set(invoice.lines.map((line) => normalizeUpc(line.upc)).filter((upc) => upc && upc !== '0'))];
  const offers = await repo.selectNamedOffers(tx, locationId, distributorId, itemNumbers, upcs);
  const { matched } = matchInvoiceLines(invoice.lines, offers);
  await recordElectronicInvoicePrices(
    tx,
    locationId,
    invoice.invoiceDate,
    matched.map((m) => ({
      itemDistributorId: m.targetId,
      price: toDecimalString(unitPriceToCents(invoice.lines[m.lineIndex].unitPrice), 2),
    })),
  );
}
