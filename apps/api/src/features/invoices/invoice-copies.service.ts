import { normalizeInvoiceNumber, pickElectronicCopy, pickPaperCopies, type InvoiceCopyKey } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import * as repo from './invoice-copies.repo';

/**
 * One invoice, not two (issue 36): an electronic invoice and a photo or PDF of it become one invoice
 * with both attached, whichever arrives first. The domain's rule decides; this links them. Both
 * sides run inside their own transaction (the import's, the reading's) under the distributor's lock.
 */

/** An electronic invoice just imported takes every read photo of the distributor's orders that is a copy of it. */
export async function attachWaitingPapers(
  tx: Database,
  locationId: number,
  invoice: InvoiceCopyKey & { id: number; distributorId: number },
): Promise<number> {
  await repo.lockCopies(tx, locationId, invoice.distributorId);
  const matches = pickPaperCopies(invoice, await repo.selectWaitingPapers(tx, locationId, invoice.distributorId));
  await repo.linkReadings(tx, locationId, invoice.id, matches);
  return matches.length;
}

/** A photo just read joins the electronic invoice it is a copy of, if that has arrived. Null: it waits. */
export async function attachToElectronic(tx: Database, locationId: number, imageId: number): Promise<number | null> {
  const paper = await repo.findReadPaper(tx, locationId, imageId);
  if (!paper) return null;
  if (paper.invoiceId !== null) return paper.invoiceId;
  await repo.lockCopies(tx, locationId, paper.distributorId);
  const normalized = normalizeInvoiceNumber(paper.invoiceNumber);
  const candidates = await repo.selectElectronicCandidates(tx, locationId, paper, normalized);
  const match = pickElectronicCopy(paper, candidates);
  if (!match) return null;
  await repo.linkReadings(tx, locationId, match.id, [{ id: paper.id, matchedBy: match.matchedBy }]);
  return match.id;
}
