import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventorySort, OnHandCounts } from '@stockpot/domain';
import { readOfflineGroups, readOfflineLists } from './offline-copy';
import { getOfflineDb } from './offline-db';
import { countOffline, refreshUnsynced } from './offline-mode';

/** The copy's queries: read from IndexedDB, never from the network. */
const OFFLINE_KEY = ['inventory-offline'] as const;

export function useOfflineLists(enabled: boolean) {
  return useQuery({
    queryKey: [...OFFLINE_KEY, 'lists'],
    enabled,
    networkMode: 'always',
    queryFn: () => readOfflineLists(getOfflineDb()),
  });
}

export function useOfflineGroups(listId: number | null, sort: InventorySort, search: string) {
  return useQuery({
    queryKey: [...OFFLINE_KEY, 'groups', listId, sort, search],
    enabled: listId !== null,
    networkMode: 'always',
    queryFn: async () => ({ data: await readOfflineGroups(getOfflineDb(), listId!, sort, search) }),
  });
}

/** A count in offline mode: to the copy, then the copy's view is read again. */
export function useOfflineCount() {
  const queryClient = useQueryClient();
  return (itemId: number, counts: Partial<OnHandCounts>) =>
    countOffline(itemId, counts).then(() => queryClient.invalidateQueries({ queryKey: OFFLINE_KEY }));
}

/** The badge's count after a reload. */
export function useUnsyncedOnLoad(isOffline: boolean) {
  useEffect(() => {
    if (isOffline) void refreshUnsynced();
  }, [isOffline]);
}
