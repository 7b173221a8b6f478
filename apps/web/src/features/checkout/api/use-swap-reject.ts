import { useMutation } from '@tanstack/react-query';
import type { SwapRejectRequest, SwapResponse } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useRefreshAfterSwap } from './refresh-after-swap';

/** POST /items/swap-reject: reject a match, or cancel a reject (doc 1 §4 "Savings", §7). */
export function useSwapReject() {
  const refresh = useRefreshAfterSwap();
  return useMutation({
    mutationFn: (body: SwapRejectRequest) => api.post<SwapResponse>('items/swap-reject', body),
    onSettled: refresh,
  });
}
