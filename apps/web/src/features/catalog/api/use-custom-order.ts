import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildCustomOrderData, moveListElement, type ListItem } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { openMessageModal } from '../../../shared/modals/modal-store';
import type { ItemPages } from './use-item-list';

export const CUSTOM_ORDER_FAILED = 'The new order of your items could not be saved. Please try again.';

/** Moves a row and keeps the page sizes, so the next page still starts where the server expects. */
function moveInPages(data: ItemPages, from: number, to: number): ItemPages {
  const moved = moveListElement(
    data.pages.flatMap((page) => page.data),
    from,
    to,
  );
  let offset = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const rows = moved.slice(offset, offset + page.data.length);
      offset += page.data.length;
      return { ...page, data: rows };
    }),
  };
}

type CustomOrderBody = NonNullable<ReturnType<typeof buildCustomOrderData>>;

export interface RowMove {
  from: number;
  to: number;
  body: CustomOrderBody;
}

/** The move of a drag from `from` to `to`, or null when the row stays where it was. */
export function planRowMove(items: readonly ListItem[], from: number, to: number, hasMoreBelow: boolean): RowMove | null {
  const body = buildCustomOrderData(items, from, to, hasMoreBelow);
  return body ? { from, to, body } : null;
}

/**
 * Drag reorder in the Custom sort (doc 1 §4): the row moves at once, then POST /items/custom-order
 * with the neighbours and reference sort index; a failure puts the row back and says so.
 */
export function useCustomOrder(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: RowMove) => api.post<unknown>('items/custom-order', body),
    onMutate: ({ from, to }) => {
      const previous = queryClient.getQueryData<ItemPages>(queryKey);
      if (previous) queryClient.setQueryData<ItemPages>(queryKey, moveInPages(previous, from, to));
      return { previous };
    },
    onError: (error, _move, context) => {
      console.error('Could not save the custom order', error);
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      openMessageModal({ id: 'custom-order-failed', message: CUSTOM_ORDER_FAILED });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
