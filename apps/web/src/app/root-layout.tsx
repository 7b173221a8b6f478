import { ConnectivityWatcher } from '../shell/connectivity-watcher';
import { ModalStack } from '../shell/modal-stack';
import { OfflineBanner } from '../shell/offline-banner';
import { ScrollToTop } from '../shell/scroll-to-top';
import { SpinnerOverlay } from '../shell/spinner-overlay';
import { UnauthorizedBridge } from '../shell/unauthorized-bridge';
import { RouteGuard } from './route-guard';

/** Top of every route: the guard and page, plus the global pieces of doc 3 §2.3 (modal stack, spinner) and doc 1 §4 (connection). */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <RouteGuard />
      <ModalStack />
      <SpinnerOverlay />
      <ConnectivityWatcher />
      <OfflineBanner />
      <UnauthorizedBridge />
    </>
  );
}
