import { useMutation } from '@tanstack/react-query';
import type { MerchantLoginRequest, SignedInUser } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST users/merchant-login (doc 3 §7): the answer is stored as the signed-in user. */
export function useMerchantLogin() {
  return useMutation({
    mutationFn: (body: MerchantLoginRequest) => api.post<SignedInUser>('users/merchant-login', body),
  });
}
