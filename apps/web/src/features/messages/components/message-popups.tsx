import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { markPopupRead, usePopups, type Popup } from '../api/get-popups';

// Mantine's Modal (its portal, focus trap and scroll lock) loads only when there is a message to
// show: place-order is the first route, and most visits have none.
const PopupModal = lazy(() => import('./popup-modal').then((m) => ({ default: m.PopupModal })));

/**
 * The place-order pop-ups (doc 3 §2.3, §4 "Messages"): each unread location message, then the
 * broadcast, one at a time; closing one marks it read. A failed fetch or mark is only logged.
 */
export function MessagePopups() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const popups = usePopups(locationId);
  const queryClient = useQueryClient();
  const current = popups.data?.[0];
  if (!current) return null;

  const close = () => {
    markPopupRead(current).catch((error: unknown) => console.warn('Could not mark the message read', error));
    // Shown once: the cached list drops it, so coming back to place-order does not show it again.
    queryClient.setQueryData<Popup[]>(queryKeys.messages.popups(locationId), (list) => list?.filter((p) => p !== current));
  };

  return (
    <Suspense fallback={null}>
      <PopupModal popup={current} onClose={close} />
    </Suspense>
  );
}
