import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { INVENTORIES_TEXTS, isPathAllowedOffline } from '@stockpot/domain';
import { openConfirmModal } from '../../../shared/modals/modal-store';

/**
 * The warnings of offline mode on the inventory route (doc 2 §4): leaving the page (reload, close,
 * another site) gets the browser's question; any route change to a path other than home or the
 * inventory (a link, the browser's back and forward, a navigate() call) asks first. React Router's
 * blocker sees every navigation, so one guard covers them all.
 */
export function useOfflineGuards(isOffline: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isOffline && currentLocation.pathname !== nextLocation.pathname && !isPathAllowedOffline(nextLocation.pathname),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openConfirmModal({
      id: 'offline-leave-route',
      title: 'Offline mode',
      message: INVENTORIES_TEXTS.leaveRoute,
      confirmLabel: 'Leave',
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);

  useEffect(() => {
    if (!isOffline) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; the spec's text is what those that still read it show.
      event.returnValue = INVENTORIES_TEXTS.leavePage;
      return INVENTORIES_TEXTS.leavePage;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isOffline]);
}
