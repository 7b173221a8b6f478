import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAfterLoad } from '../lib/after-load';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { CartSyncProvider } from '../shared/cart/cart-sync-context';
import { cssVariablesResolver, theme } from './theme';

// The toasts' host is its own chunk (issue 38: with react-transition-group and react-remove-scroll it
// weighed about 10 KB gzip on the first route). A toast shown before it arrives waits in
// @mantine/notifications' store, which the host reads when it mounts. It mounts once the page has
// loaded: on a phone its download would otherwise compete with the first page's own chunks.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

// Its own component: when the state lived in Providers, mounting the host re-rendered
// MantineProvider and with it every Mantine component on the page, just after the first screen.
function LateNotifications() {
  const isLoaded = useAfterLoad();
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" zIndex={1000} />
    </Suspense>
  );
}

export function Providers({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Short confirmations (a reorder, a recipe copied); bottom right, so the header's cart stays in view. */}
      <LateNotifications />
      <QueryClientProvider client={queryClient}>
        <CartSyncProvider queryClient={queryClient}>{children}</CartSyncProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
