import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { openMessageModal } from '../../../shared/modals/modal-store';

/** The spec's not-found modal (doc 2 §8: 'Recipe Not Found', 'Menu Not Found', 'Menu Category Not Found'); OK goes to `to`. */
export function NotFoundModal({ message, to }: { message: string; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    openMessageModal({
      id: 'recipes-not-found',
      message,
      buttonLabel: 'OK',
      isDismissible: false,
      onConfirm: () => navigate(to),
    });
  }, [message, to, navigate]);
  return null;
}
