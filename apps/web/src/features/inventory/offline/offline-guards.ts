import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { INVENTORIES_TEXTS, isPathAllowedOffline } from '@stockpot/domain';
import { openConfirmModal } from '../../../shared/modals/modal-store';

/**
 * The warnings of offline mode on the inventory route (doc 2 §4): leaving the page (reload, close,
 * another site) gets the browser's question; following a link to a path other than home or the
 * inventory asks first. The app routes declaratively (no data router, so no useBlocker): links are
 * caught before React Router sees them.
 */
export function useOfflineGuards(isOffline: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isOffline) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; the spec's text is what those that still read it show.
      event.returnValue = INVENTORIES_TEXTS.leavePage;
      return INVENTORIES_TEXTS.leavePage;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== '_self') ||
        anchor.hasAttribute('download')
      )
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || isPathAllowedOffline(url.pathname)) return;
      event.preventDefault();
      event.stopPropagation();
      openConfirmModal({
        id: 'offline-leave-route',
        title: 'Offline mode',
        message: INVENTORIES_TEXTS.leaveRoute,
        confirmLabel: 'Leave',
        onConfirm: () => void navigate(url.pathname + url.search + url.hash),
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isOffline, navigate]);
}
