import { useMutation } from '@tanstack/react-query';
import type { AuthenticateRequest, SignedInUser } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** The company every sign-in names (doc 3 §9 "company id '1'"). */
export const COMPANY_ID = '1';
/** Identifies this client to POST authenticate; not a credential (see docs/decisions.md). */
export const AUTH_CLIENT_SECRET: string = import.meta.env.VITE_AUTH_CLIENT_SECRET ?? 'stockpot-web';

/** POST authenticate (doc 3 §7). */
export function useAuthenticate() {
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      api.post<SignedInUser>('authenticate', {
        email,
        password,
        company_id: COMPANY_ID,
        secret: AUTH_CLIENT_SECRET,
      } satisfies AuthenticateRequest),
  });
}
