import { INVOICE_WAITING_LIMIT, type InvoicesWaiting, type WaitingInvoice, type WaitingPhotoDismissed } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import * as repo from './invoice-waiting.repo';

const countOf = (rows: readonly repo.WaitingRow[], kind: repo.WaitingRow['kind']) =>
  rows.find((row) => row.kind === kind)?.kindCount ?? 0;

/**
 * GET invoices/waiting (issue 36): at the active location, electronic invoices without their paper
 * copy, photos whose electronic copy has not arrived, and invoices whose order is gone; newest
 * first, INVOICE_WAITING_LIMIT of each kind, with how many there are in all.
 */
export async function listWaitingInvoices(db: Database, locationId: number): Promise<InvoicesWaiting> {
  const electronic = await repo.selectWaitingElectronic(db, locationId, INVOICE_WAITING_LIMIT);
  const papers = await repo.selectWaitingPapers(db, locationId, INVOICE_WAITING_LIMIT);
  const items = [...electronic, ...papers]
    .sort((a, b) => b.arrivedAt.localeCompare(a.arrivedAt))
    .map(({ kindCount: _count, ...item }): WaitingInvoice => item);
  return {
    items,
    counts: {
      noPaperCopy: countOf(electronic, 'no-paper-copy'),
      noElectronicCopy: countOf(papers, 'no-electronic-copy'),
      noOrder: countOf(electronic, 'no-order'),
    },
  };
}

/**
 * POST invoices/waiting/photos/{imageId}/dismiss (issue 36): "not an invoice we expect an electronic
 * copy for" (a delivery note, a supplier without EDI). The photo and its reading are kept, and it
 * still joins its electronic copy should one arrive after all; it only leaves the waiting list.
 * 404 for a photo of another location, or one already joined to its electronic invoice.
 */
export async function dismissWaitingPhoto(
  db: Database,
  caller: { locationId: number; userId: number },
  imageId: number,
): Promise<WaitingPhotoDismissed> {
  const row = await repo.dismissWaitingPaper(db, caller.locationId, imageId, caller.userId);
  if (!row) throw notFound('Waiting invoice photo');
  return row;
}
