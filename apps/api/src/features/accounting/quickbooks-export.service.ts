/** The QuickBooks export (doc 3 §7): the bills of a date range, as an IIF or a QuickBooks Online CSV file. */
import type { Database } from '@stockpot/db';
import {
  buildQuickbooksIif,
  buildQuickbooksOnlineCsv,
  parseCents,
  UNTAGGED_EXPENSE_ACCOUNT,
  type Bill,
  type QuickbooksQuery,
} from '@stockpot/domain';
import { selectBillLines } from './quickbooks-bills.repo';

/** The account of an order's delivery fee on a bill (QuickBooks' standard freight account). */
export const DELIVERY_FEE_ACCOUNT = 'Freight and Delivery';

/** The bills of a date range: one per order, its lines' expense accounts from their GL codes. */
export async function buildBills(db: Database, locationId: number, startDate: string, endDate: string): Promise<Bill[]> {
  const lines = await selectBillLines(db, locationId, startDate, endDate);
  const bills = new Map<number, Bill>();
  for (const line of lines) {
    let bill = bills.get(line.order_id);
    if (!bill) {
      bill = {
        docNumber: line.custom_invoice_id?.trim() || `PO-${line.order_id}`,
        vendor: line.distributor,
        date: line.bill_date,
        termsDays: line.payable_terms,
        memo: `Stockpot order ${line.order_id}`,
        lines: [],
      };
      const fee = parseCents(line.delivery_fee);
      if (fee !== 0) bill.lines.push({ account: DELIVERY_FEE_ACCOUNT, description: 'Delivery fee', amountCents: fee });
      bills.set(line.order_id, bill);
    }
    bill.lines.splice(bill.lines.length - (bill.lines.at(-1)?.account === DELIVERY_FEE_ACCOUNT ? 1 : 0), 0, {
      account: line.gl_code ?? UNTAGGED_EXPENSE_ACCOUNT,
      description: [line.description, line.pack_size].filter(Boolean).join(' '),
      amountCents: parseCents(line.amount),
    });
  }
  return [...bills.values()];
}

/** The export file of GET orders/download-order-quickbooks: its bytes, type and name. */
export async function renderQuickbooksFile(db: Database, locationId: number, query: QuickbooksQuery) {
  const bills = await buildBills(db, locationId, query.startDate, query.endDate);
  const range = `${query.startDate}_${query.endDate}`;
  if (query.format === 'qbo')
    return {
      body: buildQuickbooksOnlineCsv(bills),
      contentType: 'text/csv; charset=utf-8',
      fileName: `quickbooks-online-bills-${range}.csv`,
    };
  return { body: buildQuickbooksIif(bills), contentType: 'text/plain; charset=utf-8', fileName: `quickbooks-bills-${range}.iif` };
}

/** The authenticated URL of the export file (doc 3 §7: the answer's data is a download URL). */
export function getQuickbooksFileUrl(query: QuickbooksQuery): string {
  const params = new URLSearchParams({ startDate: query.startDate, endDate: query.endDate, format: query.format });
  return `/api/v1/orders/quickbooks-bills?${params.toString()}`;
}
