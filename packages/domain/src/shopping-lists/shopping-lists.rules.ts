/**
 * Pure rules of the shopping lists (doc 1 §2 "Shopping lists", §5, §7 "Reorder a list item").
 * Free of zod so web pages can use them without loading the schemas.
 */

/** Room left between neighbours of a list, so many moves fit before the list is renumbered. */
export const LIST_SORT_STEP = 1024;
/** Sort indexes stay well inside PostgreSQL's integer range. */
export const LIST_SORT_INDEX_LIMIT = 2_000_000_000;
/** Rows of a list screen page (doc 1 §9: shopping list pages tracked by pageCount and currentPage). */
export const SHOPPING_LIST_PAGE_SIZE = 50;
/** Most digits of a quantity typed on a list row (doc 1 §5: maximum length 5). */
export const LIST_QUANTITY_MAX_LENGTH = 5;

/** The sort index of an item appended at the bottom of a list (doc 1 §7, add-one). */
export function getAppendSortIndex(maxIndex: number | null): number {
  return maxIndex === null ? LIST_SORT_STEP : maxIndex + LIST_SORT_STEP;
}

/**
 * Reorder a list item (doc 1 §7) or the catalogue's custom order (§4 drag reorder): the index
 * between the new neighbours `above` and `below` (null when there is none): halfway between two,
 * a step past a single one. Null when the two are adjacent or the index would leave the safe range:
 * the sequence is renumbered, then asked again.
 */
export function computeListSortIndex(above: number | null, below: number | null, step = LIST_SORT_STEP): number | null {
  const index =
    above === null && below === null
      ? step
      : above === null
        ? below! - step
        : below === null
          ? above + step
          : Math.floor((above + below) / 2);
  const fits = (above === null || index > above) && (below === null || index < below) && Math.abs(index) < LIST_SORT_INDEX_LIMIT;
  return fits ? index : null;
}

/** Sort indexes 1×step, 2×step, … for the list's rows in their current order (a renumbering). */
export function renumberListIndexes(count: number, step = LIST_SORT_STEP): number[] {
  return Array.from({ length: count }, (_, position) => (position + 1) * step);
}

/** A copy of `list` with the element at `from` moved to `to`. */
export function moveArrayItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

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
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return null;
  const moved = moveArrayItem(rows, from, to);
  const above = to > 0 ? moved[to - 1] : null;
  const below = to < moved.length - 1 ? moved[to + 1] : null;
  return {
    item_distributor_id: rows[from].itemDistributorId,
    item_distributor_ids: [above, below].flatMap((row) => (row ? [row.itemDistributorId] : [])),
    reference_sort_index: above?.sortIndex ?? null,
    tag_id: listId,
    special: above === null ? 'top' : below === null ? 'bottom' : null,
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
