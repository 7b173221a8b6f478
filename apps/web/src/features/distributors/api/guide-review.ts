import type { BuyerMappedField, GuideUpload } from '@stockpot/domain';
import { api, getBlob, postForm } from '../../../lib/api-client';

/** Issue 31: review an upload before it is applied, and map a file's columns without a template. */

/** POST order-guides/uploads/{id}/apply. */
export function applyGuideUpload(uploadId: number) {
  return api.post<GuideUpload>(`order-guides/uploads/${uploadId}/apply`);
}

/** POST order-guides/uploads/{id}/cancel. */
export function cancelGuideUpload(uploadId: number) {
  return api.post<GuideUpload>(`order-guides/uploads/${uploadId}/cancel`);
}

/** GET order-guides/uploads/{id}/refused-rows.csv, saved as a file. */
export async function downloadRefusedRows(uploadId: number) {
  const blob = await getBlob(`/api/v1/order-guides/uploads/${uploadId}/refused-rows.csv`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `refused-rows-${uploadId}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

export interface SheetHeader {
  headers: string[];
  headerRow: number;
  sample: string[][];
}

/** POST distributor-order-guides/read-header: the file's header row and a few rows under it. */
export function readGuideHeader(distributorId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('distributor_id', String(distributorId));
  return postForm<SheetHeader>('distributor-order-guides/read-header', form);
}

/** POST distributor-order-guides/column-mapping: saved as the location's template for the distributor. */
export function saveColumnMapping(distributorId: number, headers: string[], mapping: Partial<Record<BuyerMappedField, string>>) {
  return api.post<{ found: boolean; template: { key: string; name: string } | null }>('distributor-order-guides/column-mapping', {
    distributor_id: distributorId,
    headers,
    mapping,
  });
}
