import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../lib/live-event-listeners';
import { useCartSync } from './cart-sync-context';
import { useCartQuery } from './use-cart';

/**
 * Connects the cart queue to the page: it saves waiting changes when the page is hidden or closed,
 * logs a failed cart load (only logged, doc 1 §8), and reads the cart again on a live event.
 */
export function CartSyncBridge() {
  const cartSync = useCartSync();
  const { error } = useCartQuery();

  useEffect(() => {
    if (error) console.error('Could not load the cart', error);
  }, [error]);

  // Someone else's save (another person, or this person's phone) arrives as a newer version: read
  // the cart again, after this tab's own queued saves (issue 40 "Live cart").
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === 'cart') void cartSync.refreshCartIfBehind(event.version);
      }),
    [cartSync],
  );

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
