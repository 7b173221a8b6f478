import { useQuery } from '@tanstack/react-query';
import type { ListItem } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';

/** A match of GET items/matches/{id} (doc 1 §3 "Savings match"): a list item with what it saves and why. */
export type ItemMatch = Omit<ListItem, 'matchType'> & {
  matchType: 'ExactMatch' | 'SavingsOption';
  normalisedUnitPrice: number;
  normalisedUnit: string;
  reasons: string[];
};

export interface ItemMatches {
  itemDistributorId: number;
  matches: ItemMatch[];
}

export function useItemMatches(itemDistributorId: number) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useQuery({
    queryKey: queryKeys.items.matches(locationId, itemDistributorId),
    queryFn: ({ signal }) => api.get<ItemMatches>(`items/matches/${itemDistributorId}`, { signal }),
  });
}
