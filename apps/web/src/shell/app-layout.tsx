import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useIsDesktop } from '../lib/use-is-desktop';
import { PageErrorBoundary } from '../ui/page-error-boundary';
import { PageLoader } from '../ui/page-loader';
import { useCurrentUserSync } from './api/use-current-user';
import { CartAnimation } from '../shared/cart/cart-animation';
import { CartSyncBridge } from '../shared/cart/cart-sync-bridge';
import { AppHeader, getHeaderHeight } from './header';
import { LiveEventsBridge } from './live-events-bridge';
import { Sidebar } from './sidebar';

const NAVBAR_WIDTH = 280;

// Its own component: the current user's query moves through several states while the page loads,
// and each one re-rendered the whole shell (header, sidebar and the page) on a phone's busy CPU.
function CurrentUserSync() {
  useCurrentUserSync();
  return null;
}

/** The signed-in member's frame: header, sidebar and the page. */
export function AppLayout() {
  const isDesktop = useIsDesktop();
  const { pathname } = useLocation();
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  // On a phone the closed sidebar only slides off screen; hiding it keeps its links out of the tab order.
  const isNavHidden = !isDesktop && !isNavOpen;

  return (
    <AppShell
      header={{ height: getHeaderHeight(isDesktop, pathname) }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <AppHeader isDesktop={isDesktop} isNavOpen={isNavOpen} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main menu" style={isNavHidden ? { visibility: 'hidden' } : undefined} inert={isNavHidden}>
        <Sidebar isDesktop={isDesktop} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {/* Inside the shell too, so a page that fails to load keeps the header and sidebar around it. */}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </AppShell.Main>
      <CurrentUserSync />
      <CartSyncBridge />
      <LiveEventsBridge />
      <CartAnimation />
    </AppShell>
  );
}
