import type { BarcodeItem, Gtin } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import * as repo from './barcodes.repo';

/** Links a checked barcode to one of the location's offers; an offer it does not carry is 404. */
export async function linkBarcode(
  db: Database,
  scope: { locationId: number; userId: number },
  gtin: Gtin,
  itemDistributorId: number,
): Promise<BarcodeItem> {
  if (!(await repo.isOfferCarried(db, scope.locationId, itemDistributorId))) throw notFound('Item');
  await repo.upsertLink(db, { ...scope, lookupKey: gtin.lookupKey, gtin: gtin.digits, itemDistributorId });
  return findBarcodeItem(db, scope.locationId, gtin);
}

/**
 * The offer a scan names at the location: the code itself, or the case or unit sharing its key.
 * Unknown here (never linked, or linked only at another location) is 404 with what to do next.
 */
export async function findBarcodeItem(db: Database, locationId: number, gtin: Gtin): Promise<BarcodeItem> {
  const row = await repo.findLinkedOffer(db, locationId, gtin.lookupKey);
  if (!row) throw notFound(`An item for barcode ${gtin.digits}`);
  return { ...row, scannedGtin: gtin.digits };
}
