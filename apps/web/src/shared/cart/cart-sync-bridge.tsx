import { useEffect } from 'react';
import { useCartSync } from './cart-sync-context';
import { useCartQuery } from './use-cart';

/**
 * Connects the cart queue to the page: it saves waiting changes when the page is hidden or closed,
 * and logs a failed cart load (only logged, doc 1 §8).
 */
export function CartSyncBridge() {
  const cartSync = useCartSync();
  const { error } = useCartQuery();

  useEffect(() => {
    if (error) console.error('Could not load the cart', error);
  }, [error]);

  useEffect(() => {
    const saveNow = () => {
      if (cartSync.hasUnsavedCartChanges()) void cartSync.flushCartChanges({ keepalive: true });
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
  }, [cartSync]);

  return null;
}
