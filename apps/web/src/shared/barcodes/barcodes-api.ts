import type { AnalyticsLookupItem, BarcodeItem } from '@stockpot/domain';
import { api } from '../../lib/api-client';

/** GET barcodes/{gtin}: the location's item a checked barcode is linked to (404 when none yet). */
export function findBarcodeItem(digits: string): Promise<BarcodeItem> {
  return api.get<BarcodeItem>(`barcodes/${encodeURIComponent(digits)}`, { isBackground: true });
}

/** POST barcodes: links the barcode to one of the location's items (a second link moves it). */
export function linkBarcode(digits: string, itemDistributorId: number): Promise<BarcodeItem> {
  return api.post<BarcodeItem>('barcodes', { gtin: digits, itemDistributorId });
}

/** The location's items matching a search, for choosing the one a new barcode belongs to. */
export async function searchItemsToLink(search: string, signal?: AbortSignal): Promise<AnalyticsLookupItem[]> {
  const page = await api.getPage<AnalyticsLookupItem>('analytics/lookup', {
    query: { search, limit: 8, page: 1 },
    signal,
    isBackground: true,
  });
  return page.data;
}
