/**
 * Rules of the inventory comparison view (doc 2 §4 "Group and item behaviour", §5, §9): on-hand
 * input and totals (on-hand.rules), group names, the order of items in a group, the custom item
 * form, Edit Packsize (pack-size-edit.rules), the group's amount on hand in its chosen unit
 * (group-stock.rules) and the best buy (best-buy.rules). Quantities are exact rationals until the
 * result is rounded; money stays in integer cents.
 */

/** Group name minimum (doc 2 §9). */
export const GROUP_NAME_MIN_LENGTH = 3;
/** Item search page of the Add/Link dialog (doc 2 §9). */
export const INVENTORY_ITEM_SEARCH_LIMIT = 30;
/** Inventory view page sizes (doc 2 §9). */
export const INVENTORY_PAGE_SIZE_MOBILE = 25;
export const INVENTORY_PAGE_SIZE_DESKTOP = 70;
/** Historic on-hand rows shown at most (doc 2 §9). */
export const HISTORIC_ON_HAND_ROWS = 12;

/** doc 2 §8 texts, spelled as the spec spells them. */
export const INVENTORY_TEXTS = {
  duplicateGroup: 'This generic item already exists',
  somethingWrong: "Something wen't wrong",
  deleteGroup: 'Are you sure you want to delete this generic item?',
  deleteRecipeGroup:
    'Are you sure you want to delete this comparison view generic group, it will also remove those items from the recipe?',
  addGroupBar: 'Click to add new generic group',
  noResults: 'No results found',
  noData: 'No Data Found!',
  punchedOutTooltip: 'This item is grayed out because it was not on your most recent order guide sent by your distributor.',
  offlineAddGroup: 'Please enable online mode to add a new generic ingredient.',
} as const;

/** 'Are you sure you want to delete {name} inventory list?' (doc 2 §8). */
export function getDeleteListConfirmation(name: string): string {
  return `Are you sure you want to delete ${name} inventory list?`;
}

/** The group name rule (doc 2 §5): at least 3 characters, surrounding spaces not counted. */
export function isValidGroupName(name: string): boolean {
  return name.trim().length >= GROUP_NAME_MIN_LENGTH;
}

/** What a rename ends as (doc 2 §5): a valid new name is kept, a too-short one reverts to the old name. */
export function resolveGroupRename(oldName: string, typed: string): { name: string; isChanged: boolean } {
  const name = typed.trim();
  if (!isValidGroupName(name) || name === oldName) return { name: oldName, isChanged: false };
  return { name, isChanged: true };
}

/** The fields the item order of a group looks at. */
export interface OrderedGroupItem {
  id: number;
  isPunchedOut: boolean;
  isSubRecipe: boolean;
  /** Normalised unit price (1/10000 dollars), null when the pack cannot be read. */
  finalUnitPrice: number | null;
  /** Effective price in cents. */
  price: number;
}

/**
 * Item order within a group (doc 2 §4): punched-out last, sub-recipes first, then ascending final
 * unit price (unknown last), then price; ties by id so the order is stable.
 */
export function compareGroupItems(a: OrderedGroupItem, b: OrderedGroupItem): number {
  if (a.isPunchedOut !== b.isPunchedOut) return a.isPunchedOut ? 1 : -1;
  if (a.isSubRecipe !== b.isSubRecipe) return a.isSubRecipe ? -1 : 1;
  if (a.finalUnitPrice !== b.finalUnitPrice) {
    if (a.finalUnitPrice === null) return 1;
    if (b.finalUnitPrice === null) return -1;
    return a.finalUnitPrice - b.finalUnitPrice;
  }
  if (a.price !== b.price) return a.price - b.price;
  return a.id - b.id;
}

export function sortGroupItems<T extends OrderedGroupItem>(items: readonly T[]): T[] {
  return [...items].sort(compareGroupItems);
}

/** The Add/Edit Custom Item form as typed (doc 2 §3 "Custom item form"). */
export interface CustomItemForm {
  description: string;
  unitMeasure: string;
  distributor: string;
  price: string;
  outerPack: string;
  innerPack: string;
  uom: string;
}

const NUMERIC = /^\d+(\.\d+)?$/;

/**
 * Custom item Save rule (doc 2 §5): description and distributor 2+ characters, price present and
 * numeric, outer and inner pack present, numeric and at least 0 (plus the unit choices marked required).
 */
export function canSaveCustomItem(form: CustomItemForm): boolean {
  return (
    form.description.trim().length >= 2 &&
    form.distributor.trim().length >= 2 &&
    NUMERIC.test(form.price.trim()) &&
    NUMERIC.test(form.outerPack.trim()) &&
    NUMERIC.test(form.innerPack.trim()) &&
    form.unitMeasure !== '' &&
    form.uom !== ''
  );
}

/** Descriptions over 100 characters are flagged long (doc 2 §5). */
export function isLongDescription(description: string): boolean {
  return description.length > 100;
}

/** Unit of Measure choices of a custom item, and pack-size units (doc 2 §5 'UOM chosen from a list'). */
export const CUSTOM_ITEM_UNIT_MEASURES = ['CS', 'EA', 'LB'] as const;
export const PACK_SIZE_UOMS = ['LB', 'OZ', 'KG', 'G', 'GAL', 'QT', 'PT', 'FL OZ', 'L', 'ML', 'EA', 'CT', 'DZ', 'BUNCH'] as const;
