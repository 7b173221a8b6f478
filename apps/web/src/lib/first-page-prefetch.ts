/**
 * The place-order list's first page, asked for by public/first-page.js while the app's JavaScript
 * still downloads (issue 13). The app's first GET items takes it when it asks for exactly the same
 * URL with the same key; any other GET items discards it, so a later read never gets an old answer.
 */
export interface FirstPagePrefetch {
  url: string;
  authKey: string;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __stockpotFirstPage?: FirstPagePrefetch;
  }
}

/** Older than this, the answer may no longer be what the list would show. */
export const FIRST_PAGE_MAX_AGE_MS = 30_000;

function pathOf(url: string): string {
  return url.split('?')[0];
}

/** The prefetched answer for this GET, once; null when there is none or it does not fit. */
export function takeFirstPagePrefetch(url: string, authKey: string | null): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const prefetch = window.__stockpotFirstPage;
  if (!prefetch || pathOf(prefetch.url) !== pathOf(url)) return null;
  delete window.__stockpotFirstPage;
  const isFresh = Date.now() - prefetch.startedAt <= FIRST_PAGE_MAX_AGE_MS;
  return isFresh && prefetch.url === url && prefetch.authKey === authKey ? prefetch.response : null;
}
