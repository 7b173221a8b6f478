import { useMutation } from '@tanstack/react-query';
import type { SignedInUser, UnlockSignInRequest } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST authenticate/unlock: the token of the mailed unlock link signs in and lifts the lock (issue 33, defect 6). */
export function useUnlockSignIn() {
  return useMutation({
    mutationFn: (body: UnlockSignInRequest) => api.post<SignedInUser>('authenticate/unlock', body),
  });
}
