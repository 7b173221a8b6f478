import { useQuery } from '@tanstack/react-query';
import type { LinkedItems } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

/** Whether the answer says the item left its generic group (409 removed_from_group, doc 1 §8). */
export const isRemovedFromGroup = (error: unknown): boolean => isApiError(error) && error.code === 'removed_from_group';

/** GET items/{id}/linked-items (doc 1 §7 "Item-distributor groups for linked items"), read fresh each time the modal opens. */
export function useLinkedItems(itemDistributorId: number) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.items.linked(locationId, itemDistributorId),
    queryFn: ({ signal }) => api.get<LinkedItems>(`items/${itemDistributorId}/linked-items`, { signal }),
    staleTime: 0,
    gcTime: 0,
    // A removed link is an answer, not a failure worth asking again.
    retry: (count, error) => !isRemovedFromGroup(error) && count < 2,
  });
}
