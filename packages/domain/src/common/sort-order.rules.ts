/**
 * The one reorder rule (doc 1 §4 "Drag reorder" of the catalogue's custom order, §7 "Reorder a list
 * item"): both are a sequence of sort indexes with room between neighbours. A move takes the index
 * halfway between its new neighbours; when they have no room left the sequence is renumbered in
 * steps of SORT_INDEX_STEP and the move asked again. The API's placeInSequence, the web's paged
 * optimistic move (moveAcrossPages) and both request bodies are built on these.
 */

/** Room left between neighbours, so many moves fit before a sequence is renumbered. */
export const SORT_INDEX_STEP = 1024;
/** Sort indexes stay well inside PostgreSQL's integer range. */
export const SORT_INDEX_LIMIT = 2_000_000_000;

/** Where a moved row goes: at the top, at the bottom, or right after the row now above it. */
export type SortMoveSpecial = 'top' | 'bottom' | null;

/** The sort index of a row appended after the last one (null when the sequence is empty). */
export function getAppendSortIndex(maxIndex: number | null): number {
  return maxIndex === null ? SORT_INDEX_STEP : maxIndex + SORT_INDEX_STEP;
}

/**
 * The index between the new neighbours `above` and `below` (null when there is none): halfway
 * between two, a step past a single one. Null when the two are adjacent or the index would leave
 * the safe range: the sequence is renumbered, then asked again.
 */
export function computeSortIndexBetween(above: number | null, below: number | null, step = SORT_INDEX_STEP): number | null {
  const index =
    above === null && below === null
      ? step
      : above === null
        ? below! - step
        : below === null
          ? above + step
          : Math.floor((above + below) / 2);
  const fits = (above === null || index > above) && (below === null || index < below) && Math.abs(index) < SORT_INDEX_LIMIT;
  return fits ? index : null;
}

/** Sort indexes 1×step, 2×step, … for a sequence's rows in their current order (a renumbering). */
export function renumberSortIndexes(count: number, step = SORT_INDEX_STEP): number[] {
  return Array.from({ length: count }, (_, position) => (position + 1) * step);
}

/** A copy of `list` with the element at `from` moved to `to` (unchanged when either is out of range). */
export function moveArrayItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * The paged optimistic move for the web: moves the row at `from` to `to` across the loaded pages
 * (indexes count from the first row of the first page) and keeps each page's size, so the next
 * page still starts where the server expects.
 */
export function moveAcrossPages<T>(pages: readonly (readonly T[])[], from: number, to: number): T[][] {
  const moved = moveArrayItem(pages.flat() as T[], from, to);
  let offset = 0;
  return pages.map((page) => {
    const rows = moved.slice(offset, offset + page.length);
    offset += page.length;
    return rows;
  });
}

/** A drag in a loaded sequence, as both reorder endpoints need it. */
export interface SortedMove<T> {
  /** The rows in their new order. */
  rows: T[];
  moved: T;
  /** The new neighbours, null where there is none among the loaded rows. */
  above: T | null;
  below: T | null;
  /** The row whose place the moved one takes. */
  displaced: T;
  special: SortMoveSpecial;
}

/**
 * The move of a drag from `from` to `to` in the loaded rows: the new neighbours, and special 'top'
 * at the first place or 'bottom' at the last place when no more rows wait below. Null when nothing
 * moves.
 */
export function planSortedMove<T>(rows: readonly T[], from: number, to: number, hasMoreBelow: boolean): SortedMove<T> | null {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return null;
  const next = moveArrayItem(rows, from, to);
  const above = to > 0 ? next[to - 1] : null;
  const below = to < next.length - 1 ? next[to + 1] : null;
  const special = above === null ? 'top' : below === null && !hasMoreBelow ? 'bottom' : null;
  return { rows: next, moved: rows[from], above, below, displaced: rows[to], special };
}

/** Why a move the client sent cannot be placed, or null when it can: the neighbour ids are the new ones, above first. */
export function getSortMoveProblem(move: {
  movedId: number;
  neighbourIds: readonly number[];
  special: SortMoveSpecial;
}): 'own-neighbour' | 'no-place' | null {
  if (move.neighbourIds.includes(move.movedId)) return 'own-neighbour';
  if (!move.special && move.neighbourIds.length === 0) return 'no-place';
  return null;
}
