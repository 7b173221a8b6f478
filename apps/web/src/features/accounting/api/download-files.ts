import type { AccountingExportFormat } from '@stockpot/domain';
import { api, API_BASE, getBlob } from '../../../lib/api-client';

function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** GET merchant-accounting/download-template: the bulk-upload template with the location's items. */
export async function downloadAccountingTemplate(): Promise<void> {
  saveBlob(await getBlob(`${API_BASE}/merchant-accounting/download-template`), 'accounting-template.xlsx');
}

/** GET orders/download-order-quickbooks (startDate, endDate), then the file its data names. */
export async function downloadQuickbooksBills(startDate: string, endDate: string, format: AccountingExportFormat): Promise<void> {
  const url = await api.get<string>('orders/download-order-quickbooks', { query: { startDate, endDate, format } });
  const extension = format === 'qbo' ? 'csv' : 'iif';
  saveBlob(await getBlob(url), `quickbooks-bills-${startDate}_${endDate}.${extension}`);
}
