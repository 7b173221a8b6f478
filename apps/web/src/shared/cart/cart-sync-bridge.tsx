import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushCartChanges, hasUnsavedCartChanges, registerCartQueryClient } from './cart-sync';
import { useCartQuery } from './use-cart';

/**
 * Connects the cart queue to the app: it hands over the query client, saves waiting changes when
 * the page is hidden or closed, and logs a failed cart load (only logged, doc 1 §8).
 */
export function CartSyncBridge() {
  const queryClient = useQueryClient();
  const { error } = useCartQuery();

  useEffect(() => {
    registerCartQueryClient(queryClient);
  }, [queryClient]);

  useEffect(() => {
    if (error) console.error('Could not load the cart', error);
  }, [error]);

  useEffect(() => {
    const saveNow = () => {
      if (hasUnsavedCartChanges()) void flushCartChanges({ keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  return null;
}
