import { useEffect, useRef } from 'react';

/**
 * Infinite scroll on the window: calls `loadMore` when the page bottom comes within `thresholdPx`
 * while `canLoad` holds (a next page, none loading), on scroll and resize and once the content
 * changed (a short first page must still fill the screen).
 */
export function useLoadNearBottom(thresholdPx: number, canLoad: boolean, loadMore: () => void, contentKey: unknown): void {
  const load = useRef(loadMore);
  useEffect(() => {
    load.current = loadMore;
  });
  useEffect(() => {
    if (!canLoad) return;
    const check = () => {
      const distance = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      if (distance <= thresholdPx) load.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [thresholdPx, canLoad, contentKey]);
}
