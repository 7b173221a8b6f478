import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_PATH, UNAUTHORIZED_TEXT } from '@stockpot/domain';
import { setUnauthorizedHandler } from '../lib/api-client';
import { openMessageModal } from '../shared/modals/modal-store';

export const UNAUTHORIZED_MODAL_ID = 'unauthorized';

/** Connects the API client's 401 signal to the modal of doc 3 §8; OK is the only way out and leads to /logout. */
export function UnauthorizedBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() =>
      openMessageModal({
        id: UNAUTHORIZED_MODAL_ID,
        message: UNAUTHORIZED_TEXT,
        buttonLabel: 'OK',
        isDismissible: false,
        onConfirm: () => navigate(LOGOUT_PATH),
      }),
    );
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}
