import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDERS_PAGE_SIZE,
  parseApiErrorCode,
  type CompleteReceivingRequest,
  type InvoiceImage,
  type InvoiceLinesRequest,
  type OrderInventoryItem,
  type ReceivingSurvey,
  type ReconciliationResponse,
  type OrderHistoryRow,
  type OrderItem,
  type OrderItemEdit,
  type OrderSummary,
  type PreRejectResult,
  type ReceivingItemState,
} from '@stockpot/domain';
import { api, API_BASE } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { getAuthKey, useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

/** GET /orders (page, limit 24). */
export function useOrderHistory(page: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderHistory.list(locationId, page),
    queryFn: ({ signal }) =>
      api.getPage<OrderHistoryRow>('orders', { query: { page, limit: ORDERS_PAGE_SIZE }, signal, isBackground: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /orders/{id}?expand=items. */
export function useOrder(orderId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderHistory.detail(locationId, orderId),
    queryFn: ({ signal }) =>
      api.get<OrderSummary>(`orders/${orderId}`, { query: { expand: 'items' }, signal, isBackground: true }),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
}

/** GET /orders/{id}/invoices-images. */
export function useInvoiceImages(orderId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderHistory.invoiceImages(locationId, orderId),
    queryFn: ({ signal }) => api.get<InvoiceImage[]>(`orders/${orderId}/invoices-images`, { signal, isBackground: true }),
  });
}

/** GET /orders/{id}/inventory-items: the order's items in the location's inventory lists. */
export function useOrderInventoryItems(orderId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderHistory.inventoryItems(locationId, orderId),
    queryFn: ({ signal }) => api.get<OrderInventoryItem[]>(`orders/${orderId}/inventory-items`, { signal, isBackground: true }),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
}

/** GET /orders/{id}/reconciliation. */
export function useReconciliation(orderId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderHistory.reconciliation(locationId, orderId),
    queryFn: ({ signal }) => api.get<ReconciliationResponse>(`orders/${orderId}/reconciliation`, { signal, isBackground: true }),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
}

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) });
}

/** POST /orders/pre-reject/{id}: Order Checked. */
export function usePreReject(orderId: number) {
  return useMutation({
    mutationFn: (body: { itemList: ReceivingItemState[]; items: OrderItemEdit[]; receivingVersion: number }) =>
      api.post<PreRejectResult>(`orders/pre-reject/${orderId}`, body),
  });
}

/** PATCH /orders/{id}: Complete receiving. */
export function useCompleteReceiving(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: Partial<CompleteReceivingRequest>) => api.patch<OrderSummary>(`orders/${orderId}`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /orders/survey/{id}: the receiving check answers. */
export function useSaveSurvey(orderId: number) {
  return useMutation({
    mutationFn: (body: ReceivingSurvey) => api.post<{ saved: true }>(`orders/survey/${orderId}`, body),
  });
}

/** PATCH /orders/{id}/reconciliation: the invoice lines typed from the distributor's invoice. */
export function useSaveInvoiceLines(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: InvoiceLinesRequest) => api.patch<ReconciliationResponse>(`orders/${orderId}/reconciliation`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /orders/{id}/reconciliation/close-credit. */
export function useCloseCredit(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () => api.post<ReconciliationResponse>(`orders/${orderId}/reconciliation/close-credit`, {}),
    onSuccess: () => invalidate(),
  });
}

export interface NewOrderItemInput {
  item_description: string;
  brand: string;
  din: string;
  unit_quantity: number;
  unit_size: number;
  pack_size_unit: string;
  unit_measure: string;
  price: number;
  quantity: number;
}

/** POST /order-items/create-custom: Add New Item at receiving. */
export function useCreateOrderItem(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: NewOrderItemInput) => api.post<OrderItem>('order-items/create-custom', { ...body, order_id: orderId }),
    onSuccess: () => invalidate(),
  });
}

function authHeaders(): Record<string, string> {
  const authKey = getAuthKey();
  return authKey ? { Authorization: `Bearer ${authKey}` } : {};
}

/** POST /orders/{id}/invoices-images (multipart field image), one file. */
export async function uploadInvoiceFile(orderId: number, file: Blob, fileName: string): Promise<InvoiceImage> {
  const form = new FormData();
  form.append('image', file, fileName);
  const response = await fetch(`${API_BASE}/orders/${orderId}/invoices-images`, {
    method: 'POST',
    headers: authHeaders(),
    body: form,
  });
  const body = (await response.json().catch(() => null)) as { data?: InvoiceImage; message?: string; code?: string } | null;
  if (!response.ok || !body?.data) {
    throw new ApiError(response.status, body?.message ?? 'The file could not be uploaded.', parseApiErrorCode(body?.code));
  }
  return body.data;
}

/** Uploads files one after another (doc 3 §2.5 take-photo: "uploaded one after another"). */
export function useUploadInvoices(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async (files: { blob: Blob; name: string }[]) => {
      const saved: InvoiceImage[] = [];
      for (const file of files) saved.push(await uploadInvoiceFile(orderId, file.blob, file.name));
      return saved;
    },
    onSettled: () => invalidate(),
  });
}

/** DELETE /orders/{id}/invoices-images/{imageId}. */
export function useDeleteInvoice(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (imageId: number) => api.delete<unknown>(`orders/${orderId}/invoices-images/${imageId}`),
    onSettled: () => invalidate(),
  });
}

/** An authenticated API file as a Blob (purchase orders, invoice files, the history workbook). */
export async function fetchFile(url: string): Promise<Blob> {
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  return response.blob();
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/** Fetches an authenticated file and saves it under `fileName` (a name without extension gets the file type's). */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const blob = await fetchFile(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  const extension = EXTENSIONS[blob.type.split(';')[0]];
  link.download = fileName.includes('.') || !extension ? fileName : `${fileName}.${extension}`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** GET orders/download-order-history, then the file it names. */
export async function downloadOrderHistory(): Promise<void> {
  const { orderHistoryUrl } = await api.get<{ orderHistoryUrl: string }>('orders/download-order-history');
  await downloadFile(orderHistoryUrl, 'order-history.xlsx');
}

/** GET /orders/{id}/download-order-365, then the file it names (locations with display_accounting). */
export async function downloadOrder365(orderId: number): Promise<void> {
  const { order365Url } = await api.get<{ order365Url: string }>(`orders/${orderId}/download-order-365`);
  await downloadFile(order365Url, `order-${orderId}-r365.csv`);
}
