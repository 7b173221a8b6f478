import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '@stockpot/domain';

export const DESKTOP_MEDIA_QUERY = `(min-width: ${MOBILE_MAX_WIDTH + 1}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
}

/**
 * Desktop (wider than 768px) or phone. Read synchronously on the first render, unlike Mantine's
 * useMediaQuery default, so the route guard never sees a phone for a moment on a desktop and
 * redirects away from a desktop-only page such as /accounting.
 */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
