import { buildCustomOrderData, type ListItem } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { usePagedMove } from '../../../lib/use-paged-move';
import { openMessageModal } from '../../../shared/modals/modal-store';

export const CUSTOM_ORDER_FAILED = 'The new order of your items could not be saved. Please try again.';

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
 * with the neighbours and reference sort index; a failure puts the row back and says so. The list
 * reloads after each save (the server may have renumbered the order).
 */
export function useCustomOrder(queryKey: readonly unknown[]) {
  return usePagedMove<ListItem, RowMove, unknown>({
    queryKey,
    save: ({ body }) => api.post<unknown>('items/custom-order', body),
    onFailed: (error) => {
      console.error('Could not save the custom order', error);
      openMessageModal({ id: 'custom-order-failed', message: CUSTOM_ORDER_FAILED });
    },
    refetchAfterSave: true,
  });
}
