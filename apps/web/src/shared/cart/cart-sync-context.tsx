import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { createCartSync, type CartSync, type CartSyncState } from './cart-sync';

const CartSyncContext = createContext<CartSync | null>(null);

/** Creates the app's cart queue with its query client (app/providers); unmounting stops its timers. */
export function CartSyncProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const cartSync = useMemo(() => createCartSync(queryClient), [queryClient]);
  useEffect(() => () => cartSync.dispose(), [cartSync]);
  return <CartSyncContext.Provider value={cartSync}>{children}</CartSyncContext.Provider>;
}

/** The app's cart queue: ask for quantities, save now, send a special request. */
export function useCartSync(): CartSync {
  const cartSync = useContext(CartSyncContext);
  if (!cartSync) throw new Error('useCartSync needs a CartSyncProvider (app/providers)');
  return cartSync;
}

/** A piece of the queue's state (pending quantities, the animation, the simultaneous-shopping lines). */
export function useCartSyncState<T>(selector: (state: CartSyncState) => T): T {
  return useStore(useCartSync().store, selector);
}
