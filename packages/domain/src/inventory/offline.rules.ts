/**
 * Rules of offline counting (doc 2 §3 "On-hand fields", §4 "Connectivity and offline inventory"):
 * a count typed while offline is applied to the device's copy and flagged toUpdate; returning
 * online sends every flagged item once, as one batch; only the inventory paths may be left for
 * without asking. Pure: the browser's storage and the network live in the web app.
 */
import { getOnHandTotals, type OnHandCounts, type OnHandItem } from './on-hand.rules';

/** An item of the device's copy: the group item's fields plus genericGroupId and the sync flag (doc 2 §3). */
export interface OfflineItem extends OnHandItem, OnHandCounts {
  id: number;
  genericGroupId: number;
  totalOnHand: number;
  totalOnHandAmount: number;
  collectiveOnHand: number;
  collectiveOnHandUom: string;
  /** Changed on the device and not yet sent (doc 2 §3 "toUpdate"). */
  toUpdate: boolean;
  /** When the count was typed (ISO 8601): on sync the later count of an item wins. */
  countedAt?: string;
}

/** One entry of PATCH /comparison-views/update-item-batch. */
export interface OfflineBatchEntry extends OnHandCounts {
  id: number;
  genericGroupId: number;
  countedAt: string;
}

/**
 * A count typed offline: the fields typed replace the stored ones, the totals are recomputed as
 * online (doc 2 §4 "On-hand total is recomputed on each edit") and the item is flagged for sync.
 */
export function applyOfflineCount<T extends OfflineItem>(item: T, counts: Partial<OnHandCounts>, now: Date): T {
  const next: OnHandCounts = {
    onHand: counts.onHand ?? item.onHand,
    onHandPack: counts.onHandPack ?? item.onHandPack,
    onHandUom: counts.onHandUom ?? item.onHandUom,
  };
  return { ...item, ...next, ...getOnHandTotals(item, next), toUpdate: true, countedAt: now.toISOString() };
}

/** The batch sent on return: every flagged item once, with its latest counts, oldest first. */
export function buildSyncBatch(items: readonly OfflineItem[], fallbackCountedAt: Date): OfflineBatchEntry[] {
  const latest = new Map<number, OfflineItem>();
  for (const item of items) {
    if (!item.toUpdate) continue;
    const seen = latest.get(item.id);
    if (!seen || (item.countedAt ?? '') >= (seen.countedAt ?? '')) latest.set(item.id, item);
  }
  return [...latest.values()]
    .map((item) => ({
      id: item.id,
      genericGroupId: item.genericGroupId,
      onHand: item.onHand,
      onHandPack: item.onHandPack,
      onHandUom: item.onHandUom,
      countedAt: item.countedAt ?? fallbackCountedAt.toISOString(),
    }))
    .sort((a, b) => a.countedAt.localeCompare(b.countedAt) || a.id - b.id);
}

/** How many items wait to be synced (the unsynced badge of doc 2 §4). */
export function countUnsyncedItems(items: readonly Pick<OfflineItem, 'toUpdate'>[]): number {
  return items.filter((item) => item.toUpdate).length;
}

/** A group's value on hand in cents, from its items' values (money stays in integer cents). */
export function sumGroupOnHandAmount(items: readonly Pick<OfflineItem, 'totalOnHandAmount'>[]): number {
  return items.reduce((sum, item) => sum + item.totalOnHandAmount, 0);
}

/** Home and the inventory paths may be opened in offline mode without the question of doc 2 §4. */
export function isPathAllowedOffline(path: string): boolean {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  return clean === '/' || clean === '/place-order/inventory' || clean.startsWith('/place-order/inventory/');
}
