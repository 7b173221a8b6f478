import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventorySort, OnHandCounts } from '@stockpot/domain';
import { queryKeys } from '../../../lib/query-keys';
import { readOfflineGroups, readOfflineLists } from './offline-copy';
import { getOfflineDb } from './offline-db';
import { countOffline, refreshUnsynced } from './offline-mode';

// The copy's queries read IndexedDB, so they run whatever the connection ('always').
export function useOfflineLists(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inventoryOffline.lists(),
    enabled,
    networkMode: 'always',
    queryFn: () => readOfflineLists(getOfflineDb()),
  });
}

export function useOfflineGroups(listId: number | null, sort: InventorySort, search: string) {
  return useQuery({
    queryKey: queryKeys.inventoryOffline.groups(listId, sort, search),
    enabled: listId !== null,
    networkMode: 'always',
    queryFn: async () => ({ data: await readOfflineGroups(getOfflineDb(), listId!, sort, search) }),
  });
}

/** A count in offline mode: to the copy, then the copy's view is read again. */
export function useOfflineCount() {
  const queryClient = useQueryClient();
  return (itemId: number, counts: Partial<OnHandCounts>) =>
    countOffline(itemId, counts).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.inventoryOffline.all() }));
}

/** The badge's count after a reload. */
export function useUnsyncedOnLoad(isOffline: boolean) {
  useEffect(() => {
    if (isOffline) void refreshUnsynced();
  }, [isOffline]);
}
