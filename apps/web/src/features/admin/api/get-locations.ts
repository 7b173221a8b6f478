import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLocation } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET locations/all with a nickname filter (doc 3 §7): the location picker's matches. */
export function useAdminLocations(search: string) {
  return useQuery({
    queryKey: queryKeys.admin.locations(search),
    queryFn: ({ signal }) =>
      api.getPage<AdminLocation>('locations/all', {
        signal,
        isBackground: true,
        query: search ? { filters: JSON.stringify([{ field: 'nickname', operator: 'like', value: search }]) } : {},
      }),
    placeholderData: keepPreviousData,
  });
}
