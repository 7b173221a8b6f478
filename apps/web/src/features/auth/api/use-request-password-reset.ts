import { useMutation } from '@tanstack/react-query';
import type { RequestPasswordResetRequest } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST users/request-password-reset (doc 3 §7). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RequestPasswordResetRequest) => api.post<{ message: string }>('users/request-password-reset', body),
  });
}
