import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle: work the first screen does not
 * need (the toasts' host) then stays out of the first paint's way on a slow
 * phone (issue 38, Lighthouse mobile). Returns a cancel function.
 */
function runAfterLoad(task: () => void): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const whenIdle = () => {
    const run = () => !cancelled && task();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 0);
      cancelWait = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelWait();
  };
}

/** False until the page has loaded and the browser is idle (runAfterLoad), then true. */
export function useAfterLoad(): boolean {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => runAfterLoad(() => setIsLoaded(true)), []);
  return isLoaded;
}
