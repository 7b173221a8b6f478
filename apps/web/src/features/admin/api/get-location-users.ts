import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET locations/users/{id} (doc 3 §7): the user picker's list once a location is chosen. */
export function useLocationUsers(locationId: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.locationUsers(locationId ?? 0),
    queryFn: ({ signal }) => api.get<AdminUser[]>(`locations/users/${locationId}`, { signal, isBackground: true }),
    enabled: locationId !== null,
  });
}
