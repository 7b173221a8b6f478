/**
 * Which order an invoice belongs to, and which of its lines each invoice line bills (issue 36).
 * Pure: the API reads the active location's candidate orders and lines, these rules decide.
 */
import { normalizeItemNumber, normalizeUpc, type Invoice, type InvoiceLine } from './invoice.rules';

/** An order of the active location that an invoice may belong to. */
export interface InvoiceOrderCandidate {
  id: number;
  distributorId: number;
  status: string;
  /** The order's date on the location's calendar, YYYY-MM-DD. */
  orderDate: string;
  deliveryDate: string | null;
}

export type InvoiceOrderMatch = { orderId: number; matchedBy: 'po-number' | 'distributor-date' };

/** How many days before the invoice date an order may have been placed to be its order by date. */
export const INVOICE_ORDER_WINDOW_DAYS = 7;

/** The order id a PO number names: our purchase orders print "PO # {order id}", so "PO-000123", "#123" and "123" all name 123. */
export function parsePoNumber(poNumber: string | null): number | null {
  const match = /^\s*(?:P\.?O\.?)?\s*[#:-]?\s*0*(\d{1,10})\s*$/i.exec(poNumber ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const latestFirst = (a: InvoiceOrderCandidate, b: InvoiceOrderCandidate) => b.orderDate.localeCompare(a.orderDate) || b.id - a.id;

/**
 * The order of the invoice (issue 36): the one its PO number names, from the distributor when one
 * is known; else, from that distributor, the order delivered on the invoice date, else the one
 * placed on the PO date, else the latest not yet received placed in the week up to the invoice
 * date. Cancelled orders are never matched. Null when none fits.
 */
export function pickInvoiceOrder(
  invoice: Pick<Invoice, 'poNumber' | 'poDate' | 'invoiceDate'>,
  candidates: readonly InvoiceOrderCandidate[],
  distributorId: number | null,
): InvoiceOrderMatch | null {
  const open = candidates.filter((order) => order.status !== 'cancelled');
  const poId = parsePoNumber(invoice.poNumber);
  const byPo = open.find((order) => order.id === poId && (distributorId === null || order.distributorId === distributorId));
  if (byPo) return { orderId: byPo.id, matchedBy: 'po-number' };
  if (distributorId === null) return null;
  const ofDistributor = open.filter((order) => order.distributorId === distributorId).sort(latestFirst);
  const earliest = addDays(invoice.invoiceDate, -INVOICE_ORDER_WINDOW_DAYS);
  const found =
    ofDistributor.find((order) => order.deliveryDate === invoice.invoiceDate) ??
    ofDistributor.find((order) => invoice.poDate !== null && order.orderDate === invoice.poDate) ??
    ofDistributor.find(
      (order) => order.status === 'submitted' && order.orderDate <= invoice.invoiceDate && order.orderDate >= earliest,
    );
  return found ? { orderId: found.id, matchedBy: 'distributor-date' } : null;
}

/** A line of the order (or an offer of the catalogue) as invoice lines are matched to it. */
export interface MatchTarget {
  id: number;
  /** The distributor item number (DIN). */
  itemNumber: string;
  upc: string | null;
}

export interface InvoiceLineMatch {
  /** Index of the invoice line. */
  lineIndex: number;
  targetId: number;
  matchedBy: 'item-number' | 'upc';
}

/**
 * Matches invoice lines to the order's lines (issue 36): by item number, else by UPC. A target takes
 * the first invoice line that names it; a line matching nothing (or a target already taken) is
 * listed as unmatched, never dropped.
 */
export function matchInvoiceLines(
  lines: readonly Pick<InvoiceLine, 'itemNumber' | 'upc'>[],
  targets: readonly MatchTarget[],
): { matched: InvoiceLineMatch[]; unmatched: number[] } {
  const byItem = new Map<string, MatchTarget>();
  const byUpc = new Map<string, MatchTarget>();
  for (const target of targets) {
    const item = normalizeItemNumber(target.itemNumber);
    if (item && !byItem.has(item)) byItem.set(item, target);
    const upc = normalizeUpc(target.upc);
    if (upc && upc !== '0' && !byUpc.has(upc)) byUpc.set(upc, target);
  }
  const taken = new Set<number>();
  const matched: InvoiceLineMatch[] = [];
  const unmatched: number[] = [];
  lines.forEach((line, lineIndex) => {
    const item = normalizeItemNumber(line.itemNumber);
    const upc = normalizeUpc(line.upc);
    const viaItem = item ? byItem.get(item) : undefined;
    const viaUpc = upc && upc !== '0' ? byUpc.get(upc) : undefined;
    if (viaItem && !taken.has(viaItem.id)) {
      taken.add(viaItem.id);
      matched.push({ lineIndex, targetId: viaItem.id, matchedBy: 'item-number' });
    } else if (viaUpc && !taken.has(viaUpc.id)) {
      taken.add(viaUpc.id);
      matched.push({ lineIndex, targetId: viaUpc.id, matchedBy: 'upc' });
    } else unmatched.push(lineIndex);
  });
  return { matched, unmatched };
}
