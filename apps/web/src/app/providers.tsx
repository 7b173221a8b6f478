import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { CartSyncProvider } from '../shared/cart/cart-sync-context';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Short confirmations (a reorder, a recipe copied); bottom right, so the header's cart stays in view. */}
      <Notifications position="bottom-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <CartSyncProvider queryClient={queryClient}>{children}</CartSyncProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
