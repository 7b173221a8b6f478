import { useEffect, useRef } from 'react';
import { shouldLoadMore } from '@stockpot/domain';

/**
 * Loads the next page when the page bottom comes within 600 px (doc 1 §9), also when the rows do not fill the screen.
 * `loadMore` is read through a ref: callers pass an inline arrow, which must not re-subscribe the listeners each render.
 */
export function useLoadMoreOnScroll(canLoadMore: boolean, isFetching: boolean, loadMore: () => void, rowCount: number) {
  const load = useRef(loadMore);
  useEffect(() => {
    load.current = loadMore;
  });
  useEffect(() => {
    const check = () => {
      const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (shouldLoadMore(distance, canLoadMore, isFetching)) load.current();
    };
    // At the next frame, not now: the effect runs just after React changed the page, and reading its
    // height here laid the page out an extra time inside the same task (issue 38, the list on a phone).
    const frame = window.requestAnimationFrame(check);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoadMore, isFetching, rowCount]);
}
