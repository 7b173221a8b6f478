/**
 * Calls of the inventory lifecycle (doc 2 §7 "Inventory lifecycle"), one hook per endpoint. Every
 * transition refetches the lifecycle and the inventory view (on-hand values change with it).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PAST_INVENTORIES_PAGE_SIZE, type InventoryDetail, type PastInventory } from '@stockpot/domain';
import { api, getBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidateInventories, useInventoryLocationId } from '../../../shared/inventories/inventory-status';

/** GET inventory (page, limit 12, doc 2 §9). */
export function usePastInventories(page: number) {
  const locationId = useInventoryLocationId();
  return useQuery({
    queryKey: queryKeys.inventories.list(locationId, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.getPage<PastInventory>(`inventory?page=${page}&limit=${PAST_INVENTORIES_PAGE_SIZE}`, { signal }),
  });
}

/** GET inventory/{id} (search, missingOnHand). */
export function useInventoryDetail(id: number | null, search: string, missingOnHand: boolean) {
  const locationId = useInventoryLocationId();
  return useQuery({
    queryKey: queryKeys.inventories.detail(locationId, id ?? 0, search, missingOnHand),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<InventoryDetail>(
        `inventory/${id}?${new URLSearchParams({ search, missingOnHand: missingOnHand ? '1' : '0' }).toString()}`,
        { signal },
      ),
  });
}

/** GET inventory/review: the inventory under way grouped by comparison view. */
export function useInventoryReview() {
  const locationId = useInventoryLocationId();
  return useQuery({
    queryKey: queryKeys.inventories.review(locationId),
    retry: false,
    queryFn: ({ signal }) => api.get<InventoryDetail>('inventory/review', { signal }),
  });
}

/** POST inventory/complete. */
export function useCompleteInventory() {
  const invalidate = useInvalidateInventories();
  return useMutation({
    mutationFn: (id?: number) => api.post<PastInventory>('inventory/complete', id === undefined ? {} : { id }),
    onSuccess: () => invalidate(),
  });
}

/** POST inventory/{id}/reopen (owner title only). */
export function useReopenInventory() {
  const invalidate = useInvalidateInventories();
  return useMutation({
    mutationFn: (id: number) => api.post<PastInventory>(`inventory/${id}/reopen`),
    onSuccess: () => invalidate(),
  });
}

/** GET inventory/spreadsheet?id=…, saved as inventory-{start date}.xlsx. */
export async function downloadInventory(inventory: PastInventory): Promise<void> {
  const blob = await getBlob(inventory.file_url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `inventory-${inventory.start_date}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
