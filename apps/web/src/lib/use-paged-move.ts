import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { computeSortIndexBetween, moveArrayItem } from '@stockpot/domain';
import type { Pages } from './use-paged-query';

/** A row that can be dragged: the catalogue's custom order and a shopping list both sort by sortIndex. */
interface SortableRow {
  itemDistributorId: number;
  sortIndex: number | null;
}

/** A drag from `from` to `to` in the rows loaded so far, with whatever the save needs. */
export interface PagedMove {
  from: number;
  to: number;
}

/** The rows of every loaded page, in order. */
export function getPagedRows<T>(data: Pages<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}

/** Changes rows of the loaded pages, keeping each page's size (the next page still starts where the server expects). */
export function mapPagedRows<T>(data: Pages<T> | undefined, change: (rows: T[]) => T[]): Pages<T> | undefined {
  if (!data) return data;
  const rows = change(getPagedRows(data));
  let start = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const slice = rows.slice(start, start + page.data.length);
      start += page.data.length;
      return { ...page, data: slice };
    }),
  };
}

/**
 * Moves a row across the loaded pages and gives it the sort index between its new neighbours (the
 * domain's reorder rule), so a second drag before the save answers reads the right neighbours. When
 * the neighbours leave no room (the server renumbers) the row keeps its index until the answer.
 */
export function moveInPages<T extends SortableRow>(data: Pages<T> | undefined, from: number, to: number): Pages<T> | undefined {
  return mapPagedRows(data, (rows) => {
    const moved = moveArrayItem(rows, from, to);
    const above = moved[to - 1]?.sortIndex ?? null;
    const below = moved[to + 1]?.sortIndex ?? null;
    const hasIndexedNeighbours = (to === 0 || above !== null) && (to === moved.length - 1 || below !== null);
    const sortIndex = hasIndexedNeighbours ? computeSortIndexBetween(above, below) : null;
    if (sortIndex !== null) moved[to] = { ...moved[to], sortIndex };
    return moved;
  });
}

/**
 * A drag reorder in a paged list, shown at once: the row moves in the cached pages, then `save`
 * runs. A failed save puts the pages back, reloads them and calls `onFailed`; `refetchAfterSave`
 * reloads the pages after a save that worked too (for orders the server may renumber).
 */
export function usePagedMove<T extends SortableRow, TMove extends PagedMove, TResult>({
  queryKey,
  save,
  onSaved,
  onFailed,
  refetchAfterSave = false,
}: {
  queryKey: QueryKey;
  save: (move: TMove) => Promise<TResult>;
  onSaved?: (result: TResult, move: TMove) => void;
  onFailed: (error: unknown) => void;
  refetchAfterSave?: boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onMutate: ({ from, to }: TMove) => {
      const previous = queryClient.getQueryData<Pages<T>>(queryKey);
      if (previous) queryClient.setQueryData<Pages<T>>(queryKey, moveInPages(previous, from, to));
      return { previous };
    },
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      onFailed(error);
    },
    onSuccess: onSaved,
    onSettled: (_result, error) => (error || refetchAfterSave ? queryClient.invalidateQueries({ queryKey }) : undefined),
  });
}
