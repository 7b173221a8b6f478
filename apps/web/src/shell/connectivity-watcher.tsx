import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getConnectivityNotice, OFFLINE_NOTICE_TIMEOUT_MS, OFFLINE_TITLE } from '@stockpot/domain';
import { openMessageModal } from '../shared/modals/modal-store';

const CONNECTIVITY_MODAL_ID = 'connectivity';

/** Announces a change of connection with the Online/Offline modal (doc 1 §4 "Connection"). */
export function ConnectivityWatcher() {
  const { pathname } = useLocation();
  // The listeners are attached once; the path they read must still be the current one.
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    let wasOnline = navigator.onLine;
    const announce = () => {
      const isOnline = navigator.onLine;
      const notice = getConnectivityNotice(wasOnline, isOnline, pathRef.current);
      wasOnline = isOnline;
      if (!notice) return;
      openMessageModal({
        id: CONNECTIVITY_MODAL_ID,
        title: notice.title,
        message: notice.message,
        autoCloseMs: notice.title === OFFLINE_TITLE ? OFFLINE_NOTICE_TIMEOUT_MS : undefined,
      });
    };
    window.addEventListener('online', announce);
    window.addEventListener('offline', announce);
    return () => {
      window.removeEventListener('online', announce);
      window.removeEventListener('offline', announce);
    };
  }, []);

  return null;
}
