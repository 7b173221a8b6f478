/** The cart queue's modals: a blocked add (leading to a special request when punched out) and a failed save. */
import { CART_SAVE_FAILED_TITLE, getBlockedAddNotice, getCartSaveFailedText, type BlockedAddReason } from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { openMessageModal } from '../modals/modal-store';
import { openSpecialRequestModal } from '../modals/special-request-launcher';
import type { CartItemInfo } from './cart-sync-state';

/** The modal of a blocked add (doc 1 §4, §8); the punched-out notice leads to the special request. */
export function showBlockedAddNotice(reason: BlockedAddReason, item: Pick<CartItemInfo, 'distributorId' | 'name'>): void {
  const notice = getBlockedAddNotice(reason);
  if (reason === 'punched-out') {
    openMessageModal({
      id: 'blocked-add',
      ...notice,
      buttonLabel: 'Add Special Request',
      cancelLabel: 'Close',
      onConfirm: () => openSpecialRequestModal({ distributorId: item.distributorId, description: item.name }),
    });
    return;
  }
  openMessageModal({ id: 'blocked-add', ...notice });
}

/** The modal of a failed save: which items were not saved, with Try again. */
export function showCartSaveFailed(error: unknown, names: string[], retry: () => void): void {
  openMessageModal({
    id: 'cart-save-failed',
    title: CART_SAVE_FAILED_TITLE,
    message: getCartSaveFailedText(isApiError(error) ? error.status : 0, isApiError(error) ? error.message : undefined, names),
    buttonLabel: 'Try again',
    cancelLabel: 'Close',
    onConfirm: retry,
  });
}
