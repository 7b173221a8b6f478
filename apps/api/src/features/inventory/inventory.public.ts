/**
 * The inventory view's services that other features call (inventories: the count sheet; orders:
 * receiving). The view itself is split by job: inventory-lists, inventory-groups-read (the page),
 * inventory-groups-write, inventory-group-items, inventory-counts, inventory-item-history and
 * inventory-across-lists (.service.ts each); inside this folder import from those.
 */
export { listAllInventoryLists } from './inventory-lists.service';
export { listGroups } from './inventory-groups-read.service';
export { addReceivedCases, updateOnHand } from './inventory-counts.service';
