/**
 * Rules of the inventory lifecycle (doc 2 §4 "Inventory lifecycle", "Connectivity and offline
 * inventory", §6, §8, §9; doc 3 §4 "Inventory completion"): the status control, who may reopen, the
 * past inventory detail's filters, the spreadsheet's emptiness and which of two counts of one item
 * wins when an offline batch is synced. Money stays in integer cents.
 */

/** Past inventories page size (doc 2 §9, doc 3 §9). */
export const PAST_INVENTORIES_PAGE_SIZE = 12;
/** Version of the device's offline copy (doc 2 §9). */
export const OFFLINE_STORAGE_VERSION = 3.01;
/** Most items one offline batch may carry (not shown in the spec; a list's items fit many times). */
export const SYNC_BATCH_MAX_ITEMS = 5000;

/** doc 2 §4, §8 and doc 3 §4, §8 texts, spelled as the spec spells them (the Online/Offline notices live in shell/connectivity.rules). */
export const INVENTORIES_TEXTS = {
  startInventory: 'Start Inventory',
  reviewInventory: 'Review Inventory',
  completeInventory: 'Complete Inventory',
  confirmComplete: 'Are you sure you want to complete inventory?',
  completed: "The inventory's complete!",
  reopenOwnerOnly: 'Only users with the owner title can reopen inventories.',
  noInventory: 'You have no inventory.',
  missingOnHandFilter: 'Show only items with missing on hand value',
  offlineNow: 'You are now in offline mode',
  leavePage: 'Data will be lost if you leave the page, are you sure?',
  leaveRoute:
    "You're in offline mode, please enable online mode before leaving the page or you will lose any changes made to your account. Do you want to leave anyway?",
  switchListOffline: 'Please enable Online Mode before switching inventory lists',
  needsNetwork: 'You need internet connectivity to use this feature',
  connectivityFailedTitle: 'Connectivity Failed',
  connectivityFailed: 'You are currently not connected to the internet. Please reconnect before you can go online/offline',
} as const;

/** '{name} list is under inventory, you need to refresh the page to have latest updates.' (doc 2 §8). */
export function getListUnderInventoryText(name: string): string {
  return `${name} list is under inventory, you need to refresh the page to have latest updates.`;
}

/** The status control (doc 2 §2, §4): 'Start Inventory' with no active inventory, else 'Review Inventory'. */
export function getInventoryStatusLabel(activeInventoryId: number | null | undefined): string {
  return activeInventoryId ? INVENTORIES_TEXTS.reviewInventory : INVENTORIES_TEXTS.startInventory;
}

/** Only a user whose title contains 'owner' may reopen a completed inventory (doc 2 §6); any case. */
export function canReopenInventory(title: string | null | undefined): boolean {
  return (title ?? '').toLowerCase().includes('owner');
}

export interface CountedItem {
  description: string;
  distributor: string;
  onHand: number;
  onHandPack: number;
  onHandUom: number;
}

/** An item with no count at all: no cases, packs or units ('Show only items with missing on hand value'). */
export function isMissingOnHand(item: Pick<CountedItem, 'onHand' | 'onHandPack' | 'onHandUom'>): boolean {
  return !(item.onHand > 0 || item.onHandPack > 0 || item.onHandUom > 0);
}

export interface DetailFilter {
  search: string;
  missingOnHandOnly: boolean;
}

interface FilterableGroup<I> {
  name: string;
  items: I[];
}
interface FilterableView<G> {
  name: string;
  groups: G[];
}

/**
 * The past inventory detail's search and checkbox (doc 2 §2): an item stays when its description,
 * distributor, group or storage group name holds the search (case-insensitive) and, with the
 * checkbox, when it has no count. Groups and storage groups left empty go; totals stay those of
 * the whole inventory.
 */
export function filterInventoryDetail<I extends CountedItem, G extends FilterableGroup<I>, V extends FilterableView<G>>(
  views: readonly V[],
  filter: DetailFilter,
): V[] {
  const needle = filter.search.trim().toLowerCase();
  const holds = (text: string) => text.toLowerCase().includes(needle);
  const out: V[] = [];
  for (const view of views) {
    const groups: G[] = [];
    for (const group of view.groups) {
      const items = group.items.filter(
        (item) =>
          (!filter.missingOnHandOnly || isMissingOnHand(item)) &&
          (needle === '' || holds(item.description) || holds(item.distributor) || holds(group.name) || holds(view.name)),
      );
      if (items.length > 0) groups.push({ ...group, items });
    }
    if (groups.length > 0) out.push({ ...view, groups });
  }
  return out;
}

/** Sum of item values in cents. */
export function sumOnHandAmounts(items: readonly { totalOnHandAmount: number }[]): number {
  return items.reduce((sum, item) => sum + item.totalOnHandAmount, 0);
}

/**
 * Two counts of one item (doc 2 §4 sync; issue 16): the later count wins, the earlier is kept in
 * the item's history. A count made at the same instant as the stored one replaces it (the batch
 * is what the counter saw last).
 */
export function resolveCountConflict(storedAt: Date | string | null, incomingAt: Date | string): 'apply' | 'keep' {
  if (storedAt === null) return 'apply';
  return new Date(incomingAt).getTime() >= new Date(storedAt).getTime() ? 'apply' : 'keep';
}

/** The spreadsheet file name of an inventory: inventory-{start date}.xlsx. */
export function getInventoryFileName(startDate: string): string {
  return `inventory-${startDate}.xlsx`;
}
