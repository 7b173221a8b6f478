import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useStepwiseCount } from './use-stepwise-count';

describe('useStepwiseCount', () => {
  it('draws the first rows at once, then the rest in steps until all are drawn', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useStepwiseCount(20, 6, 5);
      seen.push(count);
      return count;
    });
    expect(seen[0]).toBe(6);
    await waitFor(() => expect(result.current).toBe(20));
    // 6, 11, 16, then 20 (not 21): every step shown, none past the total.
    expect([...new Set(seen)]).toEqual([6, 11, 16, 20]);
  });

  it('draws everything at once when there are no more rows than the first step', () => {
    const { result } = renderHook(() => useStepwiseCount(4, 6, 5));
    expect(result.current).toBe(4);
  });

  it('goes on stepping when more rows arrive (the next page)', async () => {
    const { result, rerender } = renderHook(({ total }) => useStepwiseCount(total, 6, 6), { initialProps: { total: 6 } });
    expect(result.current).toBe(6);
    rerender({ total: 30 });
    expect(result.current).toBe(6);
    await waitFor(() => expect(result.current).toBe(30));
  });
});
