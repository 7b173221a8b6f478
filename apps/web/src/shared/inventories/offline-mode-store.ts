/**
 * Whether offline mode is on (doc 2 §4) and how many counts wait for the sync. Both are mirrored in
 * local storage so the first render after a reload, on any page, knows them without IndexedDB: the
 * shell's badge reads them, the inventory feature writes them.
 */
import { create } from 'zustand';
import { readJson, readText, STORAGE_KEYS, writeJson, writeText } from '../../lib/storage';

export interface OfflineMode {
  locationId: number;
  listId: number;
  listName: string;
  /** Made once per sync attempt and kept until it succeeds: a retry is applied only once by the server. */
  batchId?: string;
}

interface OfflineState {
  mode: OfflineMode | null;
  unsynced: number;
}

const readUnsynced = (): number => {
  const value = Number(readText(STORAGE_KEYS.inventoryUnsynced));
  return Number.isInteger(value) && value > 0 ? value : 0;
};

export const useOfflineMode = create<OfflineState>(() => ({
  mode: readJson<OfflineMode>(STORAGE_KEYS.inventoryOffline),
  unsynced: readUnsynced(),
}));

export function setOfflineMode(mode: OfflineMode | null): void {
  writeJson(STORAGE_KEYS.inventoryOffline, mode);
  useOfflineMode.setState({ mode });
}

export function setUnsyncedCount(unsynced: number): void {
  writeText(STORAGE_KEYS.inventoryUnsynced, unsynced > 0 ? String(unsynced) : null);
  useOfflineMode.setState({ unsynced });
}
