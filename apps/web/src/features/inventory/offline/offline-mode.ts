/**
 * Offline mode of the inventory view (doc 2 §4 "Connectivity and offline inventory"): which list is
 * counted offline (kept in local storage, so a reload in the walk-in stays in offline mode), the
 * unsynced count, and the two transitions: going offline (download, mark onInventory) and back
 * online (one batch, then the copy and the flags are cleared).
 */
import type { GenericGroup, InventoryList, OnHandCounts, UpdateItemBatchResponse } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import {
  setOfflineMode as setMode,
  setUnsyncedCount,
  useOfflineMode,
  type OfflineMode,
} from '../../../shared/inventories/offline-mode-store';
import { clearOfflineCopy, countUnsynced, downloadList, readSyncBatch, recordOfflineCount } from './offline-copy';
import { getOfflineDb } from './offline-db';

export { useOfflineMode, type OfflineMode };

export async function refreshUnsynced(): Promise<void> {
  setUnsyncedCount(await countUnsynced(getOfflineDb()));
}

function createBatchId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Downloads every group of the list, stores the copy, then marks the list onInventory on the server. */
export async function enterOfflineMode(locationId: number, list: Pick<InventoryList, 'id' | 'name'>): Promise<void> {
  await downloadList(
    getOfflineDb(),
    {
      lists: () => api.get<InventoryList[]>('comparison-views/all-views'),
      groupsPage: async (listId, page, limit) => {
        const query = new URLSearchParams({
          page: String(page),
          limit: String(limit),
          expand: 'items,purchased,onHandTotal,units',
          filterOptions: JSON.stringify({ sort: 'custom' }),
        });
        const answer = await api.getPage<GenericGroup>(`comparison-views/${listId}/groups?${query.toString()}`);
        return { data: answer.data, pageCount: answer.meta.pageCount };
      },
      cart: () => api.get<unknown>('shopping-carts'),
    },
    list.id,
  );
  await api.patch<InventoryList>(`comparison-views/${list.id}`, { onInventory: true });
  setMode({ locationId, listId: list.id, listName: list.name });
  await refreshUnsynced();
}

/** A count typed in offline mode: kept on the device and flagged toUpdate. */
export async function countOffline(itemId: number, counts: Partial<OnHandCounts>): Promise<void> {
  await recordOfflineCount(getOfflineDb(), itemId, counts);
  // A new count makes a new batch: an old batch id would replay the old answer and drop this count.
  const mode = useOfflineMode.getState().mode;
  if (mode?.batchId) setMode({ ...mode, batchId: undefined });
  await refreshUnsynced();
}

/**
 * Back online: every flagged item in one PATCH /comparison-views/update-item-batch, which also
 * marks the list not on inventory; then the copy and its flags are cleared.
 */
export async function leaveOfflineMode(): Promise<UpdateItemBatchResponse> {
  const mode = useOfflineMode.getState().mode;
  if (!mode) throw new Error('Offline mode is not on.');
  const batchId = mode.batchId ?? createBatchId();
  if (!mode.batchId) setMode({ ...mode, batchId });
  const batch = await readSyncBatch(getOfflineDb());
  const answer = await api.patch<UpdateItemBatchResponse>('comparison-views/update-item-batch', {
    batchId,
    comparisonViewId: mode.listId,
    batch,
  });
  await clearOfflineCopy(getOfflineDb());
  setMode(null);
  setUnsyncedCount(0);
  return answer;
}
