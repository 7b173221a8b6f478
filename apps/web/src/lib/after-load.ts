import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle: work the first screen does not
 * need (the toasts' host, the service worker) then stays out of the first paint's way on a slow
 * phone (issue 38, Lighthouse mobile). Returns a cancel function.
 */
export function runAfterLoad(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 2000 });
    else idleHandle = window.setTimeout(() => !cancelled && task(), 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
  };
}

/** False until the page has loaded and the browser is idle (runAfterLoad), then true. */
export function useAfterLoad(): boolean {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => runAfterLoad(() => setIsLoaded(true)), []);
  return isLoaded;
}
