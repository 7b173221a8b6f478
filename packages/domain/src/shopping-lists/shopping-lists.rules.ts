/**
 * Pure rules of the shopping lists (doc 1 §2 "Shopping lists", §5, §7 "Reorder a list item").
 * Free of zod so web pages can use them without loading the schemas.
 */
import { planSortedMove, SORT_INDEX_STEP } from '../common/sort-order.rules';

/** The step of a list's sort indexes: the one reorder rule's (common/sort-order.rules). */
export const LIST_SORT_STEP = SORT_INDEX_STEP;
/** Rows of a list screen page (doc 1 §9: shopping list pages tracked by pageCount and currentPage). */
export const SHOPPING_LIST_PAGE_SIZE = 50;
/** Most digits of a quantity typed on a list row (doc 1 §5: maximum length 5). */
export const LIST_QUANTITY_MAX_LENGTH = 5;

export interface ReorderableListItem {
  itemDistributorId: number;
  sortIndex: number;
}

/** The body of "Reorder a list item" (doc 1 §7), in the spec's field names. */
export interface ListReorderBody {
  item_distributor_id: number;
  item_distributor_ids: number[];
  reference_sort_index: number | null;
  tag_id: number;
  special: 'top' | 'bottom' | null;
}

/**
 * The "Reorder a list item" body for moving the row at `from` to `to` in the rows shown: the moved
 * item, its new neighbours (above first, then below), the sort index of the one above, the list as
 * tag_id, and special 'top' when nothing is above it or 'bottom' when nothing is below. Null when
 * nothing moves.
 */
export function buildListReorderBody(
  rows: readonly ReorderableListItem[],
  from: number,
  to: number,
  listId: number,
): ListReorderBody | null {
  const move = planSortedMove(rows, from, to, false);
  if (!move) return null;
  return {
    item_distributor_id: move.moved.itemDistributorId,
    item_distributor_ids: [move.above, move.below].flatMap((row) => (row ? [row.itemDistributorId] : [])),
    reference_sort_index: move.above?.sortIndex ?? null,
    tag_id: listId,
    special: move.special,
  };
}

/** A list row's quantity as typed: digits only, at most 5 of them; empty reads as 0 (doc 1 §5 cart quantity). */
export function parseListQuantity(input: string): number | null {
  const trimmed = input.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed) || trimmed.length > LIST_QUANTITY_MAX_LENGTH) return null;
  return Number(trimmed);
}

/**
 * Adding a list to the cart: each row with a chosen quantity above 0 raises the cart's quantity of
 * that item by it (an item already in the cart is not reset); rows at 0 are left out.
 */
export function getListCartTargets(
  rows: readonly { itemDistributorId: number; quantity: number }[],
  getCartQuantity: (itemDistributorId: number) => number,
): { itemDistributorId: number; quantity: number }[] {
  return rows
    .filter((row) => row.quantity > 0)
    .map((row) => ({
      itemDistributorId: row.itemDistributorId,
      quantity: getCartQuantity(row.itemDistributorId) + row.quantity,
    }));
}

/** The list id of a /shopping-lists/{id} path segment: a positive whole number, else null (the route redirects). */
export function parseShoppingListId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}
