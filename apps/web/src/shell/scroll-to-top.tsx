import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a #section link waits for its target, which may render after the page's data loads. */
const HASH_WAIT_MS = 4000;

/**
 * Every route change starts at the top of the page (issue 23: phone checkout opened scrolled
 * half-way down, because the window kept the previous page's scroll). Only a new path scrolls:
 * a changed query string (filters, search) keeps the buyer where they are. A link to a section
 * (`/distributor/12#upload-order-guide`, issue 31's "Upload order guide") scrolls to it once it shows.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = window.setTimeout(() => stop(), HASH_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
  return null;
}
