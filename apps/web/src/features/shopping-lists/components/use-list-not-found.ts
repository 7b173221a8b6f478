import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SHOPPING_LIST_NOT_FOUND, SHOPPING_LIST_NOT_FOUND_BODY } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { SHOPPING_LISTS_PATH } from '../paths';

/** Whether a failed list read was a 404 (another location's list, a deleted one or an unknown id). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Shopping list 404 (doc 1 §8): 'Shopping List Not Found', then the redirect to /shopping-lists. */
export function useListNotFoundRedirect(error: unknown): boolean {
  const navigate = useNavigate();
  const isMissing = isNotFound(error);
  useEffect(() => {
    if (!isMissing) return;
    openMessageModal({
      id: 'shopping-list-not-found',
      title: SHOPPING_LIST_NOT_FOUND,
      message: SHOPPING_LIST_NOT_FOUND_BODY,
    });
    void navigate(SHOPPING_LISTS_PATH, { replace: true });
  }, [isMissing, navigate]);
  return isMissing;
}
