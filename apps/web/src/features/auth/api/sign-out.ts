import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getAuthKey, useSession } from '../../../lib/session-store';
import { clearStorage } from '../../../lib/storage';

// Leaving must not hang on a slow or unreachable server.
const LOGOUT_TIMEOUT_MS = 5000;

/** Revokes the session on the server when there is one, then forgets everything locally (doc 3 §2.2, §4 "Session"). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getAuthKey()) {
    try {
      await api.post('users/logout', undefined, {
        skipUnauthorizedHandler: true,
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      });
    } catch {
      // Already revoked, expired or offline: the local sign-out below is what matters to the user.
    }
  }
  clearStorage();
  useSession.getState().reset();
  queryClient.clear();
}
