import { formatIsoDate } from '../common/date-format.rules';
import { moveArrayItem, planSortedMove } from '../common/sort-order.rules';
// Types only: this module stays free of the schemas (and zod), so the shell's header can use it.
import type { ListItem } from './catalog.schema';
import type { ListSort } from './list-sort.rules';

/** The filters of the list view and shopping lists (doc 1 §3 "Filters"). */
export interface ItemListFilters {
  purchasedOnly: boolean;
  distributorIds: number[];
  shoppingIds: number[];
  pastOrderIds: number[];
}

export const DEFAULT_ITEM_LIST_FILTERS: ItemListFilters = {
  purchasedOnly: false,
  distributorIds: [],
  shoppingIds: [],
  pastOrderIds: [],
};

/** How many filter choices differ from the defaults (shown on the Filters button). */
export function countActiveFilters(filters: ItemListFilters): number {
  return (
    (filters.purchasedOnly ? 1 : 0) + filters.distributorIds.length + filters.shoppingIds.length + filters.pastOrderIds.length
  );
}

/** The list state of doc 1 §3: product ('ALL' by default), search, sortBy (null: the default for the search) and the filters. */
export interface ItemListState {
  search: string;
  sortBy: ListSort | null;
  product: 'ALL' | 'PURCHASED';
  filters: ItemListFilters;
}

/** Infinite scroll loads the next page within this distance of the page bottom (doc 1 §9). */
export const LIST_LOAD_MORE_THRESHOLD_PX = 600;

export function shouldLoadMore(distanceToBottomPx: number, hasNextPage: boolean, isFetching: boolean): boolean {
  return hasNextPage && !isFetching && distanceToBottomPx <= LIST_LOAD_MORE_THRESHOLD_PX;
}

/** Header search suggestions are asked for this long after the last keystroke (doc 1 §2 "debounce (value not shown)"). */
export const SEARCH_SUGGESTION_DEBOUNCE_MS = 300;
/** How many suggestions the header asks for (doc 1 §9 "search text 10"); the same as SEARCH_SUGGESTION_LIMIT of the schema. */
export const HEADER_SUGGESTION_COUNT = 10;

/** Texts of the list view (doc 1 §2 "Place-order list"). */
export const NO_RESULTS_TEXT = 'Sorry, there are no exact match results found';
export const NO_RESULTS_TIPS = ['Check your spelling', 'Try to use less specific words'] as const;
export const SPECIAL_REQUEST_PROMPT = "Can't find what you are looking for?";
export const ADD_SPECIAL_REQUEST_LABEL = 'Add Special Request';
export const MARKET_PRICE_LABEL = 'Market Price';
export const PUNCHED_OUT_TOOLTIP =
  'This item is grayed out because it was not on your most recent order guide sent by your distributor.';

export type ItemTag = 'exact-match' | 'electronic-invoice' | 'call-in' | 'order-guide' | 'rebate' | 'purchased';

/** Tag labels as doc 1 §2 writes them. */
export const ITEM_TAG_LABELS: Record<ItemTag, string> = {
  'exact-match': 'Exact match',
  'electronic-invoice': 'Electronic Invoice',
  'call-in': 'Call-In Item',
  'order-guide': 'Order Guide',
  rebate: 'Rebate',
  purchased: 'Purchased',
};

type TaggedItem = Pick<
  ListItem,
  'matchType' | 'isElectronicInvoiceItem' | 'isUnpurchasable' | 'isOnOrderGuide' | 'rebate' | 'isPurchased'
>;

/**
 * The tags of a list row, in the spec's order (doc 1 §2): Exact match only where the location shows
 * matches (display_match), Rebate only where it shows rebates (display_rebate, doc 1 §1).
 */
export function getItemTags(item: TaggedItem, flags: { display_match: number; display_rebate: number }): ItemTag[] {
  const tags: (ItemTag | false)[] = [
    flags.display_match === 1 && item.matchType === 'ExactMatch' && 'exact-match',
    item.isElectronicInvoiceItem && 'electronic-invoice',
    item.isUnpurchasable && 'call-in',
    item.isOnOrderGuide && 'order-guide',
    flags.display_rebate === 1 && item.rebate > 0 && 'rebate',
    item.isPurchased && 'purchased',
  ];
  return tags.filter((t): t is ItemTag => t !== false);
}

/** Tooltip of the Purchased tag: 'Last Purchased {qty} {unit} on MM/DD/YYYY' (doc 1 §2); null without a purchase date. */
export function getPurchasedTooltip(
  item: Pick<ListItem, 'lastPurchasedQty' | 'lastPurchasedDate' | 'unitMeasure'>,
): string | null {
  const date = formatIsoDate(item.lastPurchasedDate, 'MM/DD/YYYY');
  if (!date) return null;
  const quantity = item.lastPurchasedQty ?? 0;
  return `Last Purchased ${quantity} ${item.unitMeasure} on ${date}`.replace(/\s+/g, ' ');
}

/** Tooltip of a price taken from an electronic invoice: 'Electronic Invoice {MM-DD-YYYY}' (doc 1 §2). */
export function getInvoicePriceTooltip(invoiceDate: string | null): string | null {
  const date = formatIsoDate(invoiceDate, 'MM-DD-YYYY');
  return date ? `Electronic Invoice ${date}` : null;
}

/**
 * A name that tells one row from another for assistive technology and tests: the item name with
 * its distributor and DIN (the same product can be sold by several distributors under one name).
 */
export function getItemAccessibleName(item: Pick<ListItem, 'name' | 'distributor' | 'din'>): string {
  return `${item.name} (${item.distributor} #${item.din})`;
}

/** Moves one element of a list to another index, returning a new list (the one reorder rule's moveArrayItem). */
export const moveListElement = moveArrayItem;

export interface CustomOrderData {
  item_distributor_id: number;
  item_distributor_ids: number[];
  reference_sort_index: number | null;
  special: 'top' | 'bottom' | null;
}

/**
 * Body of POST /items/custom-order for a drag from `from` to `to` in the loaded list (doc 1 §4 "Drag
 * reorder … sends the neighbours and a reference sort index. The special value is top or bottom"):
 * the ids now just above and below the moved item (above first), the sort index of the item whose
 * place it takes, and special 'top' at the first place or 'bottom' at the last place of a fully
 * loaded list. Null when nothing moves.
 */
export function buildCustomOrderData(
  items: readonly Pick<ListItem, 'itemDistributorId' | 'sortIndex'>[],
  from: number,
  to: number,
  hasMoreBelow: boolean,
): { custom_order_data: CustomOrderData } | null {
  const move = planSortedMove(items, from, to, hasMoreBelow);
  if (!move) return null;
  return {
    custom_order_data: {
      item_distributor_id: move.moved.itemDistributorId,
      item_distributor_ids: [move.above, move.below].flatMap((row) => (row ? [row.itemDistributorId] : [])),
      reference_sort_index: move.displaced.sortIndex,
      special: move.special,
    },
  };
}

/**
 * The filters as query parameters (`purchased_only`, `distributor_ids`, `shopping_ids`,
 * `past_order_ids` as comma lists); a choice left at "all" is left out.
 */
export function toItemFilterParams(filters: ItemListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.purchasedOnly) params.purchased_only = '1';
  if (filters.distributorIds.length > 0) params.distributor_ids = filters.distributorIds.join(',');
  if (filters.shoppingIds.length > 0) params.shopping_ids = filters.shoppingIds.join(',');
  if (filters.pastOrderIds.length > 0) params.past_order_ids = filters.pastOrderIds.join(',');
  return params;
}
