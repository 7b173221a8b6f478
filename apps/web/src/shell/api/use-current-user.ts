import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shouldFetchCurrentUser, type CurrentUser } from '@stockpot/domain';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { queryKeys } from '../../lib/query-keys';

/** Refreshes the stored user on start for signed-in members (doc 3 §4 "Session"); failures are only logged (doc 3 §8). */
export function useCurrentUserSync(): void {
  const authKey = useSession((s) => s.authKey);
  const currentRole = useSession((s) => s.currentRole);
  const applyCurrentUser = useSession((s) => s.applyCurrentUser);
  const query = useQuery({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => api.get<CurrentUser>('users/current-user', { signal }),
    enabled: shouldFetchCurrentUser({ authKey, currentRole }),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (query.data) applyCurrentUser(query.data);
  }, [query.data, applyCurrentUser]);

  useEffect(() => {
    if (query.error) console.error('Could not load the current user', query.error);
  }, [query.error]);
}
