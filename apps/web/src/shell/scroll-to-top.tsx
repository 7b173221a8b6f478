import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page (issue 23: phone checkout opened scrolled
 * half-way down, because the window kept the previous page's scroll). Only a new path scrolls:
 * a changed query string (filters, search) keeps the buyer where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
