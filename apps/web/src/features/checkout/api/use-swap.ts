import { useMutation } from '@tanstack/react-query';
import type { SwapRequest, SwapResponse } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useRefreshAfterSwap } from './refresh-after-swap';

/** POST /items/swap: swap a line to a match, or swap back (doc 1 §4 "Savings", §7). */
export function useSwap() {
  const refresh = useRefreshAfterSwap();
  return useMutation({
    mutationFn: (body: SwapRequest) => api.post<SwapResponse>('items/swap', body),
    onSettled: refresh,
  });
}
