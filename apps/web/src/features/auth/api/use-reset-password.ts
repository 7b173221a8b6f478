import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST users/reset-password: the token as a query parameter, the passwords in the body (doc 3 §7). */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, ...body }: ResetPasswordBody & { token: string }) =>
      api.post<{ message: string }>('users/reset-password', body, { query: { token } }),
  });
}
