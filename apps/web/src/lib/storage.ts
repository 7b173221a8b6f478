/**
 * Keys kept in localStorage. They are plain top-level keys (not one JSON blob) so each value the
 * spec lists as persisted can be read, seeded or cleared on its own, e.g. by end-to-end tests.
 */
export const STORAGE_KEYS = {
  authKey: 'authKey',
  currentRole: 'currentRole',
  activeLocation: 'activeLocation',
  locations: 'locations',
  userId: 'userId',
  placeOrderView: 'placeOrderView',
  /** The inventory list last chosen on /place-order/inventory (doc 2 §2 "Inventory view layout"). */
  inventoryListId: 'inventoryListId',
  /** The inventory sort choice: custom, asc or desc (doc 3 §3 "Persisted in browser storage"). */
  inventorySort: 'inventorySort',
  /** The list counted in offline mode and the sync's batch id (doc 2 §4); the copy itself is in IndexedDB. */
  inventoryOffline: 'inventoryOffline',
  /** How many offline counts wait for the sync, so the shell's badge shows on any page after a reload. */
  inventoryUnsynced: 'inventoryUnsynced',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota, disabled cookies); the app must still run without it.
function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readText(key: StorageKey): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeText(key: StorageKey, value: string | null): void {
  try {
    const storage = getStorage();
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // A full or disabled storage only costs persistence across reloads.
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Logout wipes everything this origin stored, not only our keys (doc 3 §2.2 "/logout clears all locally stored data"). */
export function clearStorage(): void {
  try {
    getStorage()?.clear();
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
