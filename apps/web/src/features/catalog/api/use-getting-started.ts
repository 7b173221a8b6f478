import { useQuery } from '@tanstack/react-query';
import type { GettingStarted } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** GET getting-started: the first-run facts and "Get started" checklist of the active location (issue 31). */
export function useGettingStarted() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.gettingStarted(locationId),
    queryFn: ({ signal }) => api.get<GettingStarted>('getting-started', { signal }),
    // Read fresh whenever the empty list shows: the buyer may just have uploaded a guide elsewhere.
    staleTime: 0,
  });
}
