import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest, SignUpResponse } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST sign-up with the sign-up payload (doc 3 §7); a failure carries the server's message. */
export function useSignUp() {
  return useMutation({
    mutationFn: (payload: SignUpRequest) => api.post<SignUpResponse>('sign-up', payload, { skipUnauthorizedHandler: true }),
  });
}
