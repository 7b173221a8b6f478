/**
 * The device's offline copy of one inventory list (doc 2 §3 "Local offline copy", §4): lists,
 * groups, cart and items in IndexedDB through Dexie, at the storage version of doc 2 §9.
 */
import Dexie, { type Table } from 'dexie';
import { OFFLINE_STORAGE_VERSION, type GenericGroup, type GroupItem, type InventoryList } from '@stockpot/domain';

/** A group without its items (they live in their own table), with the order of its items. */
export interface OfflineGroupRow extends Omit<GenericGroup, 'items'> {
  itemIds: number[];
}

/** A group item of the copy: genericGroupId and the sync flag beside the item's fields (doc 2 §3). */
export interface OfflineItemRow extends GroupItem {
  genericGroupId: number;
  toUpdate: boolean;
  countedAt?: string;
}

/** The cart as it was when the list was downloaded (read-only while offline). */
export interface OfflineCartRow {
  id: 'cart';
  data: unknown;
}

export class OfflineInventoryDb extends Dexie {
  lists!: Table<InventoryList, number>;
  groups!: Table<OfflineGroupRow, number>;
  cart!: Table<OfflineCartRow, string>;
  items!: Table<OfflineItemRow, number>;

  constructor(name = 'stockpot-inventory-offline') {
    super(name);
    // Booleans are not IndexedDB keys, so toUpdate is filtered, not indexed.
    this.version(OFFLINE_STORAGE_VERSION).stores({
      lists: 'id',
      groups: 'id, comparisonViewId',
      cart: 'id',
      items: 'id, genericGroupId',
    });
  }
}

let shared: OfflineInventoryDb | null = null;

/** The one copy of the app; opened on first use so pages that never go offline never touch IndexedDB. */
export function getOfflineDb(): OfflineInventoryDb {
  shared ??= new OfflineInventoryDb();
  return shared;
}
