import { RECEIVING_MESSAGES } from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { openMessageModal } from '../../shared/modals/modal-store';

/**
 * Someone completed receiving of the order while this screen had it open (409 received_meanwhile,
 * issue 33): says who and when, and reloads the receive screen from the server on the one button,
 * so nobody keeps editing figures that are no longer the order's.
 */
export function showReceivedMeanwhile(error: unknown, orderId: number): boolean {
  if (!isApiError(error) || error.code !== 'received_meanwhile') return false;
  openMessageModal({
    id: 'received-meanwhile',
    title: 'Received meanwhile',
    message: error.message,
    buttonLabel: RECEIVING_MESSAGES.reloadButton,
    isDismissible: false,
    onConfirm: () => window.location.assign(`/order-history/receive/${orderId}`),
  });
  return true;
}
