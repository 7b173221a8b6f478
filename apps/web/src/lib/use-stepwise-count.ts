import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to draw now: `first` at once, then `step` more a task until all are
 * drawn. A phone drew the inventory view's 18 expanded groups (3,100 elements) in one task of
 * half a second (Lighthouse TBT 0.6 s at 4× CPU slowdown); in steps, the first screen shows sooner
 * and a tap is answered between steps. Each step is a transition, so typing or a tap comes first.
 */
export function useStepwiseCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((shown) => shown + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
