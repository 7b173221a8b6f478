import { afterEach, describe, expect, it } from 'vitest';
import { RECEIVING_MESSAGES } from '@stockpot/domain';
import { ApiError } from '../../lib/api-error';
import { closeAllMessageModals, useModalStack } from '../../shared/modals/modal-store';
import { showReceivedMeanwhile } from './received-meanwhile';

afterEach(() => closeAllMessageModals());

describe('receiving completed meanwhile (issue 33)', () => {
  it("shows the server's words with one way out: reloading the order", () => {
    const message = 'Dana Cook completed receiving of this order at 3:42 PM on 11/25/2026 while you had it open.';
    expect(showReceivedMeanwhile(new ApiError(409, message, 'received_meanwhile'), 12)).toBe(true);
    const [modal] = useModalStack.getState().modals;
    expect(modal).toMatchObject({ title: 'Received meanwhile', message, buttonLabel: RECEIVING_MESSAGES.reloadButton });
    expect(modal.isDismissible).toBe(false);
  });

  it('leaves every other failure to the screen', () => {
    expect(showReceivedMeanwhile(new ApiError(400, 'Check every item.', 'items_not_checked'), 12)).toBe(false);
    expect(showReceivedMeanwhile(new Error('offline'), 12)).toBe(false);
    expect(useModalStack.getState().modals).toEqual([]);
  });
});
